import { randomBytes } from 'node:crypto';
import { SchedulerRegistry } from '@nestjs/schedule';
import request from 'supertest';
import { AccountsStore } from '../../src/accounts/accounts.store';
import { TokenVault } from '../../src/accounts/token-vault';
import { EMULATOR_APP } from '../../src/networks/network-settings';
import { RefreshAccountTokenTask } from '../../src/token-lifecycle/refresh-account-token.task';
import { PeriodicScheduler } from '../../src/scheduling/periodic-scheduler';
import { TOKEN_SCAN } from '../../src/scheduling/periodic-tasks';
import { TokenScan } from '../../src/token-lifecycle/token-scan';
import { connectAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { capturingLogger } from '../support/log-capture';
import { createPost, settledPost } from '../support/posts';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const TENANT = 'tenant-tokens';
const X_BASIC = `Basic ${Buffer.from(`${EMULATOR_APP.clientId}:${EMULATOR_APP.clientSecret}`).toString('base64')}`;

type Network = 'facebook' | 'instagram' | 'x';

describe('Token lifecycle: the scheduled scan and the refresh task (against the emulator)', () => {
  // Both instances of the two-instance test must open each other's tokens.
  const encryptionKey = randomBytes(32).toString('base64');
  const logs = capturingLogger();
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let scan: TokenScan;
  let userCount = 0;

  const emulator = (path: string, body?: unknown) =>
    fetch(`${t.baseUrl}/emulator/control${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** A test user of its own on the network, so that what a test does to its login touches no other test. */
  async function newUser(network: Network): Promise<string> {
    const id = `tokens-${network}-${++userCount}`;
    const handle = id.replace(/-/g, '_');
    const profile =
      network === 'facebook' ? { pages: [{ name: `Page of ${id}` }] } : { [network]: { username: handle } };
    const created = await emulator('/users', { id, name: id, ...profile });
    if (created.status !== 201) throw new Error(`The emulator refused the test user: ${await created.text()}`);
    return id;
  }

  const connect = (network: Network, emulatorUser: string) =>
    connectAccount(t, customer, network, TENANT, { emulatorUser });

  const expiresIn = (accountId: string, interval: string) =>
    t.db.query('UPDATE connected_accounts SET token_expires_at = now() + $2::interval WHERE id = $1', [
      accountId,
      interval,
    ]);

  async function tokensOf(accountId: string) {
    const stored = (await t.app.get(AccountsStore).findById(customer.id, accountId))!;
    return {
      status: stored.status,
      tokens: t.app.get(TokenVault).open(stored.id, stored, stored.tokenExpiresAt)!,
      expiresAt: stored.tokenExpiresAt,
    };
  }

  const tokenExpiredEvents = (accountId: string) =>
    t.db.query<{ data: Record<string, unknown> }>(
      "SELECT data FROM events WHERE type = 'account.token_expired' AND data->>'connectedAccountId' = $1",
      [accountId],
    );

  /** Waits until the refresh jobs of these accounts have run (graphile-worker deletes a job once it succeeded). */
  async function refreshesDone(accountIds: string[]): Promise<void> {
    const keys = accountIds.map((id) => `refresh:${id}`);
    await until(
      'the refresh jobs to finish',
      async () =>
        (
          await t.db.query<{ key: string; last_error: string | null }>(
            'SELECT key, last_error FROM graphile_worker.jobs WHERE key = ANY($1)',
            [keys],
          )
        ).length === 0,
      30_000,
      200,
    );
  }

  /** Presents a refresh token to the emulator's X token endpoint, as anyone holding it could. */
  const useXRefreshToken = (refreshToken: string) =>
    fetch(`${t.baseUrl}/emulator/x/api/2/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: X_BASIC, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    });

  /** Revokes the account's X grant at the emulator, as the user removing the app would: its refresh token stops working. */
  async function revokeXGrant(accountId: string): Promise<void> {
    const { tokens } = await tokensOf(accountId);
    await fetch(`${t.baseUrl}/emulator/x/api/2/oauth2/revoke`, {
      method: 'POST',
      headers: { Authorization: X_BASIC, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refreshToken!, token_type_hint: 'refresh_token' }).toString(),
    });
  }

  const refreshLogLines = (text: string, accountId: string) =>
    text
      .split('\n')
      .filter((line) => line.includes('Refreshed the account token'))
      .map((line) => JSON.parse(line) as { accountId?: string })
      .filter((line) => line.accountId === accountId).length;

  beforeAll(async () => {
    t = await startEmulatedApp({ logger: logs.logger, env: { ENCRYPTION_KEY: encryptionKey } });
    // The tests run the scan themselves; a cron tick in the middle would make "skipped" ambiguous.
    t.app.get(SchedulerRegistry).getCronJob(TOKEN_SCAN.name).stop();
    customer = await t.createCustomer();
    scan = t.app.get(TokenScan);
  });
  afterAll(() => t.close());

  it('refreshes an X token within 15 minutes of expiry, persisting the rotated refresh token encrypted', async () => {
    const due = await connect('x', await newUser('x'));
    const notYet = await connect('x', await newUser('x'));
    const before = await tokensOf(due.id);
    await expiresIn(due.id, '10 minutes');
    await expiresIn(notYet.id, '20 minutes');

    const result = await scan.scanOnce();
    expect(result.ran).toBe(true);
    expect(result.ran && result.enqueued).toContain(due.id);
    expect(result.ran && result.enqueued).not.toContain(notYet.id);
    await refreshesDone([due.id]);

    const after = await tokensOf(due.id);
    expect(after.status).toBe('active');
    expect(after.tokens.accessToken).not.toBe(before.tokens.accessToken);
    expect(after.tokens.refreshToken).toEqual(expect.any(String));
    expect(after.tokens.refreshToken).not.toBe(before.tokens.refreshToken);
    expect(after.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    // Stored encrypted: the column holds neither the new token nor the old one in the clear.
    const [row] = await t.db.query<{ refresh_token_encrypted: string }>(
      'SELECT refresh_token_encrypted FROM connected_accounts WHERE id = $1',
      [due.id],
    );
    expect(row!.refresh_token_encrypted).not.toContain(after.tokens.refreshToken!);
    expect(row!.refresh_token_encrypted).not.toContain(before.tokens.refreshToken!);
    // X refresh tokens are single-use: the old one is refused now, the stored one is the live one.
    expect((await useXRefreshToken(before.tokens.refreshToken!)).status).toBe(400);
    expect(await tokenExpiredEvents(due.id)).toHaveLength(0);
    expect(await tokensOf(notYet.id)).toEqual(expect.objectContaining({ status: 'active' }));
    expect((await useXRefreshToken(after.tokens.refreshToken!)).status).toBe(200);
  });

  it('refreshes an Instagram token within 7 days of expiry with ig_refresh_token', async () => {
    const due = await connect('instagram', await newUser('instagram'));
    const notYet = await connect('instagram', await newUser('instagram'));
    // Instagram refreshes a long-lived token only once it is a day old.
    await emulator('/age-tokens', { network: 'instagram', seconds: 25 * 3600 });
    const before = await tokensOf(due.id);
    await expiresIn(due.id, '3 days');
    await expiresIn(notYet.id, '8 days');

    const result = await scan.scanOnce();
    expect(result.ran && result.enqueued).toContain(due.id);
    expect(result.ran && result.enqueued).not.toContain(notYet.id);
    await refreshesDone([due.id]);

    const after = await tokensOf(due.id);
    expect(after.status).toBe('active');
    expect(after.tokens.accessToken).not.toBe(before.tokens.accessToken);
    expect(after.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 86_400_000);
    expect(await tokenExpiredEvents(due.id)).toHaveLength(0);
  });

  it('a Facebook token about to expire (no refresh grant) is announced once within 3 days of its end, expires the account once when it ends; its posts fail; reconnecting revives it', async () => {
    const user = await newUser('facebook');
    const account = await connect('facebook', user);
    const expiringEvents = async () =>
      (
        await t.db.query<{ data: Record<string, unknown> }>(
          "SELECT data FROM events WHERE type = 'account.token_expiring' AND data->>'connectedAccountId' = $1",
          [account.id],
        )
      ).map((row) => row.data);

    // Due for refresh (7 days ahead) but not yet within 3 days of its end: nothing to say yet.
    await expiresIn(account.id, '5 days');
    expect(await scan.scanOnce()).toEqual(expect.objectContaining({ enqueued: expect.arrayContaining([account.id]) }));
    await refreshesDone([account.id]);
    expect((await tokensOf(account.id)).status).toBe('active');
    expect(await expiringEvents()).toEqual([]);

    // Within 3 days: announced once, however many scans; the account still publishes with it.
    await expiresIn(account.id, '2 days');
    for (let scanNumber = 0; scanNumber < 2; scanNumber += 1) {
      await scan.scanOnce();
      await refreshesDone([account.id]);
    }
    expect((await tokensOf(account.id)).status).toBe('active');
    expect(await expiringEvents()).toEqual([
      {
        connectedAccountId: account.id,
        platform: 'facebook',
        username: account.username,
        expiresAt: expect.any(String),
        reason: expect.stringContaining('cannot be refreshed'),
      },
    ]);
    expect(await tokenExpiredEvents(account.id)).toEqual([]);
    const stillPublishing = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'Before the end' }],
    });
    expect((await settledPost(t, customer, stillPublishing.body.data.id)).status).toBe('published');

    // Accepted while the account is active, published after it expired.
    const scheduledAt = new Date(Date.now() + 5_000).toISOString();
    const waiting = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'Too late' }],
      scheduledAt,
    });
    expect(waiting.status).toBe(202);
    // Its end has come: the next scan expires the account.
    await expiresIn(account.id, '-1 minutes');
    expect(await scan.scanOnce()).toEqual(expect.objectContaining({ enqueued: expect.arrayContaining([account.id]) }));
    await refreshesDone([account.id]);
    expect((await tokensOf(account.id)).status).toBe('expired');
    expect(await tokenExpiredEvents(account.id)).toEqual([
      {
        data: {
          connectedAccountId: account.id,
          platform: 'facebook',
          username: account.username,
          reason: expect.stringContaining('cannot be refreshed'),
        },
      },
    ]);

    // Scanning again finds nothing to do for it: still exactly one event.
    expect(await scan.scanOnce()).toEqual({ ran: true, enqueued: expect.not.arrayContaining([account.id]) });
    expect(await tokenExpiredEvents(account.id)).toHaveLength(1);

    const settled = await settledPost(t, customer, waiting.body.data.id);
    expect(settled.deliveries[0]!.error?.code).toBe('account_expired');
    const refused = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'Again' }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details[0].message).toContain('account_expired');

    const reconnected = await connect('facebook', user);
    expect(reconnected.id).toBe(account.id);
    const listed = await request(t.server)
      .get(`/api/v1/social-accounts?tenantId=${TENANT}`)
      .set('Authorization', `Bearer ${customer.apiKey}`);
    expect(listed.body.data.find((a: { id: string }) => a.id === account.id).status).toBe('active');
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'Back again' }],
    });
    expect(accepted.status).toBe(202);
  });

  it('a refresh the network refuses expires the account and sends account.token_expired exactly once, however often it is retried', async () => {
    const account = await connect('x', await newUser('x'));
    await revokeXGrant(account.id);
    await expiresIn(account.id, '5 minutes');

    await scan.scanOnce();
    await refreshesDone([account.id]);
    expect((await tokensOf(account.id)).status).toBe('expired');
    const events = await tokenExpiredEvents(account.id);
    expect(events).toEqual([
      {
        data: expect.objectContaining({
          connectedAccountId: account.id,
          platform: 'x',
          reason: expect.stringContaining('refused'),
        }),
      },
    ]);

    expect(await scan.scanOnce()).toEqual({ ran: true, enqueued: expect.not.arrayContaining([account.id]) });
    await t.app.get(RefreshAccountTokenTask).run({ accountId: account.id });
    expect(await tokenExpiredEvents(account.id)).toHaveLength(1);
  });

  it('two refreshes refused at the same moment record one event', async () => {
    const account = await connect('x', await newUser('x'));
    await revokeXGrant(account.id);
    await expiresIn(account.id, '5 minutes');
    const task = t.app.get(RefreshAccountTokenTask);
    await Promise.all([task.run({ accountId: account.id }), task.run({ accountId: account.id })]);
    expect(await tokenExpiredEvents(account.id)).toHaveLength(1);
  });

  it('skips the scan while another instance holds the scan lock', async () => {
    await t.db.query('SELECT pg_advisory_lock($1)', [TOKEN_SCAN.lock]);
    try {
      expect(await scan.scanOnce()).toEqual({ ran: false });
    } finally {
      await t.db.query('SELECT pg_advisory_unlock($1)', [TOKEN_SCAN.lock]);
    }
    expect((await scan.scanOnce()).ran).toBe(true);
  });

  it('two instances scanning one database at once refresh each account once', async () => {
    const otherLogs = capturingLogger();
    // A second instance on the same database, with the same key, talking to the same emulator.
    const other = await startTestApp({
      databaseUrl: t.db.url,
      logger: otherLogs.logger,
      env: { ENCRYPTION_KEY: encryptionKey, PUBLIC_URL: t.baseUrl, NETWORK_EMULATOR: 'on' },
    });
    try {
      other.app.get(SchedulerRegistry).getCronJob(TOKEN_SCAN.name).stop();
      const accounts = [];
      for (let i = 0; i < 3; i += 1) accounts.push(await connect('x', await newUser('x')));
      for (const account of accounts) await expiresIn(account.id, '10 minutes');
      const before = await Promise.all(accounts.map((account) => tokensOf(account.id)));

      const results = await Promise.all([
        scan.scanOnce(),
        other.app.get(TokenScan).scanOnce(),
        scan.scanOnce(),
        other.app.get(TokenScan).scanOnce(),
      ]);
      expect(results.some((result) => result.ran)).toBe(true);
      await refreshesDone(accounts.map((account) => account.id));

      for (const [index, account] of accounts.entries()) {
        const refreshes = refreshLogLines(logs.text(), account.id) + refreshLogLines(otherLogs.text(), account.id);
        expect({ account: account.id, refreshes }).toEqual({ account: account.id, refreshes: 1 });
        const after = await tokensOf(account.id);
        expect(after.status).toBe('active');
        expect(after.tokens.refreshToken).not.toBe(before[index]!.tokens.refreshToken);
        // Had a second refresh used the rotated token, this one would have been rotated away too.
        expect((await useXRefreshToken(after.tokens.refreshToken!)).status).toBe(200);
      }
    } finally {
      await other.close();
    }
  });

  it("two instances' crons in one round: one claims the round and scans, the other skips it, also when it ticks after that scan committed", async () => {
    const other = await startTestApp({
      databaseUrl: t.db.url,
      logger: capturingLogger().logger,
      env: { ENCRYPTION_KEY: encryptionKey, PUBLIC_URL: t.baseUrl, NETWORK_EMULATOR: 'on' },
    });
    const scans = [jest.spyOn(scan, 'scanOnce'), jest.spyOn(other.app.get(TokenScan), 'scanOnce')];
    const scansSoFar = () => scans.map((spy) => spy.mock.calls.length);
    const ticks = [t.app.get(PeriodicScheduler), other.app.get(PeriodicScheduler)].map((scheduler) => ({
      run: () => scheduler.tick(TOKEN_SCAN),
    }));
    const nextRound = () => t.db.query("UPDATE scan_rounds SET started_at = started_at - interval '3 minutes'");
    try {
      other.app.get(SchedulerRegistry).getCronJob(TOKEN_SCAN.name).stop();
      const account = await connect('x', await newUser('x'));
      await expiresIn(account.id, '10 minutes');

      await nextRound(); // whatever round a cron of either app took before it was stopped is over
      await Promise.all(ticks.map((schedule) => schedule.run()));
      expect(scansSoFar()[0]! + scansSoFar()[1]!).toBe(1);
      await refreshesDone([account.id]);

      // The failure a drill caught: the second instance's tick came just after the first's scan
      // had committed, found nothing locked, and scanned (and queued) the same round again.
      await nextRound();
      await expiresIn(account.id, '10 minutes');
      const [first, second] = scansSoFar();
      await ticks[0]!.run();
      await ticks[1]!.run();
      expect(scansSoFar()).toEqual([first! + 1, second]);
      await refreshesDone([account.id]);

      // Half an interval later the round is over: whichever instance ticks first scans.
      await nextRound();
      await ticks[1]!.run();
      expect(scansSoFar()).toEqual([first! + 1, second! + 1]);
    } finally {
      for (const spy of scans) spy.mockRestore();
      await other.close();
    }
  });
});
