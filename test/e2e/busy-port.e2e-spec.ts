import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/free-port';
import { assertServiceBuilt, childEnv, startServiceProcess } from '../support/service-process';

function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * A newcomer whose port 3000 (or 54329) is already taken by another program: one line saying
 * which port and which setting moves it, exit code 1, no stack trace.
 */
describe('Start with a busy port (real processes)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'sps-busy-port-'));

  beforeAll(() => {
    // Reachable by the `postgres` user when run as root, so the data stays in here (and goes with it).
    chmodSync(scratch, 0o755);
    assertServiceBuilt();
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  async function startWith(httpPort: number, databasePort: number, dataDir: string) {
    const service = startServiceProcess(
      childEnv({
        DATA_DIR: join(scratch, dataDir),
        EMBEDDED_DATABASE_PORT: String(databasePort),
        PORT: String(httpPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
        LOG_LEVEL: 'warn',
      }),
    );
    const code = await new Promise<number | null>((resolve) => service.child.once('exit', resolve));
    const failure = service
      .output()
      .split('\n')
      .filter((line) => line && !line.startsWith('{'));
    return { code, failure, output: service.output() };
  }

  it('the HTTP port taken: one line naming the port and PORT, exit code 1', async () => {
    const httpPort = await freePort();
    const blocker = await occupy(httpPort);
    try {
      const { code, failure, output } = await startWith(httpPort, await freePort(), 'http');
      expect(code).toBe(1);
      expect(failure).toEqual([expect.stringMatching(new RegExp(`^Failed to start: .*port ${httpPort}.*\\bPORT\\b`))]);
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it('the embedded database port taken: one line naming the port and EMBEDDED_DATABASE_PORT, exit code 1', async () => {
    const databasePort = await freePort();
    const blocker = await occupy(databasePort);
    try {
      const { code, failure, output } = await startWith(await freePort(), databasePort, 'database');
      expect(code).toBe(1);
      expect(failure).toEqual([
        expect.stringMatching(new RegExp(`^Failed to start: .*port ${databasePort}.*EMBEDDED_DATABASE_PORT`)),
      ]);
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });
});
