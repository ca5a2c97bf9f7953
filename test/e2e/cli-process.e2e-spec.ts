import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { AddressInfo, createServer } from 'node:net';
import { verify } from '@node-rs/argon2';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../support/free-port';
import { assertServiceBuilt, childEnv, runCli, startServiceProcess } from '../support/service-process';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/** The built CLI run as a process, as an operator runs it: what it prints, and how it exits. */
describe('Operator CLI as a process', () => {
  let db: TestDatabase;
  let env: NodeJS.ProcessEnv;
  let closedPort: number;
  const scratch = mkdtempSync(join(tmpdir(), 'sps-cli-'));

  beforeAll(async () => {
    assertServiceBuilt();
    db = await createTestDatabase();
    closedPort = await freePort();
    env = childEnv({ DATABASE_URL: db.url, ENCRYPTION_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'warn' });
  }, 120_000);
  afterAll(async () => {
    await db.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** One line on stderr, no stack trace. */
  const oneLine = (stderr: string) => {
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toMatch(/\n\s+at /);
  };

  it('runs as `npx sps` once built (the package.json bin entry)', async () => {
    // dist/ is the e2e run's one build (global-setup.ts builds it as `npm run build` does, its
    // postbuild's chmod included); building it again here would change it under the other test files.
    const { stdout } = await promisify(execFile)('npm', ['exec', '--no', '--', 'sps', '--help'], {
      cwd: join(__dirname, '..', '..'),
      env: { ...env, npm_config_update_notifier: 'false' },
    });
    expect(stdout).toMatch(/^Usage: /);
    expect(stdout).toContain('npx sps <command>');
  });

  it('an unknown command or option, or a missing argument, is one line and exit code 2', async () => {
    const unknownCommand = await runCli(env, ['frobnicate', 'now']);
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toMatch(/^Error: Unknown command: frobnicate now/);
    oneLine(unknownCommand.stderr);

    // Told before the database is even tried: this one points at nothing.
    const unknownOption = await runCli({ ...env, DATABASE_URL: `postgres://127.0.0.1:${closedPort}/none` }, [
      'customers',
      'list',
      '--bogus',
    ]);
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toMatch(/^Error: Unknown option '--bogus'/);
    oneLine(unknownOption.stderr);

    const missing = await runCli(env, ['api-keys', 'create']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^Error: Missing --customer NAME/);
    oneLine(missing.stderr);
  });

  it('an unknown customer is one line and exit code 1', async () => {
    const outcome = await runCli(env, ['api-keys', 'create', '--customer', 'nobody-here']);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toBe('Error: Customer "nobody-here" not found\n');
  });

  it('an unreachable database is one line naming where, at once, without the password', async () => {
    const outcome = await runCli({ ...env, DATABASE_URL: `postgres://ops:hunter2@127.0.0.1:${closedPort}/app` }, [
      'customers',
      'list',
    ]);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(
      new RegExp(`^Error: Cannot reach the database at 127\\.0\\.0\\.1:${closedPort}/app \\(connection refused\\)`),
    );
    expect(outcome.stderr).not.toContain('hunter2');
    oneLine(outcome.stderr);
  });

  it('--password - reads the first line of a pipe and does not wait for the pipe to end', async () => {
    expect((await runCli(env, ['customers', 'create', 'piped'])).code).toBe(0);
    const outcome = await runCli(
      env,
      ['users', 'create', '--customer', 'piped', '--email', 'ops@piped.example', '--password', '-'],
      { input: 'a password with spaces\nthe next line is not read\n', endInput: false },
    );
    expect(outcome).toMatchObject({ code: 0, stderr: '' });
    expect(outcome.stdout).toMatch(/^Created dashboard user ops@piped\.example/);
    const [user] = await db.query<{ password_hash: string }>(
      "SELECT password_hash FROM dashboard_users WHERE email = 'ops@piped.example'",
    );
    expect(await verify(user!.password_hash, 'a password with spaces')).toBe(true);
  });

  it('reads .env from the working directory, and a variable set in the environment wins over it', async () => {
    const project = mkdtempSync(join(scratch, 'project-'));
    writeFileSync(join(project, '.env'), `DATABASE_URL=postgres://127.0.0.1:${closedPort}/from_env_file\n`);
    const { ENV_FILE: _disabled, DATABASE_URL: _url, ...withoutEnvFile } = env;

    const fromFile = await runCli(withoutEnvFile, ['customers', 'list'], { cwd: project });
    expect(fromFile.code).toBe(1);
    expect(fromFile.stderr).toContain(`127.0.0.1:${closedPort}/from_env_file`);

    const overridden = await runCli({ ...withoutEnvFile, DATABASE_URL: db.url }, ['customers', 'list'], {
      cwd: project,
    });
    expect(overridden).toMatchObject({ code: 0, stderr: '' });
    expect(overridden.stdout).toContain('piped');
  });

  it('an embedded database port taken by another program is one line saying which setting to change', async () => {
    chmodSync(scratch, 0o755);
    const dataDir = mkdtempSync(join(scratch, 'taken-'));
    chmodSync(dataDir, 0o755);
    const squatter = createServer((socket) => socket.on('error', () => undefined));
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const port = (squatter.address() as AddressInfo).port;
    try {
      const outcome = await runCli(childEnv({ DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: String(port) }), [
        'customers',
        'list',
      ]);
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toBe(
        `Error: The embedded PostgreSQL cannot listen on port ${port}: another program uses it. ` +
          'Set EMBEDDED_DATABASE_PORT to a free port, or DATABASE_URL to a server of your own.\n',
      );
    } finally {
      squatter.close();
    }
  }, 90_000);

  it('reaches the embedded PostgreSQL of the service running on the same DATA_DIR, whatever port it was given', async () => {
    const dataDir = mkdtempSync(join(scratch, 'data-'));
    chmodSync(scratch, 0o755);
    chmodSync(dataDir, 0o755);
    const httpPort = await freePort();
    const serviceEnv = childEnv({
      DATA_DIR: dataDir,
      EMBEDDED_DATABASE_PORT: String(await freePort()),
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    });
    const service = startServiceProcess(serviceEnv);
    try {
      await service.waitFor('Listening', 90_000);
      // The CLI is not told the service's port: it finds the running server from the data directory.
      const cliEnv = childEnv({ DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: String(await freePort()) });
      const created = await runCli(cliEnv, ['customers', 'create', 'beside-the-service']);
      expect(created).toMatchObject({ code: 0, stderr: '' });
      const key = (await runCli(cliEnv, ['api-keys', 'create', '--customer', 'beside-the-service'])).stdout
        .trim()
        .split('\n')
        .pop()!;
      const answer = await fetch(`http://127.0.0.1:${httpPort}/api/v1/social-accounts?tenantId=t`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(answer.status).toBe(200);
    } finally {
      expect(await service.stop()).toBe(0);
    }
  }, 150_000);
});
