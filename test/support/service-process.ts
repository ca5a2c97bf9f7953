import { ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { until } from './until';

const ROOT = join(__dirname, '..', '..');

/** Builds dist/ as `npm start` does (`npm run build`), so the drills and benchmarks run what users run. */
export async function buildService(): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    { cwd: ROOT },
  );
}

/**
 * For e2e tests that start the built service or CLI: dist/ is built once per run, by the e2e global
 * set-up (global-setup.ts), before any test file loads; a test file never builds it, since other
 * Jest workers are loading services from it at the same moment. Fails, saying why, when it is missing.
 */
export function assertServiceBuilt(): void {
  const missing = ['main.js', join('cli', 'main.js')]
    .map((file) => join(ROOT, 'dist', 'src', file))
    .filter((path) => !existsSync(path));
  if (missing.length > 0)
    throw new Error(
      `dist/ is not built (${missing.join(', ')} missing): the e2e global set-up builds it; run the test through Jest's e2e project (npm test, npm run test:e2e or npx jest)`,
    );
}

/**
 * The environment of a child service: ours, minus whatever would point it at the test database,
 * and no `.env` file read (ENV_FILE empty): a developer's own settings must not leak into tests.
 */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_ADMIN_URL;
  delete env.ENCRYPTION_KEY;
  return { ...env, ENV_FILE: '', ...overrides };
}

export interface ServiceProcess {
  child: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Kills the process at once (SIGKILL), as a crash or an OOM kill would. */
  kill(): Promise<void>;
  /** Resolves when the output contains the text. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
}

/**
 * The Node options package.json's start script gives the service (`node [options] dist/src/main.js`),
 * read from there so that every process a test, drill or bench starts runs as `npm start` runs it.
 */
export function startScriptNodeOptions(): string[] {
  const start =
    (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
      .start ?? '';
  const match = /^node((?: --\S+)*) dist\/src\/main\.js$/.exec(start);
  if (!match) throw new Error(`package.json's start script is not "node [--options] dist/src/main.js": ${start}`);
  return match[1]!.split(' ').filter(Boolean);
}

/** Starts the built service as `npm start` runs it after building (its Node options, then dist/src/main.js). */
export function startServiceProcess(env: NodeJS.ProcessEnv, nodeArgs: string[] = []): ServiceProcess {
  const child = spawn(process.execPath, [...startScriptNodeOptions(), ...nodeArgs, 'dist/src/main.js'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    waitFor: async (text, timeoutMs = 60_000) => {
      await until(
        () => `the process to say "${text}":\n${output}`,
        () => {
          if (child.exitCode !== null && !output.includes(text))
            throw new Error(`The process exited before saying "${text}":\n${output}`);
          return output.includes(text);
        },
        timeoutMs,
        100,
      );
    },
  };
}

/** Resolves once the service answers /health with 200; fails at once, with its output, if it exits. */
export async function untilHealthy(baseUrl: string, service: ServiceProcess, timeoutMs = 90_000): Promise<void> {
  await until(
    () => `the service to become healthy:\n${service.output()}`,
    async () => {
      if (service.child.exitCode !== null) throw new Error(`The service exited early:\n${service.output()}`);
      return fetch(`${baseUrl}/health`).then(
        (response) => response.ok,
        () => false,
      );
    },
    timeoutMs,
    300,
  );
}

/** Runs the built operator CLI (`node dist/src/cli/main.js`) and returns its standard output. */
export async function runCliProcess(env: NodeJS.ProcessEnv, ...argv: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['dist/src/cli/main.js', ...argv], { cwd: ROOT, env });
  return stdout;
}

export interface CliOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built CLI as an operator would, whatever the outcome: its exit code and both outputs.
 * `input` is written to its standard input, which is left open unless `endInput` (a terminal, or a
 * pipe from a program still running, does not end either).
 */
export function runCli(
  env: NodeJS.ProcessEnv,
  argv: string[],
  options: { cwd?: string; input?: string; endInput?: boolean } = {},
): Promise<CliOutcome> {
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'src', 'cli', 'main.js'), ...argv], {
    cwd: options.cwd ?? ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (options.input !== undefined) child.stdin.write(options.input);
  if (options.endInput ?? options.input === undefined) child.stdin.end();
  return new Promise((resolve) =>
    child.on('close', (code) => {
      child.stdin.destroy();
      resolve({ code, stdout, stderr });
    }),
  );
}
