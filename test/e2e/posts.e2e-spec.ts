import request from 'supertest';
import { AccountsStore } from '../../src/accounts/accounts.store';
import { TokenVault } from '../../src/accounts/token-vault';
import { EMULATOR_APP } from '../../src/networks/network-settings';
import { connectAccount, connectAccounts } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import { createPost, getPost, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { TESTED_NETWORKS } from '../support/networks';
import { lanesIdle, until } from '../support/until';

const TENANT = 'tenant-posts';

/** What the emulator's control API answers for /published: its own record. */
type Published = PublishedItem;

describe('Posts and the publishing pipeline (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  const accounts: Record<string, { id: string; networkAccountId: string }> = {};

  // JSON's content type only with a body: Fastify refuses an empty JSON body (a DELETE would fail).
  const emulator = (path: string, init?: RequestInit) =>
    fetch(`${t.baseUrl}/emulator/control${path}`, {
      ...init,
      headers: { ...(init?.body ? { 'Content-Type': 'application/json' } : {}), ...init?.headers },
    });
  const publishedOn = async (network: string): Promise<Published[]> =>
    ((await (await emulator(`/published?network=${network}`)).json()) as { data: Published[] }).data;

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({
      env: { ALLOW_PRIVATE_URLS: 'true', INSTAGRAM_VIDEO_POLL_MS: '1000', FACEBOOK_VIDEO_POLL_MS: '1000' },
    });
    customer = await t.createCustomer();
    for (const network of TESTED_NETWORKS) accounts[network] = await connectAccount(t, customer, network, TENANT);
    await emulator('/settings', { method: 'PUT', body: JSON.stringify({ xDuplicateDetection: false }) });
  });
  afterAll(async () => {
    await t.close();
    await media.close();
  });

  const post = (accountIds: string[], containers: unknown[], extra: Record<string, unknown> = {}) =>
    createPost(t, customer, { tenant_id: TENANT, accounts: accountIds, containers, ...extra });

  it.each([
    ['facebook', [{ content: 'Hello from the pipeline (facebook text)' }]],
    ['x', [{ content: 'Hello from the pipeline (x text)' }]],
    ['facebook', [{ content: 'One photo', media: [{ url: 'photo.jpg' }] }]],
    ['instagram', [{ content: 'An image on Instagram', media: [{ url: 'photo.jpg' }] }]],
    ['x', [{ content: 'An image on X', media: [{ url: 'photo.png' }] }]],
    [
      'facebook',
      [{ content: 'Several photos', media: [{ url: 'one.jpg' }, { url: 'two.jpg' }, { url: 'three.png' }] }],
    ],
    ['instagram', [{ content: 'A carousel', media: [{ url: 'one.jpg' }, { url: 'two.jpg' }, { url: 'three.jpg' }] }]],
    ['facebook', [{ content: 'A Page video, polled until processed', media: [{ url: 'clip.mp4' }] }]],
    [
      'facebook',
      [
        { content: 'A Page video with a thread', media: [{ url: 'clip.mov' }] },
        { content: 'A comment under the video' },
      ],
    ],
    ['instagram', [{ content: 'A reel, polled until processed', media: [{ url: 'clip.mp4' }] }]],
    ['x', [{ content: 'A video on X, chunked and polled', media: [{ url: 'clip.mp4' }] }]],
    ['x', [{ content: 'A GIF on X', media: [{ url: 'loop.gif' }] }]],
    [
      'facebook',
      [{ content: 'A Facebook post with a thread' }, { content: 'First comment' }, { content: 'Second comment' }],
    ],
    [
      'instagram',
      [
        { content: 'An Instagram post with a thread', media: [{ url: 'photo.jpg' }] },
        { content: 'A comment under it' },
      ],
    ],
  ] as const)('publishes to %s: %j', async (network, containers) => {
    const withUrls = containers.map((container) => ({
      ...container,
      media: 'media' in container ? container.media.map((medium) => ({ url: media.url(medium.url) })) : undefined,
    }));
    const accepted = await post([accounts[network]!.id], withUrls);
    expect(accepted.status).toBe(202);
    expect(accepted.body.data).toEqual({
      id: expect.stringMatching(/^pst_/),
      status: 'queued',
      tenantId: TENANT,
      scheduledAt: null,
      createdAt: expect.any(String),
      deliveries: [
        expect.objectContaining({
          id: expect.stringMatching(/^dlv_/),
          accountId: accounts[network]!.id,
          platform: network,
          status: 'pending',
        }),
      ],
    });

    const settled = await settledPost(t, customer, accepted.body.data.id, 60_000);
    expect(settled.status).toBe('published');
    const [delivery] = settled.deliveries;
    // A medium still processing is polled: every poll is one more attempt of the same delivery.
    expect(delivery).toEqual(
      expect.objectContaining({
        status: 'published',
        platformPostId: expect.any(String),
        error: null,
        publishedAt: expect.any(String),
      }),
    );
    // The emulator's own page of the post (the network's site has no such post), at PUBLIC_URL.
    expect(delivery!.permalink!.startsWith(`${t.baseUrl}/emulator/${network}/`)).toBe(true);
    expect((await fetch(delivery!.permalink!)).status).toBe(200);
    const onNetwork = (await publishedOn(network)).filter((item) => item.postId === delivery!.platformPostId);
    expect(onNetwork).toHaveLength(1);
    if (containers.length > 1) {
      const thread = (await publishedOn(network)).filter((item) =>
        containers.slice(1).some((part) => item.text === part.content),
      );
      expect(thread.map((item) => item.text)).toEqual(containers.slice(1).map((part) => part.content));
      // Comments sit under the post itself.
      expect(thread.map((item) => item.parentId)).toEqual(thread.map(() => delivery!.platformPostId));
    }

    const [event] = await t.db.query<{ type: string; data: Record<string, unknown> }>(
      "SELECT type, data FROM events WHERE type = 'post.published' AND data->>'deliveryId' = $1",
      [delivery!.id],
    );
    expect(event!.data).toEqual({
      servicePostId: settled.id,
      deliveryId: delivery!.id,
      connectedAccountId: accounts[network]!.id,
      platform: network,
      platformPostId: delivery!.platformPostId,
      permalink: delivery!.permalink,
    });
  });

  it('publishes one post to several accounts, one delivery each', async () => {
    const accepted = await post([accounts.facebook!.id, accounts.x!.id], [{ content: 'Everywhere at once' }]);
    const settled = await settledPost(t, customer, accepted.body.data.id);
    expect(settled.status).toBe('published');
    expect(settled.deliveries.map((delivery) => delivery.platform).sort()).toEqual(['facebook', 'x']);
  });

  it('publishes a thread on X as a chain of replies', async () => {
    const accepted = await post(
      [accounts.x!.id],
      [{ content: 'Thread 1/3' }, { content: 'Thread 2/3' }, { content: 'Thread 3/3' }],
    );
    const settled = await settledPost(t, customer, accepted.body.data.id);
    expect(settled.status).toBe('published');
    const thread = (await publishedOn('x')).filter((item) => item.text?.startsWith('Thread '));
    expect(thread.map((item) => item.text)).toEqual(['Thread 1/3', 'Thread 2/3', 'Thread 3/3']);
    // A chain: the post, then each part replying to the one before.
    expect(thread[0]!.postId).toBe(settled.deliveries[0]!.platformPostId);
    expect(thread.map((item) => item.replyToId)).toEqual([undefined, thread[0]!.postId, thread[1]!.postId]);
  });

  it('publishes a scheduled post at its time, not before', async () => {
    const scheduledAt = new Date(Date.now() + 4_000).toISOString();
    const accepted = await post([accounts.x!.id], [{ content: 'On the dot' }], { scheduledAt });
    expect(accepted.body.data.status).toBe('scheduled');
    // The worker has looked for due work since: not due yet, it was left alone.
    await lanesIdle(t.app);
    expect((await getPost(t, customer, accepted.body.data.id)).body.data.status).toBe('scheduled');
    const settled = await settledPost(t, customer, accepted.body.data.id, 20_000);
    expect(settled.status).toBe('published');
    expect(new Date(settled.deliveries[0]!.publishedAt!).getTime()).toBeGreaterThanOrEqual(
      new Date(scheduledAt).getTime(),
    );
  });

  it('reads scheduledAt at the UTC offset it gives, and answers in UTC', async () => {
    const instant = new Date(Date.now() + 2 * 60 * 60_000);
    const inKolkata = `${new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 23)}+05:30`;
    const accepted = await post([accounts.x!.id], [{ content: 'Half past, somewhere' }], { scheduledAt: inKolkata });
    expect(accepted.status).toBe(202);
    expect(accepted.body.data.scheduledAt).toBe(instant.toISOString());
    const [delivery] = await t.db.query<{ due_at: Date }>('SELECT due_at FROM deliveries WHERE id = $1', [
      accepted.body.data.deliveries[0].id,
    ]);
    expect(delivery!.due_at.getTime()).toBe(instant.getTime());
    await request(t.server)
      .delete(`/api/v1/posts/${accepted.body.data.id}`)
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .expect(200);
  });

  it('holds a scheduled post, and cancelling it means it is never published', async () => {
    const scheduledAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const accepted = await post([accounts.x!.id], [{ content: 'Later, maybe' }], { scheduledAt });
    expect(accepted.status).toBe(202);
    expect(accepted.body.data).toEqual(expect.objectContaining({ status: 'scheduled', scheduledAt }));
    expect(accepted.body.data.deliveries[0].status).toBe('scheduled');

    const canceled = await request(t.server)
      .delete(`/api/v1/posts/${accepted.body.data.id}`)
      .set('Authorization', `Bearer ${customer.apiKey}`);
    expect(canceled.status).toBe(200);
    expect(canceled.body.data.status).toBe('canceled');
    // No longer due: no worker will ever claim it.
    const [delivery] = await t.db.query<{ due_at: Date | null }>('SELECT due_at FROM deliveries WHERE id = $1', [
      accepted.body.data.deliveries[0].id,
    ]);
    expect(delivery!.due_at).toBeNull();
  });

  describe('idempotency', () => {
    const body = () => ({ tenant_id: TENANT, accounts: [accounts.x!.id], containers: [{ content: 'Exactly once' }] });

    it('the same key and body returns the first answer and creates nothing', async () => {
      const first = await createPost(t, customer, body(), 'key-same-1');
      const second = await createPost(t, customer, body(), 'key-same-1');
      expect(first.status).toBe(202);
      expect(second.status).toBe(202);
      expect(second.body.data.id).toBe(first.body.data.id);
      const [count] = await t.db.query<{ n: string }>(
        "SELECT count(*)::text AS n FROM posts WHERE containers->0->>'content' = 'Exactly once'",
      );
      expect(count!.n).toBe('1');
    });

    it('the same key with another body is a 409', async () => {
      await createPost(t, customer, body(), 'key-other-1');
      const other = await createPost(
        t,
        customer,
        { ...body(), containers: [{ content: 'Something else' }] },
        'key-other-1',
      );
      expect(other.status).toBe(409);
      expect(other.body.error.code).toBe('idempotency_key_reused');
    });

    it('concurrent requests with one key create one post', async () => {
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() =>
          createPost(t, customer, { ...body(), containers: [{ content: 'Racing' }] }, 'key-race-1'),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
      expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    });
  });

  describe('refused before anything is accepted', () => {
    it.each([
      ['no accounts', { accounts: [] }, 400, 'accounts'],
      ['a malformed account id', { accounts: ['nope'] }, 400, 'accounts'],
      ['no containers', { containers: [] }, 400, 'containers'],
      ['an unknown field', { extra: true }, 400, 'extra'],
      ['a date in the past', { scheduledAt: '2020-01-01T00:00:00Z' }, 400, 'scheduledAt'],
      [
        'a date over a year ahead',
        { scheduledAt: new Date(Date.now() + 400 * 86_400_000).toISOString() },
        400,
        'scheduledAt',
      ],
      [
        'a non-http media URL',
        { containers: [{ content: 'x', media: [{ url: 'ftp://example.com/a.jpg' }] }] },
        400,
        'containers[0].media[0].url',
      ],
      [
        'a media URL without a known extension',
        { containers: [{ content: 'x', media: [{ url: 'https://example.com/a' }] }] },
        400,
        'containers[0].media[0].url',
      ],
      ['an account of another tenant', { tenant_id: 'someone-else' }, 422, 'accounts[0]'],
      ['an unknown account', { accounts: ['acc_doesnotexist000000'] }, 422, 'accounts[0]'],
      [
        'an X post over 280 weighted characters',
        { containers: [{ content: '🙂'.repeat(141) }] },
        422,
        'containers[0].content',
      ],
    ])('%s', async (_, change, status, field) => {
      const response = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [accounts.x!.id],
        containers: [{ content: 'ok' }],
        ...change,
      });
      expect({
        status: response.status,
        fields: response.body.error?.details?.map((d: { field: string }) => d.field),
      }).toEqual({
        status,
        fields: expect.arrayContaining([field]),
      });
    });

    it('an Instagram post without media is a 422', async () => {
      const response = await post([accounts.instagram!.id], [{ content: 'words only' }]);
      expect(response.status).toBe(422);
      expect(response.body.error.details[0].field).toMatch(/^containers\[0\]/);
    });
  });

  it("another customer's post is a 404", async () => {
    const accepted = await post([accounts.x!.id], [{ content: 'Mine alone' }]);
    const stranger = await t.createCustomer();
    expect((await getPost(t, stranger, accepted.body.data.id)).status).toBe(404);
    expect(
      (
        await request(t.server)
          .delete(`/api/v1/posts/${accepted.body.data.id}`)
          .set('Authorization', `Bearer ${stranger.apiKey}`)
      ).status,
    ).toBe(404);
  });

  it("lists a tenant's posts newest first with a cursor", async () => {
    const first = await request(t.server)
      .get(`/api/v1/posts?tenantId=${TENANT}&limit=2`)
      .set('Authorization', `Bearer ${customer.apiKey}`);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    const [a, b] = first.body.data;
    expect(new Date(a.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(b.createdAt).getTime());
    const next = await request(t.server)
      .get(`/api/v1/posts?tenantId=${TENANT}&limit=2&cursor=${first.body.pagination.nextCursor}`)
      .set('Authorization', `Bearer ${customer.apiKey}`);
    expect(next.body.data.map((p: { id: string }) => p.id)).not.toContain(a.id);
    const bad = await request(t.server)
      .get(`/api/v1/posts?tenantId=${TENANT}&cursor=garbage`)
      .set('Authorization', `Bearer ${customer.apiKey}`);
    expect(bad.status).toBe(400);
  });

  it('accepts many posts at once (written together), each with its own id, deliveries and published once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => post([accounts.x!.id], [{ content: `Together ${index}` }])),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(202));
    const ids = answers.map((answer) => answer.body.data.id);
    expect(new Set(ids).size).toBe(12);
    for (const id of ids) expect((await settledPost(t, customer, id, 60_000)).status).toBe('published');
    const published = (await publishedOn('x')).filter((item) => item.text?.startsWith('Together '));
    expect(published.map((item) => item.text).sort()).toEqual(
      Array.from({ length: 12 }, (_, index) => `Together ${index}`).sort(),
    );
  });

  it('reads a bounded number of posts per request when filtering by status: past it, a short page and a cursor, and no post skipped', async () => {
    const tenant = 'tenant-sparse-status';
    const account = await connectAccount(t, customer, 'x', tenant);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled: string[] = [];
    for (const text of ['Sparse older', 'Sparse newer']) {
      const created = await createPost(t, customer, {
        tenant_id: tenant,
        accounts: [account.id],
        containers: [{ content: text }],
        scheduledAt: tomorrow,
      });
      expect(created.status).toBe(202);
      scheduled.unshift(created.body.data.id as string);
    }
    // 1,200 newer posts of another status (no deliveries: published) in front of them.
    await t.db.query(
      `INSERT INTO posts (id, customer_id, tenant_id, containers, created_at)
       SELECT 'pst_Sparse' || g, $1, $2, '[]', clock_timestamp() + g * interval '1 millisecond' FROM generate_series(1, 1200) g`,
      [customer.id, tenant],
    );
    const list = (cursor: string | null) =>
      request(t.server)
        .get(`/api/v1/posts?tenantId=${tenant}&status=scheduled&limit=20${cursor ? `&cursor=${cursor}` : ''}`)
        .set('Authorization', `Bearer ${customer.apiKey}`)
        .expect(200);

    const first = await list(null);
    expect(first.body.data).toEqual([]);
    expect(first.body.pagination.nextCursor).toEqual(expect.any(String));
    const seen: string[] = [];
    let requests = 0;
    let cursor: string | null = null;
    do {
      const page: request.Response = await list(cursor);
      requests += 1;
      expect(page.body.data.length).toBeLessThanOrEqual(20);
      seen.push(...page.body.data.map((p: { id: string; status: string }) => `${p.id} ${p.status}`));
      cursor = page.body.pagination.nextCursor;
    } while (cursor && requests < 50);
    expect(seen).toEqual(scheduled.map((id) => `${id} scheduled`));
    // At most 20 + 1 + 500 posts read per request: 1,202 posts take three requests at least.
    expect(requests).toBeGreaterThanOrEqual(3);
    expect(requests).toBeLessThanOrEqual(4);
  });

  it('pages through posts made in the same millisecond without skipping or repeating any', async () => {
    const tenant = 'tenant-same-millisecond';
    const ids = ['pst_SameMs1', 'pst_SameMs2', 'pst_SameMs3'];
    // Newest first: .123456, .123400, .123300 all fall in millisecond .123.
    for (const [index, micros] of ['123456', '123400', '123300'].entries()) {
      await t.db.query(
        "INSERT INTO posts (id, customer_id, tenant_id, containers, created_at) VALUES ($1, $2, $3, '[]', $4)",
        [ids[index], customer.id, tenant, `2026-01-01T00:00:00.${micros}Z`],
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: request.Response = await request(t.server)
        .get(`/api/v1/posts?tenantId=${tenant}&limit=1${cursor ? `&cursor=${cursor}` : ''}`)
        .set('Authorization', `Bearer ${customer.apiKey}`);
      seen.push(...page.body.data.map((p: { id: string }) => p.id));
      cursor = page.body.pagination.nextCursor;
    } while (cursor && seen.length < 10);
    expect(seen).toEqual(ids);
  });

  describe('token refresh before publishing', () => {
    const tokensOf = async (accountId: string) => {
      const stored = await t.app.get(AccountsStore).findById(customer.id, accountId);
      return {
        tokens: t.app.get(TokenVault).open(stored!.id, stored!, stored!.tokenExpiresAt)!,
        expiresAt: stored!.tokenExpiresAt,
      };
    };
    const basic = `Basic ${Buffer.from(`${EMULATOR_APP.clientId}:${EMULATOR_APP.clientSecret}`).toString('base64')}`;

    /** An X profile of its own, so that what these tests do to its login touches no other test. */
    async function ownXAccount(id: string) {
      await emulator('/users', { method: 'POST', body: JSON.stringify({ id, name: id, x: { username: id } }) });
      return connectAccount(t, customer, 'x', TENANT, { emulatorUser: id });
    }

    it('refreshes an X token about to expire, stores the rotated refresh token, then publishes', async () => {
      const account = await ownXAccount('refresher');
      const before = await tokensOf(account.id);
      await t.db.query("UPDATE connected_accounts SET token_expires_at = now() + interval '1 minute' WHERE id = $1", [
        account.id,
      ]);

      const accepted = await post([account.id], [{ content: 'Published with a fresh token' }]);
      expect((await settledPost(t, customer, accepted.body.data.id)).status).toBe('published');

      const after = await tokensOf(account.id);
      expect(after.tokens.accessToken).not.toBe(before.tokens.accessToken);
      expect(after.tokens.refreshToken).not.toBe(before.tokens.refreshToken);
      expect(after.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
      // X refresh tokens are single-use: the old one is now refused, the stored one works.
      const reuse = await fetch(`${t.baseUrl}/emulator/x/api/2/oauth2/token`, {
        method: 'POST',
        headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: before.tokens.refreshToken!,
        }).toString(),
      });
      expect(reuse.status).toBe(400);
    });

    it('a refresh the network refuses fails the delivery with token_expired and expires the account once', async () => {
      const account = await ownXAccount('refused');
      const { tokens } = await tokensOf(account.id);
      await fetch(`${t.baseUrl}/emulator/x/api/2/oauth2/revoke`, {
        method: 'POST',
        headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: tokens.refreshToken!, token_type_hint: 'refresh_token' }).toString(),
      });
      await t.db.query("UPDATE connected_accounts SET token_expires_at = now() + interval '1 minute' WHERE id = $1", [
        account.id,
      ]);

      const accepted = await post([account.id], [{ content: 'Nobody will see this' }]);
      const settled = await settledPost(t, customer, accepted.body.data.id);
      expect(settled.status).toBe('failed');
      expect(settled.deliveries[0]!.error?.code).toBe('token_expired');
      const events = await t.db.query(
        "SELECT id FROM events WHERE type = 'account.token_expired' AND data->>'connectedAccountId' = $1",
        [account.id],
      );
      expect(events).toHaveLength(1);
    });
  });

  describe('network faults', () => {
    // A fault hits the next call to its account: deliveries of earlier tests still in flight must not take it.
    beforeEach(async () => {
      await until(
        'the deliveries of earlier tests to settle',
        async () => {
          const [busy] = await t.db.query<{ n: string }>(
            "SELECT count(*)::text AS n FROM deliveries WHERE status IN ('pending', 'publishing')",
          );
          return busy!.n === '0';
        },
        30_000,
        200,
      );
    });
    afterEach(async () => expect((await emulator('/faults', { method: 'DELETE' })).status).toBe(200));

    it('a rate limit is waited out, then the delivery publishes', async () => {
      await emulator('/faults', {
        method: 'POST',
        body: JSON.stringify({
          network: 'x',
          accountId: accounts.x!.networkAccountId,
          fault: 'rate_limited',
          count: 1,
          resetInSeconds: 1,
        }),
      });
      const accepted = await post([accounts.x!.id], [{ content: 'After the limit' }]);
      const settled = await settledPost(t, customer, accepted.body.data.id, 45_000);
      expect(settled.status).toBe('published');
      expect(settled.deliveries[0]!.attempts).toBe(2);
      // The wait for the window does not count toward giving up.
      const [row] = await t.db.query<{ rate_limit_waits: number }>(
        'SELECT rate_limit_waits FROM deliveries WHERE id = $1',
        [settled.deliveries[0]!.id],
      );
      expect(row!.rate_limit_waits).toBe(1);
    }, 60_000);

    it('an Instagram account over its publishing quota waits until its oldest counted post is a day old', async () => {
      const first = await post(
        [accounts.instagram!.id],
        [{ content: 'Counted by the quota', media: [{ url: media.url('photo.jpg') }] }],
      );
      expect((await settledPost(t, customer, first.body.data.id)).status).toBe('published');
      const counted = (await publishedOn('instagram')).filter(
        (item) => item.accountId === accounts.instagram!.networkAccountId && !item.parentId,
      );
      // The quota is what the account already used: the next media_publish is refused with 2207042.
      await emulator('/settings', {
        method: 'PUT',
        body: JSON.stringify({ enforceRateLimits: true, instagramQuotaTotal: counted.length }),
      });
      try {
        const accepted = await post(
          [accounts.instagram!.id],
          [{ content: 'Over the quota', media: [{ url: media.url('photo.jpg') }] }],
        );
        const deliveryId = accepted.body.data.deliveries[0].id as string;
        const waiting = await until(
          'the delivery to wait out the quota',
          async () =>
            (
              await t.db.query<{ status: string; rate_limit_waits: number; run_at: Date }>(
                `SELECT d.status, d.rate_limit_waits, d.due_at AS run_at FROM deliveries d
                  WHERE d.id = $1 AND d.rate_limit_waits > 0 AND NOT EXISTS (SELECT 1 FROM publish_lanes l WHERE l.delivery_id = d.id)`,
                [deliveryId],
              )
            )[0],
          30_000,
          200,
        );
        expect(waiting).toEqual(expect.objectContaining({ status: 'pending', rate_limit_waits: 1 }));
        // Instagram's media timestamps are to the second; the wait adds 1–5 s of jitter.
        const leavesWindowAt =
          Math.min(...counted.map((item) => Math.floor(Date.parse(item.publishedAt) / 1000) * 1000)) + 24 * 3_600_000;
        expect(waiting.run_at.getTime() - leavesWindowAt).toBeGreaterThanOrEqual(0);
        expect(waiting.run_at.getTime() - leavesWindowAt).toBeLessThanOrEqual(6_000);
        await request(t.server)
          .delete(`/api/v1/posts/${accepted.body.data.id}`)
          .set('Authorization', `Bearer ${customer.apiKey}`)
          .expect(200);
      } finally {
        await emulator('/settings', {
          method: 'PUT',
          body: JSON.stringify({ enforceRateLimits: false, instagramQuotaTotal: 50 }),
        });
      }
    });

    it('an expired token fails the delivery, expires the account once, and later posts to it are refused', async () => {
      const [victim] = await connectAccounts(t, customer, 'facebook', TENANT, {
        choose: (offered) => offered.slice(1, 2),
      });
      await emulator('/faults', {
        method: 'POST',
        body: JSON.stringify({ network: 'facebook', accountId: victim.networkAccountId, fault: 'token_expired' }),
      });
      const accepted = await post([victim.id], [{ content: 'Into the void' }]);
      const settled = await settledPost(t, customer, accepted.body.data.id);
      expect(settled.status).toBe('failed');
      expect(settled.deliveries[0]!.error).toEqual({ code: 'token_expired', message: expect.any(String) });
      const listed = await request(t.server)
        .get(`/api/v1/social-accounts?tenantId=${TENANT}`)
        .set('Authorization', `Bearer ${customer.apiKey}`);
      expect(listed.body.data.find((a: { id: string }) => a.id === victim.id).status).toBe('expired');
      const expiredEvents = await t.db.query(
        "SELECT id FROM events WHERE type = 'account.token_expired' AND data->>'connectedAccountId' = $1",
        [victim.id],
      );
      expect(expiredEvents).toHaveLength(1);
      const failedEvents = await t.db.query(
        "SELECT data FROM events WHERE type = 'post.failed' AND data->>'servicePostId' = $1",
        [settled.id],
      );
      expect(failedEvents).toEqual([{ data: expect.objectContaining({ errorCode: 'token_expired' }) }]);

      const refused = await post([victim.id], [{ content: 'Again' }]);
      expect(refused.status).toBe(422);
      expect(refused.body.error.details[0].message).toContain('account_expired');
    });

    it('an Instagram container ERROR fails the delivery', async () => {
      await emulator('/faults', {
        method: 'POST',
        body: JSON.stringify({
          network: 'instagram',
          accountId: accounts.instagram!.networkAccountId,
          fault: 'container_error',
        }),
      });
      const accepted = await post(
        [accounts.instagram!.id],
        [{ content: 'Broken media', media: [{ url: media.url('broken.jpg') }] }],
      );
      const settled = await settledPost(t, customer, accepted.body.data.id);
      expect(settled.status).toBe('failed');
      expect(settled.deliveries[0]!.error?.code).toBe('network_rejected');
    });
  });
});
