import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
// The YAML parser @nestjs/swagger already brings along (no dependency of our own for one test).
import { load, YAML11_SCHEMA } from 'js-yaml';
import { loadConfig } from '../../src/config/load-config';
import { freePort } from '../support/free-port';
import { KNOWN_SETTINGS } from '../support/known-settings';
import { startScriptNodeOptions } from '../support/service-process';
import { startTestApp, TestApp } from '../support/test-app';

const ROOT = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number>;
  healthcheck?: { test: string[] | string };
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}
// Compose reads `<<:` merge keys, which js-yaml keeps to its YAML 1.1 schema.
const compose = load(read('docker-compose.yml'), { schema: YAML11_SCHEMA }) as {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
};

/** `${NAME:-default}` → default; `${NAME:?message}` (must be set) → what an operator would set. */
function interpolate(value: string, required: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind?: string, text?: string) => {
    if (kind === '-') return text ?? '';
    if (!(name in required)) throw new Error(`docker-compose.yml needs ${name}, which this test does not provide`);
    return required[name]!;
  });
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
const instructions = read('Dockerfile')
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const runtimeStage = instructions.slice(instructions.findLastIndex((line) => line.startsWith('FROM ')));
const execForm = (line: string) => JSON.parse(line.slice(line.indexOf('['))) as string[];

describe('Deployment files (Dockerfile, docker-compose.yml)', () => {
  describe('docker-compose.yml', () => {
    const serviceEnvironments = Object.entries(compose.services).filter(([, service]) => service.build);
    const operatorSets = { ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };

    it('runs the API and a worker from the image, and PostgreSQL 17 with a health check and a volume', () => {
      expect(serviceEnvironments.map(([name, service]) => [name, service.environment?.ROLE])).toEqual([
        ['api', 'api'],
        ['worker', 'worker'],
      ]);
      const postgres = compose.services.postgres!;
      expect(postgres.image).toBe('postgres:17');
      expect(JSON.stringify(postgres.healthcheck?.test)).toContain('pg_isready');
      const [volume] = postgres.volumes ?? [];
      expect(volume).toMatch(/^[\w-]+:\/var\/lib\/postgresql\/data$/);
      expect(compose.volumes).toHaveProperty(volume!.split(':')[0]!);
      for (const [, service] of serviceEnvironments)
        expect(service.depends_on?.postgres?.condition).toBe('service_healthy');
    });

    it.each(['api', 'worker'])('%s: every variable set is a setting the service knows', (name) => {
      const unknown = Object.keys(compose.services[name]!.environment ?? {}).filter(
        (variable) => !KNOWN_SETTINGS.has(variable),
      );
      expect(unknown).toEqual([]);
    });

    it.each(['api', 'worker'])(
      '%s: the settings given are valid and complete for production (the service would start)',
      (name) => {
        const environment = Object.fromEntries(
          Object.entries(compose.services[name]!.environment ?? {}).map(([variable, value]) => [
            variable,
            interpolate(String(value), operatorSets),
          ]),
        );
        const config = loadConfig(environment);
        expect(config).toMatchObject({ nodeEnv: 'production', role: name });
        expect(config.database.url).toMatch(/@postgres:5432\//);
        expect(config.encryption.active).toBeDefined();
        // The image's health check asks a worker on HEALTH_PORT: without it there would be nothing to ask.
        if (name === 'worker') expect(config.healthPort).toBeDefined();
      },
    );

    it('refuses to start without ENCRYPTION_KEY rather than run production without one', () => {
      expect(() => interpolate(String(compose.services.api!.environment!.ENCRYPTION_KEY), {})).toThrow(
        /ENCRYPTION_KEY/,
      );
    });
  });

  describe('Dockerfile', () => {
    it('builds on node:20-slim in two stages and runs as an unprivileged user', () => {
      const stages = instructions.filter((line) => line.startsWith('FROM '));
      expect(stages).toEqual(['FROM node:20-slim AS build', 'FROM node:20-slim AS runtime']);
      const users = runtimeStage.filter((line) => line.startsWith('USER '));
      expect(users).toEqual(['USER node']);
      expect(runtimeStage.some((line) => /npm prune --omit=dev|npm ci --omit=dev/.test(line))).toBe(false);
      expect(instructions.some((line) => line.includes('npm prune --omit=dev'))).toBe(true);
    });

    it("starts the service as package.json's start script does, from a file the build produces", () => {
      const cmd = execForm(runtimeStage.find((line) => line.startsWith('CMD '))!);
      expect(cmd).toEqual(['node', ...startScriptNodeOptions(), 'dist/src/main.js']);
      expect(existsSync(join(ROOT, 'src', 'main.ts'))).toBe(true);
      const bin = (JSON.parse(read('package.json')) as { bin: Record<string, string> }).bin;
      for (const path of Object.values(bin))
        expect(existsSync(join(ROOT, path.replace(/^dist\//, '').replace(/\.js$/, '.ts')))).toBe(true);
    });

    it('copies only files that exist and that .dockerignore lets through', () => {
      const ignored = read('.dockerignore')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#'));
      const copied = instructions
        .filter((line) => line.startsWith('COPY ') && !line.includes('--from='))
        .flatMap((line) => line.split(/\s+/).slice(1, -1));
      expect(copied.length).toBeGreaterThan(3);
      for (const path of copied) {
        expect(existsSync(join(ROOT, path))).toBe(true);
        expect(ignored).not.toContain(path.split('/')[0]);
      }
    });

    describe('its health check', () => {
      let t: TestApp;
      let port: number;
      const healthcheck = runtimeStage.find((line) => line.startsWith('HEALTHCHECK '))!;
      const [command, ...args] = execForm(healthcheck.slice(healthcheck.indexOf(' CMD ')));
      const probe = (env: Record<string, string>) =>
        promisify(execFile)(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH, ...env } }).then(
          () => 0,
          (error: { code?: number }) => error.code ?? -1,
        );

      beforeAll(async () => {
        t = await startTestApp();
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        port = (t.app.getHttpServer().address() as { port: number }).port;
      });
      afterAll(() => t.close());

      it('runs node on a script the image copies, which is healthy exactly when /health/live answers', async () => {
        expect(command).toBe('node');
        expect(runtimeStage).toContain(`COPY ${args[0]} ./${args[0]}`);
        expect(await probe({ PORT: String(port) })).toBe(0);
        expect(await probe({ ROLE: 'worker', HEALTH_PORT: String(port) })).toBe(0);
        expect(await probe({ PORT: String(await freePort()) })).toBe(1);
        expect(await probe({ ROLE: 'worker' })).toBe(1);
      });
    });
  });
});
