import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/free-port';
import { assertServiceBuilt, childEnv, startServiceProcess, untilHealthy } from '../support/service-process';

const asRoot = process.getuid?.() === 0;
if (!asRoot) {
  // The case only exists under root (PostgreSQL then runs as the `postgres` user); say so rather than pass silently.
  process.stderr.write('first-run-private-folder: skipped, only meaningful when run as root\n');
}

/**
 * A newcomer working as root (a container, a fresh VM) with the clone in a private folder
 * (`mktemp -d`, mode 0700): the embedded PostgreSQL runs as the `postgres` user, who cannot enter
 * that folder. The service must still start, keeping the data where that user can reach it.
 */
(asRoot ? describe : describe.skip)('First run as root in a private folder (real process, embedded PostgreSQL)', () => {
  const privateDir = mkdtempSync(join(tmpdir(), 'sps-private-'));
  let databaseDir: string | undefined;

  beforeAll(() => {
    chmodSync(privateDir, 0o700);
    assertServiceBuilt();
  });
  afterAll(() => {
    rmSync(privateDir, { recursive: true, force: true });
    if (databaseDir?.startsWith('/var/lib/social-publishing/')) rmSync(databaseDir, { recursive: true, force: true });
  });

  it('starts, answers /health, and says where the data is kept', async () => {
    const httpPort = await freePort();
    const baseUrl = `http://127.0.0.1:${httpPort}`;
    const service = startServiceProcess(
      childEnv({
        DATA_DIR: join(privateDir, '.data'),
        EMBEDDED_DATABASE_PORT: String(await freePort()),
        PORT: String(httpPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'info',
      }),
    );
    try {
      await untilHealthy(baseUrl, service);
      const said = /its data is kept in (\S+)"/.exec(service.output());
      expect(said).not.toBeNull();
      databaseDir = said![1]!;
      expect(databaseDir.startsWith(privateDir)).toBe(false);
      expect(existsSync(join(databaseDir, 'PG_VERSION'))).toBe(true);
      // Private to the postgres user, as initdb makes a data directory.
      expect(statSync(databaseDir).mode & 0o077).toBe(0);
    } finally {
      expect(await service.stop()).toBe(0);
    }
  }, 150_000);
});
