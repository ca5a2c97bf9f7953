import request from 'supertest';
import { connectAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import {
  capabilitiesOf,
  NETWORK_FIXTURES,
  publishableContainer,
  publishAttemptsOf,
  requiredPostOptions,
} from '../support/network-cases';
import { TESTED_NETWORKS, TestedNetwork } from '../support/networks';
import { createPost, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { lanesIdle, until } from '../support/until';

const TENANT = 'tenant-faults';

/** What the emulator's control API answers for /published: its own record. */
type Published = PublishedItem;

interface DeliveryRow {
  status: string;
  attempts: number;
  rate_limit_waits: number;
  error_code: string | null;
  error_message: string | null;
  next_attempt_at: Date | null;
}

/**
 * The publishing faults of issue 4 on each network, against the built-in emulator: a rate limit
 * the network asks us to wait out (Graph usage headers, X's reset time, Instagram's publishing
 * quota, or Graph's default when the network names no time), then success; and a token the
 * network stops accepting in the middle of a publish. The cases every network has run over every
 * installed network (what each answers is its fixture in test/support/network-cases). Every test
 * has its own emulator user (Page, Instagram account, X and Threads profiles), so its faults and
 * posts touch no other.
 */
describe('Publishing faults on each network (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;

  // JSON's content type only with a body: the emulator refuses an empty JSON body (a DELETE would fail).
  const emulator = (path: string, init?: RequestInit) =>
    fetch(`${t.baseUrl}/emulator/control${path}`, {
      ...init,
      headers: { ...(init?.body ? { 'Content-Type': 'application/json' } : {}), ...init?.headers },
    });
  const publishedBy = async (network: string, networkAccountId: string): Promise<Published[]> =>
    (
      (await (await emulator(`/published?network=${network}&accountId=${networkAccountId}`)).json()) as {
        data: Published[];
      }
    ).data;
  const addFault = async (fault: Record<string, unknown>) => {
    const answer = await emulator('/faults', { method: 'POST', body: JSON.stringify(fault) });
    expect(answer.status).toBe(201);
  };
  const faultsLeft = async (networkAccountId: string) =>
    ((await (await emulator('/faults')).json()) as { data: Array<{ accountId?: string }> }).data.filter(
      (fault) => fault.accountId === networkAccountId,
    );
  const delivery = async (id: string): Promise<DeliveryRow> =>
    (
      await t.db.query<DeliveryRow>(
        'SELECT status, attempts, rate_limit_waits, error_code, error_message, next_attempt_at FROM deliveries WHERE id = $1',
        [id],
      )
    )[0]!;
  const jobOf = async (deliveryId: string) =>
    (
      await t.db.query<{ run_at: Date }>(
        'SELECT due_at AS run_at FROM deliveries WHERE id = $1 AND due_at IS NOT NULL',
        [deliveryId],
      )
    )[0];
  const post = (accountId: string, containers: unknown[], options: Record<string, unknown> = {}) =>
    createPost(t, customer, { tenant_id: TENANT, accounts: [accountId], containers, options });
  /** One post of `content` the network publishes (with an image where it needs media). */
  const postOn = async (network: TestedNetwork, accountId: string, content: string) =>
    post(
      accountId,
      [publishableContainer(await capabilitiesOf(t, customer.apiKey, network), content, () => media.url('photo.jpg'))],
      requiredPostOptions(network),
    );

  /** A new emulator user (a Page linked to an Instagram account, X and Threads profiles), connected on one network. */
  const ownAccount = (network: TestedNetwork) => connectAccount(t, customer, network, TENANT, { freshUser: true });

  /** Polls the delivery until the predicate holds (or fails the test after the time runs out). */
  async function deliveryWhen(
    id: string,
    holds: (row: DeliveryRow) => boolean,
    timeoutMs = 20_000,
  ): Promise<DeliveryRow> {
    let last: DeliveryRow | undefined;
    return until(
      () => `delivery ${id} to reach the expected state; it is ${JSON.stringify(last)}`,
      async () => {
        last = await delivery(id);
        return holds(last) && last;
      },
      timeoutMs,
      100,
    );
  }

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    customer = await t.createCustomer();
  });
  afterAll(async () => {
    await t?.close();
    await media?.close();
  });
  afterEach(async () => {
    expect((await emulator('/faults', { method: 'DELETE' })).status).toBe(200);
    await emulator('/settings', {
      method: 'PUT',
      body: JSON.stringify({ enforceRateLimits: false, instagramQuotaTotal: 50 }),
    });
  });

  /**
   * After the limited attempt: the delivery waits (pending, `code`, one wait counted), its job
   * runs no earlier than `earliest` and no later than `latest`, and nothing reached the network.
   * Once the worker has looked for due work again, it has still not been tried again.
   */
  async function expectWaiting(
    deliveryId: string,
    earliest: number,
    latest: number,
    network: string,
    networkAccountId: string,
    postsBefore = 0,
    code = 'rate_limited',
  ): Promise<void> {
    const waiting = await deliveryWhen(deliveryId, (row) => row.status === 'pending' && row.error_code === code);
    expect(waiting).toEqual(expect.objectContaining({ attempts: 1, rate_limit_waits: 1 }));
    const job = await jobOf(deliveryId);
    expect(job!.run_at.getTime()).toBeGreaterThanOrEqual(earliest);
    expect(job!.run_at.getTime()).toBeLessThanOrEqual(latest);
    expect(waiting.next_attempt_at!.getTime()).toBe(job!.run_at.getTime());
    // The worker has looked for due work since: it waits, and makes no call before its time.
    await lanesIdle(t.app);
    expect(await delivery(deliveryId)).toEqual(expect.objectContaining({ status: 'pending', attempts: 1 }));
    expect((await publishedBy(network, networkAccountId)).filter((item) => !item.parentId)).toHaveLength(postsBefore);
  }

  /**
   * The wait itself is skipped, not slept through: Graph states it in whole minutes (so at least one),
   * Instagram's quota in a day. With the retry time checked by expectWaiting, the job is brought
   * forward to now, as the passing of that time would, and must then publish.
   */
  async function waitIsOver(deliveryId: string): Promise<void> {
    await t.db.query('UPDATE deliveries SET due_at = now() WHERE id = $1', [deliveryId]);
  }

  describe('rate limit, then success', () => {
    it.each(TESTED_NETWORKS)(
      "%s: waits as long as the network says (or Graph's default when it names no time), then publishes once",
      async (network) => {
        const { message, retryAfterMs, roundingMs } = NETWORK_FIXTURES[network].faults.rateLimit;
        const account = await ownAccount(network);
        const before = Date.now();
        // Access comes back in 3 minutes: Graph's error (Page code 32, Instagram code 80002) carries
        // X-App-Usage at 100 % and X-Business-Use-Case-Usage with estimated_time_to_regain_access: 3;
        // X's 429, x-rate-limit-reset. Threads' code 17 names no time.
        await addFault({
          network,
          accountId: account.networkAccountId,
          fault: 'rate_limited',
          count: 1,
          resetInSeconds: 180,
        });
        const content = `Over the limit on ${network}, then posted`;
        const accepted = await postOn(network, account.id, content);
        expect(accepted.status).toBe(202);
        const deliveryId: string = accepted.body.data.deliveries[0].id;

        const limited = await deliveryWhen(deliveryId, (row) => row.error_code === 'rate_limited');
        const after = Date.now();
        expect(limited.error_message).toMatch(message);
        // The fault was spent on the attempt: the network did answer with the limit.
        expect(await faultsLeft(account.networkAccountId)).toEqual([]);
        // The time the network named (to its whole unit), plus at most 5 s of jitter; not the
        // 60-minute window of X-App-Usage, nor (where a time was named) the 15-minute default.
        await expectWaiting(
          deliveryId,
          before + retryAfterMs,
          after + retryAfterMs + roundingMs + 5_000,
          network,
          account.networkAccountId,
        );

        await waitIsOver(deliveryId);
        const settled = await settledPost(t, customer, accepted.body.data.id, 30_000);
        expect(settled.status).toBe('published');
        const [published] = settled.deliveries;
        // One attempt refused by the limit, then the network's attempts of a post that goes through.
        expect(published).toEqual(
          expect.objectContaining({ status: 'published', attempts: 1 + publishAttemptsOf(network), error: null }),
        );
        expect(new Date(published!.publishedAt!).getTime()).toBeGreaterThan(after);
        const onNetwork = (await publishedBy(network, account.networkAccountId)).filter((item) => !item.parentId);
        expect(onNetwork.map((item) => item.postId)).toEqual([published!.platformPostId]);
        expect(onNetwork[0]!.text).toBe(content);
        expect((await delivery(deliveryId)).rate_limit_waits).toBe(1);
      },
    );

    it('instagram: the content publishing limit (subcode 2207042) is waited out until a post leaves the 24-hour window, then the post publishes once', async () => {
      const account = await ownAccount('instagram');
      const first = await post(account.id, [{ content: 'Uses up the quota', media: [{ url: media.url('one.jpg') }] }]);
      expect((await settledPost(t, customer, first.body.data.id)).status).toBe('published');
      const [counted] = await publishedBy('instagram', account.networkAccountId);
      // One post a day, and it is used: media_publish answers code 9, subcode 2207042, with no usage headers.
      await emulator('/settings', {
        method: 'PUT',
        body: JSON.stringify({ enforceRateLimits: true, instagramQuotaTotal: 1 }),
      });

      const accepted = await post(account.id, [
        { content: 'Over the daily quota, then posted', media: [{ url: media.url('two.jpg') }] },
      ]);
      const deliveryId: string = accepted.body.data.deliveries[0].id;
      // content_publishing_limit says 1 of 1 in 86400 s: one more fits once the counted post is a day old
      // (Instagram's media timestamps are to the second), plus 1 to 5 s of jitter.
      const leavesWindowAt = Math.floor(Date.parse(counted!.publishedAt) / 1000) * 1000 + 24 * 3_600_000;
      await expectWaiting(
        deliveryId,
        leavesWindowAt + 1_000,
        leavesWindowAt + 6_000,
        'instagram',
        account.networkAccountId,
        1,
      );

      // A day later the quota is free again (here: the quota is raised), and the wait is over.
      await emulator('/settings', { method: 'PUT', body: JSON.stringify({ instagramQuotaTotal: 50 }) });
      await waitIsOver(deliveryId);
      const settled = await settledPost(t, customer, accepted.body.data.id, 30_000);
      expect(settled.status).toBe('published');
      expect(settled.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2, error: null }));
      const onNetwork = (await publishedBy('instagram', account.networkAccountId)).filter((item) => !item.parentId);
      expect(onNetwork.map((item) => item.postId)).toEqual([counted!.postId, settled.deliveries[0]!.platformPostId]);
      expect(onNetwork[1]!.text).toBe('Over the daily quota, then posted');
    });
  });

  describe("X's usage cap (429 UsageCapExceeded while the rate-limit window has room)", () => {
    it('x: a used-up daily cap waits for the next UTC day as usage_capped, not for the 15-minute window, then publishes once', async () => {
      const account = await ownAccount('x');
      await addFault({
        network: 'x',
        accountId: account.networkAccountId,
        fault: 'usage_capped',
        period: 'Daily',
        count: 1,
      });
      const accepted = await post(account.id, [{ content: 'Over the daily cap, then posted' }]);
      expect(accepted.status).toBe(202);
      const deliveryId: string = accepted.body.data.deliveries[0].id;

      const capped = await deliveryWhen(deliveryId, (row) => row.error_code === 'usage_capped');
      expect(capped.error_message).toBe('Usage cap exceeded: Daily product cap (HTTP 429)');
      const today = new Date();
      const nextDay = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
      // The start of the next UTC day, plus 1 to 5 s of jitter.
      await expectWaiting(
        deliveryId,
        nextDay + 1_000,
        nextDay + 5_000,
        'x',
        account.networkAccountId,
        0,
        'usage_capped',
      );

      await waitIsOver(deliveryId);
      const settled = await settledPost(t, customer, accepted.body.data.id, 30_000);
      expect(settled.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2, error: null }));
      const onNetwork = await publishedBy('x', account.networkAccountId);
      expect(onNetwork.map((item) => item.text)).toEqual(['Over the daily cap, then posted']);
    });

    it('x: a used-up monthly cap waits for the next UTC month when that is within 48 hours, else fails as usage_capped', async () => {
      const account = await ownAccount('x');
      await addFault({ network: 'x', accountId: account.networkAccountId, fault: 'usage_capped', count: 1 });
      const accepted = await post(account.id, [{ content: 'Over the monthly cap' }]);
      const deliveryId: string = accepted.body.data.deliveries[0].id;
      const capped = await deliveryWhen(deliveryId, (row) => row.error_code === 'usage_capped');
      const now = new Date();
      const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
      if (nextMonth - now.getTime() > 47 * 3_600_000) {
        const failed = await deliveryWhen(deliveryId, (row) => row.status === 'failed');
        expect(failed).toEqual(expect.objectContaining({ error_code: 'usage_capped', attempts: 1 }));
        expect(failed.error_message).toBe('Usage cap exceeded: Monthly product cap (HTTP 429)');
      } else {
        expect(capped.status).toBe('pending');
        expect(capped.next_attempt_at!.getTime()).toBeGreaterThanOrEqual(nextMonth);
      }
      expect(await publishedBy('x', account.networkAccountId)).toEqual([]);
    });
  });

  describe("Meta's wait-and-retry codes", () => {
    it('facebook: code 341 (application limit reached) is waited out as a rate limit, then the post publishes once', async () => {
      const account = await ownAccount('facebook');
      await addFault({ network: 'facebook', accountId: account.networkAccountId, fault: 'app_limit', count: 1 });
      const before = Date.now();
      const accepted = await post(account.id, [{ content: 'Over the app limit, then posted' }]);
      const deliveryId: string = accepted.body.data.deliveries[0].id;
      const limited = await deliveryWhen(deliveryId, (row) => row.error_code === 'rate_limited');
      expect(limited.error_message).toContain('(Graph code 341)');
      // No usage headers came with it: the default 15 minutes, plus at most 5 s of jitter.
      await expectWaiting(
        deliveryId,
        before + 15 * 60_000,
        Date.now() + 15 * 60_000 + 5_000,
        'facebook',
        account.networkAccountId,
      );
      await waitIsOver(deliveryId);
      const settled = await settledPost(t, customer, accepted.body.data.id, 30_000);
      expect(settled.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2 }));
      expect((await publishedBy('facebook', account.networkAccountId)).filter((item) => !item.parentId)).toHaveLength(
        1,
      );
    });

    it('facebook: code 368 (temporarily blocked for policy violations) is retried later, not failed at once', async () => {
      const account = await ownAccount('facebook');
      await addFault({ network: 'facebook', accountId: account.networkAccountId, fault: 'policy_block', count: 1 });
      const accepted = await post(account.id, [{ content: 'Blocked for a while, then posted' }]);
      const deliveryId: string = accepted.body.data.deliveries[0].id;
      const blocked = await deliveryWhen(deliveryId, (row) => row.error_code === 'network_unavailable');
      // Waiting like any transient failure: still `publishing`, its next attempt looking on Facebook first.
      expect(blocked).toEqual(expect.objectContaining({ status: 'publishing', attempts: 1, rate_limit_waits: 0 }));
      expect(blocked.error_message).toContain('(Graph code 368)');
      await waitIsOver(deliveryId);
      const settled = await settledPost(t, customer, accepted.body.data.id, 30_000);
      expect(settled.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2 }));
    });

    it('instagram: an unknown upload error (subcode 2207053) is retried with a new container, and the post publishes once', async () => {
      const account = await ownAccount('instagram');
      await addFault({ network: 'instagram', accountId: account.networkAccountId, fault: 'upload_error', count: 1 });
      const accepted = await post(account.id, [
        { content: 'Upload failed once, then posted', media: [{ url: media.url('photo.jpg') }] },
      ]);
      const deliveryId: string = accepted.body.data.deliveries[0].id;
      const failedOnce = await deliveryWhen(deliveryId, (row) => row.error_code === 'network_unavailable');
      expect(failedOnce.error_message).toContain('subcode 2207053');
      // The emulator failed that container for good, as Instagram says: only a new one can publish.
      await waitIsOver(deliveryId);
      const settled = await settledPost(t, customer, accepted.body.data.id, 30_000);
      expect(settled.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2 }));
      const onNetwork = (await publishedBy('instagram', account.networkAccountId)).filter((item) => !item.parentId);
      expect(onNetwork.map((item) => item.postId)).toEqual([settled.deliveries[0]!.platformPostId]);
    });
  });

  describe('token expired during publish', () => {
    /** What a network refusing the token mid-publish must lead to, on any network. */
    async function expectExpiredDuringPublish(
      network: TestedNetwork,
      account: { id: string; networkAccountId: string },
      postId: string,
    ): Promise<Array<{ data: Record<string, unknown> }>> {
      const settled = await settledPost(t, customer, postId);
      expect(settled.status).toBe('failed');
      expect(settled.deliveries[0]).toEqual(
        expect.objectContaining({
          status: 'failed',
          platformPostId: null,
          error: { code: 'token_expired', message: expect.any(String) },
        }),
      );
      const listed = await request(t.server)
        .get(`/api/v1/social-accounts?tenantId=${TENANT}`)
        .set('Authorization', `Bearer ${customer.apiKey}`);
      expect(listed.body.data.find((a: { id: string }) => a.id === account.id).status).toBe('expired');
      const expired = await t.db.query<{ data: Record<string, unknown> }>(
        "SELECT data FROM events WHERE type = 'account.token_expired' AND data->>'connectedAccountId' = $1",
        [account.id],
      );
      expect(expired).toEqual([
        {
          data: expect.objectContaining({
            connectedAccountId: account.id,
            platform: network,
            reason: expect.any(String),
          }),
        },
      ]);
      const failed = await t.db.query(
        "SELECT data FROM events WHERE type = 'post.failed' AND data->>'servicePostId' = $1",
        [postId],
      );
      expect(failed).toEqual([
        { data: expect.objectContaining({ errorCode: 'token_expired', connectedAccountId: account.id }) },
      ]);
      expect(await publishedBy(network, account.networkAccountId)).toEqual([]);
      expect(await faultsLeft(account.networkAccountId)).toEqual([]);
      // Later posts to the account are refused until it is reconnected.
      const refused = await postOn(network, account.id, 'Again');
      expect(refused.status).toBe(422);
      expect(refused.body.error.details[0].message).toContain('account_expired');
      return expired;
    }

    it.each(TESTED_NETWORKS)(
      "%s: a token the network refuses on the publishing call itself expires the account and fails the delivery with token_expired, the network's answer kept as the reason",
      async (network) => {
        const account = await ownAccount(network);
        const tokensOf = async () =>
          (
            await t.db.query<{ access_token_encrypted: string; token_expires_at: Date | null }>(
              'SELECT access_token_encrypted, token_expires_at FROM connected_accounts WHERE id = $1',
              [account.id],
            )
          )[0]!;
        const tokensBefore = await tokensOf();
        // Far from expiry (or never expiring), so the publish does not refresh first: the
        // publishing call itself is refused (on X, not the token endpoint's answer to a refresh).
        // Half an hour: Google's tokens live one hour, refreshed in their last ten minutes.
        expect(tokensBefore.token_expires_at?.getTime() ?? Infinity).toBeGreaterThan(Date.now() + 30 * 60_000);
        await addFault({ network, accountId: account.networkAccountId, fault: 'token_expired', count: 1 });
        const accepted = await postOn(network, account.id, `Never on ${network}`);
        expect(accepted.status).toBe(202);
        const [event] = await expectExpiredDuringPublish(network, account, accepted.body.data.id);
        // Graph's 190 (session expired, subcode 463); X's 401 problem ("Unauthorized").
        expect(event!.data.reason).toMatch(NETWORK_FIXTURES[network].faults.expiredReason);
        expect(await tokensOf()).toEqual(tokensBefore);
      },
    );

    it('facebook: Graph code 102 (API session no longer valid) expires the account and fails the delivery with token_expired', async () => {
      const account = await ownAccount('facebook');
      await addFault({ network: 'facebook', accountId: account.networkAccountId, fault: 'session_invalid', count: 1 });
      const accepted = await post(account.id, [{ content: 'Never on Facebook' }]);
      expect(accepted.status).toBe(202);
      const [event] = await expectExpiredDuringPublish('facebook', account, accepted.body.data.id);
      expect(event!.data.reason).toMatch(/Graph code 102/);
    });
  });
});
