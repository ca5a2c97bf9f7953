import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/free-port';
import { assertServiceBuilt, childEnv, ServiceProcess, startServiceProcess } from '../support/service-process';
import { until } from '../support/until';

const ROOT = join(__dirname, '..', '..');
const SECTION = '## Five minutes with the API';

/** The shell blocks of README's walkthrough, in order: the first starts the service, the rest are pasted into a second shell. */
function walkthroughBlocks(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(SECTION);
  if (start < 0) throw new Error(`README.md has no "${SECTION}" section`);
  const end = readme.indexOf('\n## ', start + SECTION.length);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

/** Runs a script in bash as the walkthrough's shell does (exit on the first failure). */
function runBash(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const shell = spawn('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  shell.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  shell.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => shell.once('close', (code) => resolve({ code, output })));
}

/**
 * README's five-minute walkthrough, pasted as a reader would: the service started as its first
 * block says, then every other block run in one bash shell, with only the ports changed (so that
 * tests can run side by side). It must connect an account, publish, and have the example receiver
 * verify the events.
 */
describe("README's walkthrough, pasted into a shell", () => {
  let service: ServiceProcess | undefined;

  afterAll(async () => {
    await service?.stop();
  });

  it('connects an emulated X profile, validates and publishes a post, and the receiver verifies the events', async () => {
    const blocks = walkthroughBlocks();
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    expect(blocks[0]!.trim()).toBe('ALLOW_PRIVATE_URLS=true npm start');

    assertServiceBuilt();
    const httpPort = await freePort();
    const receiverPort = await freePort();
    const baseUrl = `http://localhost:${httpPort}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'sps-walkthrough-'));
    chmodSync(dataDir, 0o755);
    const env = childEnv({
      DATA_DIR: dataDir,
      EMBEDDED_DATABASE_PORT: String(await freePort()),
      PORT: String(httpPort),
      PUBLIC_URL: baseUrl,
      ALLOW_PRIVATE_URLS: 'true',
    });
    service = startServiceProcess(env);
    await until(
      'the service to answer /health',
      async () => (await fetch(`${baseUrl}/health`).catch(() => undefined))?.ok === true,
      120_000,
    );

    const pasted = blocks.slice(1).join('\n');
    // The ports are set once, in variables a reader changes in one place.
    expect(pasted.match(/\b(3000|8080)\b/g)).toEqual(['3000', '8080']);
    expect(pasted).toMatch(/^SERVICE_PORT=3000\b/m);
    expect(pasted).toMatch(/^RECEIVER_PORT=8080\b/m);
    const script = pasted
      .replace(/^SERVICE_PORT=3000\b/m, `SERVICE_PORT=${httpPort}`)
      .replace(/^RECEIVER_PORT=8080\b/m, `RECEIVER_PORT=${receiverPort}`);
    const shell = spawn('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    shell.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    shell.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => shell.once('exit', resolve));
    try {
      expect({ exitCode, output }).toEqual({ exitCode: 0, output: expect.stringMatching(/connected acc_\w+/) });
      // The receiver keeps running in the background, as the README leaves it: it verified each event.
      await until('the receiver to handle post.completed', () => output.includes('"event":"post.completed"'), 60_000);
    } finally {
      // The receiver runs in the shell's process group.
      try {
        process.kill(-shell.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    for (const event of ['account.connected', 'post.published', 'post.completed']) {
      expect(output).toContain(`"event":"${event}"`);
    }
    expect(output).not.toContain('"outcome":"refused"');
    expect(output).toMatch(/"data":\{"valid":true/);

    // A step the API refuses: the README's helper prints the API's own error and fails, rather
    // than a Node stack trace and an empty variable.
    const helper = /^json\(\) \{[\s\S]*?"\$1"; \}$/m.exec(blocks.join('\n'))?.[0];
    expect(helper).toBeDefined();
    const refused = await runBash(
      `${helper}\nACCOUNT=$(curl -s ${baseUrl}/api/v1/social-accounts?tenantId=t -H "Authorization: Bearer sps_not_a_key" | json 'data[0].id')\necho "after: $ACCOUNT"`,
      env,
    );
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/^unauthorized: .+/m);
    expect(refused.output).not.toMatch(/\n\s+at /);
    expect(refused.output).not.toContain('after:');
  }, 300_000);
});
