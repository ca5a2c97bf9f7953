import { SchedulerRegistry } from '@nestjs/schedule';
import request from 'supertest';
import { AccountsStore } from '../../src/accounts/accounts.store';
import { TokenVault } from '../../src/accounts/token-vault';
import { contractLog } from '../../src/emulator/contracts/contract-log';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { MetricView } from '../../src/metrics/dto/metric.view';
import { PostMetricsView } from '../../src/metrics/dto/metrics.views';
import { PostView } from '../../src/posts/dto/post.view';
import { TOKEN_SCAN } from '../../src/scheduling/periodic-tasks';
import { TokenScan } from '../../src/token-lifecycle/token-scan';
import { connectAccount, ConnectedAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import { emulatorControl } from '../support/emulator-control';
import { awaitingRetry, createPost, getPost, makeDueNow, publishSettled, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const TENANT = 'tenant-threads';

/**
 * What is Threads' own, end to end against the emulated graph.threads.net: the connect flow's
 * long-lived token, each kind of post (text with every option, an image with alt text, a video
 * whose container is read until FINISHED, a thread of replies), unpublishing, metrics, replies
 * listed and answered, the token refreshed before its end and an expired one, and a rate limit and a
 * refused container surfacing as on the other networks. The generic e2e tests (connect-flow,
 * posts-per-network, the capability walk) cover Threads beside the others.
 */
describe('Threads (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;

  const { control, published, clearFaults } = emulatorControl(() => t.baseUrl);
  const publishedBy = (networkAccountId: string) => published('threads', networkAccountId);
  const auth = () => ({ Authorization: `Bearer ${customer.apiKey}` });
  const ownAccount = () => connectAccount(t, customer, 'threads', TENANT, { freshUser: true });

  const publish = (account: ConnectedAccount, containers: unknown[], options?: Record<string, unknown>) =>
    publishSettled(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers,
      ...(options ? { options: { threads: options } } : {}),
    });

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true', THREADS_POLL_MS: '1000' } });
    // The tests run the token scan themselves.
    t.app.get(SchedulerRegistry).getCronJob(TOKEN_SCAN.name).stop();
    customer = await t.createCustomer();
  });
  afterAll(async () => {
    await t?.close();
    await media?.close();
  });
  afterEach(async () => {
    await clearFaults();
  });

  it('connects a profile with a long-lived (60-day) token', async () => {
    const account = await ownAccount();
    const stored = (await t.app.get(AccountsStore).findById(customer.id, account.id))!;
    expect(stored.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect(account.networkAccountId).toMatch(/^[0-9]+$/);
  });

  it('publishes a text post with every option, recorded on the emulator as Threads took them', async () => {
    const account = await ownAccount();
    const first = await publish(account, [{ content: 'The first loaf' }]);
    const quoted = first.deliveries[0]!.platformPostId!;
    const post = await publish(account, [{ content: 'Which bread tomorrow?' }], {
      replyControl: 'accounts_you_follow',
      topicTag: 'Baking',
      quotePostId: quoted,
      poll: { options: ['Rye', 'Spelt', 'Sourdough'] },
    });
    expect(post.status).toBe('published');
    const linked = await publish(account, [{ content: 'Our menu' }], { linkAttachment: 'https://example.com/menu' });
    expect(linked.status).toBe('published');
    const items = await publishedBy(account.networkAccountId);
    const byId = (id: string | null) => items.find((item) => item.postId === id)!;
    expect(byId(post.deliveries[0]!.platformPostId).threads).toMatchObject({
      mediaType: 'TEXT_POST',
      replyControl: 'accounts_you_follow',
      topicTag: 'Baking',
      quotePostId: quoted,
      poll: { option_a: 'Rye', option_b: 'Spelt', option_c: 'Sourdough' },
    });
    expect(byId(linked.deliveries[0]!.platformPostId).threads).toMatchObject({
      linkAttachment: 'https://example.com/menu',
    });
    expect(post.deliveries[0]!.permalink).toMatch(/\/emulator\/threads\/@.+\/post\/\w+/);
  });

  it('publishes an image with its alt text, a video once its container is FINISHED, and a thread of replies', async () => {
    const account = await ownAccount();
    const image = await publish(account, [
      { content: 'A loaf', media: [{ url: media.url('photo.jpg'), altText: 'A round sourdough loaf' }] },
    ]);
    const video = await publish(account, [{ content: 'Kneading', media: [{ url: media.url('clip.mp4') }] }]);
    // The video's container was read IN_PROGRESS first: one more attempt, THREADS_POLL_MS later.
    expect(video.deliveries[0]!.attempts).toBe(2);
    const thread = await publish(account, [
      { content: 'One' },
      { content: 'Two' },
      { content: 'Three', media: [{ url: media.url('photo.jpg') }] },
    ]);
    const items = await publishedBy(account.networkAccountId);
    const byId = (id: string | null) => items.find((item) => item.postId === id)!;
    expect(byId(image.deliveries[0]!.platformPostId).media).toEqual([
      expect.objectContaining({ type: 'image', altText: 'A round sourdough loaf' }),
    ]);
    expect(byId(video.deliveries[0]!.platformPostId).media).toEqual([expect.objectContaining({ type: 'video' })]);
    const root = byId(thread.deliveries[0]!.platformPostId);
    const two = items.find((item) => item.replyToId === root.postId)!;
    const three = items.find((item) => item.replyToId === two.postId)!;
    expect([root.text, two.text, three.text]).toEqual(['One', 'Two', 'Three']);
    expect(three.media).toHaveLength(1);
  });

  it('unpublishes a thread: its replies and the post are deleted on Threads', async () => {
    const account = await ownAccount();
    const post = await publish(account, [{ content: 'Gone soon' }, { content: 'Gone too' }]);
    const answer = await request(t.server).post(`/api/v1/posts/${post.id}/unpublish`).set(auth());
    expect(answer.status).toBe(202);
    await until(
      'the post to be deleted',
      async () => ((await getPost(t, customer, post.id)).body.data as PostView).status === 'deleted',
    );
    const items = await publishedBy(account.networkAccountId);
    expect(items.map((item) => [item.text, typeof item.deletedAt])).toEqual([
      ['Gone soon', 'string'],
      ['Gone too', 'string'],
    ]);
  });

  it("reads a post's insights and the profile's followers in the service's metric names", async () => {
    const account = await ownAccount();
    const post = await publish(account, [{ content: 'Counted' }]);
    await control('PUT', '/metrics', {
      network: 'threads',
      objectId: post.deliveries[0]!.platformPostId,
      metrics: { views: 321, replies: 4 },
    });
    const response = await request(t.server).get(`/api/v1/posts/${post.id}/metrics`).set(auth());
    expect(response.status).toBe(200);
    const [delivery] = (response.body.data as PostMetricsView).deliveries;
    const byName = Object.fromEntries(delivery!.metrics.map((metric: MetricView) => [metric.name, metric]));
    expect(Object.keys(byName).sort()).toEqual(['comments', 'likes', 'quotes', 'reposts', 'shares', 'views']);
    expect(byName.views).toMatchObject({ value: 321 });
    expect(byName.comments).toMatchObject({ value: 4 });
    const accountMetrics = await request(t.server).get(`/api/v1/social-accounts/${account.id}/metrics`).set(auth());
    expect(accountMetrics.status).toBe(200);
    expect(accountMetrics.body.data.metrics.map((metric: MetricView) => metric.name)).toEqual(['followers']);
  });

  it('lists replies (comments) newest first and answers one once', async () => {
    const account = await ownAccount();
    const post = await publish(account, [{ content: 'Ask me anything' }]);
    const objectId = post.deliveries[0]!.platformPostId!;
    const reply = (await control('POST', '/comments', {
      network: 'threads',
      parentId: objectId,
      text: 'Open on Sunday?',
      author: { username: 'a_reader' },
    })) as PublishedItem;
    const listed = await request(t.server)
      .get(`/api/v1/posts/${post.id}/comments`)
      .query({ deliveryId: post.deliveries[0]!.id })
      .set(auth());
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: reply.postId,
        text: 'Open on Sunday?',
        authorName: 'a_reader',
        own: false,
        replyToId: null,
      }),
    ]);
    const answered = await request(t.server)
      .post(`/api/v1/posts/${post.id}/comments`)
      .set(auth())
      .set('Idempotency-Key', 'threads-answer-1')
      .send({ deliveryId: post.deliveries[0]!.id, replyToId: reply.postId, text: 'Yes, 8 to 12' });
    expect(answered.status).toBe(202);
    await until('the answer to be on Threads', async () =>
      (await publishedBy(account.networkAccountId)).some((item) => item.text === 'Yes, 8 to 12'),
    );
    const answers = (await publishedBy(account.networkAccountId)).filter((item) => item.text === 'Yes, 8 to 12');
    expect(answers).toHaveLength(1);
    expect(answers[0]!.replyToId).toBe(reply.postId);
  });

  it('refreshes the token with th_refresh_token in the last 7 days, and a token Threads expired fails the post as on the other networks', async () => {
    const scan = t.app.get(TokenScan);
    const account = await ownAccount();
    // Threads refreshes a long-lived token once it is a day old.
    await control('POST', '/age-tokens', { network: 'threads', seconds: 25 * 3600 });
    const vault = t.app.get(TokenVault);
    const tokensOf = async () => {
      const stored = (await t.app.get(AccountsStore).findById(customer.id, account.id))!;
      return {
        status: stored.status,
        expiresAt: stored.tokenExpiresAt,
        token: vault.open(stored.id, stored, stored.tokenExpiresAt)!.accessToken,
      };
    };
    const before = await tokensOf();
    await t.db.query("UPDATE connected_accounts SET token_expires_at = now() + interval '3 days' WHERE id = $1", [
      account.id,
    ]);
    const result = await scan.scanOnce();
    expect(result.ran && result.enqueued).toContain(account.id);
    const after = await until('the token to be refreshed', async () => {
      const now = await tokensOf();
      return now.token !== before.token && now;
    });
    expect(after.status).toBe('active');
    expect(after.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);

    await control('POST', '/faults', {
      network: 'threads',
      accountId: account.networkAccountId,
      fault: 'token_expired',
      count: 1,
    });
    const failed = await publish(account, [{ content: 'Never on Threads' }]);
    expect(failed.deliveries[0]).toEqual(
      expect.objectContaining({
        status: 'failed',
        error: { code: 'token_expired', message: expect.any(String) },
      }),
    );
    // Threads' own answer is kept as the reason: Graph's 190 (session expired, subcode 463).
    const [expired] = await t.db.query<{ data: { reason: string } }>(
      "SELECT data FROM events WHERE type = 'account.token_expired' AND data->>'connectedAccountId' = $1",
      [account.id],
    );
    expect(expired!.data.reason).toMatch(/Graph code 190, subcode 463/);
    const listed = await request(t.server).get(`/api/v1/social-accounts?tenantId=${TENANT}`).set(auth());
    expect(listed.body.data.find((a: { id: string }) => a.id === account.id).status).toBe('expired');
  });

  it('waits out a rate limit (Graph code 17), then publishes once; a container Threads fails is refused for good', async () => {
    const account = await ownAccount();
    await control('POST', '/faults', {
      network: 'threads',
      accountId: account.networkAccountId,
      fault: 'rate_limited',
      count: 1,
    });
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'After the limit' }],
    });
    const deliveryId = accepted.body.data.deliveries[0].id as string;
    const waiting = await awaitingRetry(t, deliveryId, 'rate_limited');
    // No usage header names a wait: Graph's default back-off of 15 minutes.
    expect(waiting.due_at!.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
    expect(await publishedBy(account.networkAccountId)).toEqual([]);
    await makeDueNow(t, deliveryId);
    const settled = await settledPost(t, customer, accepted.body.data.id, 30_000);
    expect(settled.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2 }));
    expect((await publishedBy(account.networkAccountId)).map((item) => item.text)).toEqual(['After the limit']);

    await control('POST', '/faults', {
      network: 'threads',
      accountId: account.networkAccountId,
      fault: 'container_error',
      count: 1,
    });
    const refused = await publish(account, [{ content: 'Refused by Threads' }]);
    expect(refused.deliveries[0]).toEqual(
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        error: expect.objectContaining({ code: 'network_rejected' }),
      }),
    );
  });

  it('refuses at the API what Threads would refuse: 501 characters, 6 links, a poll with media', async () => {
    const account = await ownAccount();
    const body = (containers: unknown[], options?: Record<string, unknown>) => ({
      tenant_id: TENANT,
      accounts: [account.id],
      containers,
      ...(options ? { options: { threads: options } } : {}),
    });
    const long = await createPost(t, customer, body([{ content: 'a'.repeat(501) }]));
    expect(long.status).toBe(422);
    const links = await createPost(
      t,
      customer,
      body([{ content: Array.from({ length: 6 }, (_, i) => `https://e.com/${i}`).join(' ') }]),
    );
    expect(links.status).toBe(422);
    const poll = await createPost(
      t,
      customer,
      body([{ content: 'q', media: [{ url: media.url('photo.jpg') }] }], { poll: { options: ['a', 'b'] } }),
    );
    expect(poll.status).toBe(422);
    expect(contractLog.take()).toEqual([]);
  });
});
