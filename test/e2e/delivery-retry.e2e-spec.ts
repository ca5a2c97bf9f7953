import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { connectAccount, ConnectedAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { emulatorControl } from '../support/emulator-control';
import { startMediaServer } from '../support/media-server';
import { awaitingRetry, createPost, makeDueNow, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';
import { PostView } from '../../src/posts/dto/post.view';

const TENANT = 'tenant-retry';
const RUN = randomBytes(4).toString('hex');

/**
 * POST /posts/:id/deliveries/:deliveryId/retry against the emulator: a failed delivery published
 * once after its fault clears; a delivery whose tweet reached X before it failed (an answer lost, a
 * worker cut off mid-call) adopted on retry, never posted twice; the refusals (a delivery not
 * failed, a double click, an expired account, another customer's delivery).
 */
describe('Retrying a failed delivery', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  const emulator = emulatorControl(() => t.baseUrl);

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
    await emulator.clearFaults();
    await emulator.control('PUT', '/settings', { xDuplicateDetection: true });
  });

  const xAccount = async (user: string): Promise<ConnectedAccount> =>
    connectAccount(t, customer, 'x', TENANT, { freshUser: user });
  const retry = (postId: string, deliveryId: string, who: TestCustomer = customer) =>
    request(t.server)
      .post(`/api/v1/posts/${postId}/deliveries/${deliveryId}/retry`)
      .set('Authorization', `Bearer ${who.apiKey}`);
  const tweetsSaying = async (account: ConnectedAccount, text: string) =>
    (await emulator.published('x', account.networkAccountId)).filter((item) => item.text === text);
  const postOn = async (account: ConnectedAccount, text: string): Promise<PostView> => {
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: text }],
    });
    expect(accepted.status).toBe(202);
    return accepted.body.data as PostView;
  };
  const eventsOf = async (postId: string) =>
    (
      await t.db.query<{ type: string; data: { status?: string; errorCode?: string } }>(
        "SELECT type, data FROM events WHERE data->>'servicePostId' = $1 ORDER BY created_at",
        [postId],
      )
    ).map(({ type, data }) => ({ type, ...(data.status ? { status: data.status } : {}) }));

  it('publishes a failed delivery once after its fault clears; a double click and a second retry are 409', async () => {
    const account = await xAccount(`retry-clears-${RUN}`);
    // X refuses the tweet for good (403, duplicate content): the delivery fails with network_rejected.
    await emulator.control('POST', '/faults', {
      network: 'x',
      accountId: account.networkAccountId,
      fault: 'duplicate',
      count: 1,
    });
    const text = `Fresh bread at eight ${RUN}`;
    const created = await postOn(account, text);
    const failed = await settledPost(t, customer, created.id);
    expect(failed.status).toBe('failed');
    expect(failed.deliveries[0]).toEqual(
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        error: expect.objectContaining({ code: 'network_rejected' }),
      }),
    );
    expect(await tweetsSaying(account, text)).toEqual([]);
    const deliveryId = failed.deliveries[0]!.id;

    // Two clicks at once: one retry is accepted, the other finds the delivery no longer failed.
    const [one, two] = await Promise.all([retry(created.id, deliveryId), retry(created.id, deliveryId)]);
    const answers = [one, two].sort((a, b) => a.status - b.status);
    expect(answers.map((answer) => answer.status)).toEqual([202, 409]);
    const [accepted, refused] = answers;
    expect(accepted!.body.data).toEqual(expect.objectContaining({ id: created.id }));
    // An attempt had begun: the retry looks on X first, from `publishing`; its failure is cleared.
    expect(['publishing', 'published']).toContain(accepted!.body.data.status);
    expect(accepted!.body.data.deliveries[0]).toEqual(expect.objectContaining({ id: deliveryId, error: null }));
    expect(refused!.body.error).toEqual(expect.objectContaining({ code: 'delivery_not_failed' }));

    const published = await settledPost(t, customer, created.id);
    expect(published.status).toBe('published');
    const tweets = await tweetsSaying(account, text);
    expect(tweets).toHaveLength(1);
    expect(published.deliveries[0]).toEqual(
      expect.objectContaining({ status: 'published', platformPostId: tweets[0]!.postId, attempts: 1, error: null }),
    );
    // The events of a delivery that fails and then publishes, and the post completed twice, each time with its status.
    await until('post.completed after the retry', async () => (await eventsOf(created.id)).length === 4);
    // Each pair is recorded by one transaction (one created_at): in order between the pairs only.
    const events = await eventsOf(created.id);
    expect(events.slice(0, 2)).toEqual(
      expect.arrayContaining([{ type: 'post.failed' }, { type: 'post.completed', status: 'failed' }]),
    );
    expect(events.slice(2)).toEqual(
      expect.arrayContaining([{ type: 'post.published' }, { type: 'post.completed', status: 'published' }]),
    );

    // Published: nothing to retry.
    const again = await retry(created.id, deliveryId);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('delivery_not_failed');
    expect(await tweetsSaying(account, text)).toHaveLength(1);
  });

  it('makes a new Instagram container on retry when the failed one ended in ERROR: published once', async () => {
    const account = await connectAccount(t, customer, 'instagram', TENANT, { freshUser: `retry-ig-${RUN}` });
    await emulator.control('POST', '/faults', {
      network: 'instagram',
      accountId: account.networkAccountId,
      fault: 'container_error',
      count: 1,
    });
    const text = `A loaf that failed once ${RUN}`;
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: text, media: [{ url: media.url('photo.jpg') }] }],
    });
    expect(accepted.status).toBe(202);
    const failed = await settledPost(t, customer, accepted.body.data.id);
    expect(failed.status).toBe('failed');
    const deliveryId = failed.deliveries[0]!.id;
    expect(await emulator.published('instagram', account.networkAccountId)).toEqual([]);

    // The fault is spent, as a fixed medium would be: the retry must not read the dead container again.
    expect((await retry(failed.id, deliveryId)).status).toBe(202);
    const published = await settledPost(t, customer, failed.id);
    const onInstagram = (await emulator.published('instagram', account.networkAccountId)).filter(
      (item) => item.text === text,
    );
    expect(published.deliveries[0]).toEqual(
      expect.objectContaining({ status: 'published', platformPostId: onInstagram[0]?.postId, error: null }),
    );
    expect(onInstagram).toHaveLength(1);
  });

  it('a publish whose answer was lost (a 503 after X made the tweet) looks on X at its next attempt: the tweet is adopted, never posted twice', async () => {
    const account = await xAccount(`retry-lost-${RUN}`);
    // Without X's duplicate check, only the lookup stands between the next attempt and a second tweet.
    await emulator.control('PUT', '/settings', { xDuplicateDetection: false });
    await emulator.control('POST', '/faults', {
      network: 'x',
      accountId: account.networkAccountId,
      fault: 'answer_lost',
      count: 1,
    });
    const text = `Closed on Monday ${RUN}`;
    const created = await postOn(account, text);
    const deliveryId = created.deliveries[0]!.id;
    await awaitingRetry(t, deliveryId, 'network_unavailable');
    expect(await tweetsSaying(account, text)).toHaveLength(1);
    await makeDueNow(t, deliveryId);
    const published = await settledPost(t, customer, created.id);
    const tweets = await tweetsSaying(account, text);
    expect(tweets).toHaveLength(1);
    expect(published.deliveries[0]).toEqual(
      expect.objectContaining({ status: 'published', platformPostId: tweets[0]!.postId }),
    );
    // A published delivery is not retried.
    expect((await retry(created.id, deliveryId)).status).toBe(409);
  });

  it('refuses an expired account, then adopts the tweet of a worker cut off mid-call once it is reconnected', async () => {
    const user = `retry-died-${RUN}`;
    const account = await xAccount(user);
    // Without X's duplicate check, only the lookup stands between a retry and a second tweet.
    await emulator.control('PUT', '/settings', { xDuplicateDetection: false });
    const text = `Out of rye today ${RUN}`;
    const created = await postOn(account, text);
    const first = await settledPost(t, customer, created.id);
    expect(first.status).toBe('published');
    const deliveryId = first.deliveries[0]!.id;
    // As a worker that died after X made the tweet, before it recorded it, leaves the delivery
    // (`publishing`, due again), while the account expired meanwhile: the next claim fails it.
    await t.db.query("UPDATE connected_accounts SET status = 'expired' WHERE id = $1", [account.id]);
    await t.db.query(
      `UPDATE deliveries SET status = 'publishing', platform_post_id = NULL, permalink = NULL, published_at = NULL,
              progress = '{}', due_at = now() WHERE id = $1`,
      [deliveryId],
    );
    const failed = await settledPost(t, customer, created.id);
    expect(failed.deliveries[0]).toEqual(
      expect.objectContaining({ status: 'failed', error: expect.objectContaining({ code: 'account_expired' }) }),
    );

    const refused = await retry(created.id, deliveryId);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual(
      expect.objectContaining({ code: 'account_not_active', message: expect.stringContaining('expired') }),
    );
    expect((await settledPost(t, customer, created.id)).deliveries[0]!.status).toBe('failed');

    // Reconnected (the same account, active again), the retry looks on X first and adopts the tweet.
    expect((await connectAccount(t, customer, 'x', TENANT, { emulatorUser: user })).id).toBe(account.id);
    expect((await retry(created.id, deliveryId)).status).toBe(202);
    const published = await settledPost(t, customer, created.id);
    const tweets = await tweetsSaying(account, text);
    expect(tweets).toHaveLength(1);
    expect(published.deliveries[0]).toEqual(
      expect.objectContaining({ status: 'published', platformPostId: tweets[0]!.postId }),
    );
  });

  it("answers 404 for an unknown post or delivery and for another customer's", async () => {
    const account = await xAccount(`retry-404-${RUN}`);
    await emulator.control('POST', '/faults', {
      network: 'x',
      accountId: account.networkAccountId,
      fault: 'duplicate',
      count: 1,
    });
    const created = await postOn(account, `Not yours ${RUN}`);
    const failed = await settledPost(t, customer, created.id);
    const deliveryId = failed.deliveries[0]!.id;
    const other = await t.createCustomer();
    const cases = [
      await retry(created.id, deliveryId, other),
      await retry(created.id, 'dlv_0000000000000000'),
      await retry('pst_0000000000000000', deliveryId),
      await retry(created.id, 'not-an-id'),
    ];
    for (const answer of cases) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
    }
    expect((await settledPost(t, customer, created.id)).deliveries[0]!.status).toBe('failed');
  });
});
