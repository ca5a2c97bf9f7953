import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { PostView } from '../../src/posts/dto/post.view';
import { UnpublishView } from '../../src/posts/unpublish/unpublish-outcome.view';
import { connectAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { signedIn } from '../support/dashboard';
import { startMediaServer } from '../support/media-server';
import { capabilitiesOf, publishableContainer, requiredPostOptions } from '../support/network-cases';
import { TESTED_NETWORKS, TestedNetwork } from '../support/networks';
import { createPost, getPost, settledPost } from '../support/posts';
import { connectWorldAccount, control, testWorldOf } from '../support/sandbox-worlds';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const REDIRECT = 'https://app.example.com/connected';
const TENANT = 'tenant-unpublish';

type Network = TestedNetwork;

/**
 * POST /posts/:id/unpublish against the built-in emulator: each network's deliveries are deleted
 * by the worker (gone from the emulator's published record, an X thread's every tweet, one
 * post.deleted each), where its capability document says it deletes posts. Instagram, which
 * deletes per login, has its own cases in unpublish-instagram.e2e-spec.ts. Every test has its own
 * emulator user, so its posts and faults touch no other.
 */
describe('Unpublishing a post (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;

  const emulator = (path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
    control(t, path, { method, body });
  const published = async (network: Network, networkAccountId: string, key?: string): Promise<PublishedItem[]> =>
    (
      (await (await control(t, `/published?network=${network}&accountId=${networkAccountId}`, { key })).json()) as {
        data: PublishedItem[];
      }
    ).data;
  const unpublish = (caller: TestCustomer, postId: string) =>
    request(t.server).post(`/api/v1/posts/${postId}/unpublish`).set('Authorization', `Bearer ${caller.apiKey}`);
  const deletedEvents = (caller: TestCustomer, postId: string) =>
    t.db.query<{ data: Record<string, unknown> }>(
      `SELECT data FROM events WHERE customer_id = $1 AND type = 'post.deleted' AND data->>'servicePostId' = $2`,
      [caller.id, postId],
    );
  const deliveryStatus = async (id: string) =>
    (await t.db.query<{ status: string }>('SELECT status FROM deliveries WHERE id = $1', [id]))[0]!.status;

  /** A new emulator user with a Page and an X profile, connected on one network. */
  const ownAccount = (network: Network) => connectAccount(t, customer, network, TENANT, { freshUser: true });

  /** Publishes one post to the account and waits until it is out (with an image where the network needs media). */
  async function publishedPost(
    caller: TestCustomer,
    accountId: string,
    content: string,
    network: Network,
  ): Promise<PostView> {
    const document = await capabilitiesOf(t, caller.apiKey, network);
    const containers = [publishableContainer(document, content, () => media.url('photo.jpg'))];
    const accepted = await createPost(t, caller, {
      tenant_id: TENANT,
      accounts: [accountId],
      containers,
      options: requiredPostOptions(network),
    });
    expect(accepted.status).toBe(202);
    const post = await settledPost(t, caller, accepted.body.data.id);
    expect(post.status).toBe('published');
    return post;
  }

  /** The emulator fails the X account's next call with `fault`. */
  async function failOnceOnX(networkAccountId: string, fault: 'server_error' | 'token_revoked'): Promise<void> {
    expect((await emulator('/faults', { network: 'x', accountId: networkAccountId, fault, count: 1 })).status).toBe(
      201,
    );
  }

  /** Waits until the post's deliveries are all deleted, and returns it. */
  const deletedPost = (caller: TestCustomer, postId: string) =>
    until(`post ${postId} to be deleted`, async () => {
      const post = (await getPost(t, caller, postId)).body.data as PostView;
      return post.status === 'deleted' ? post : undefined;
    });

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    customer = await t.createCustomer();
    await t.app.get(RedirectUrlsService).add(customer.id, REDIRECT);
  });
  afterAll(async () => {
    await t?.close();
    await media?.close();
  });
  afterEach(async () => {
    expect((await emulator('/faults', undefined, 'DELETE')).status).toBe(200);
  });

  // Every installed network; one whose capability document says it deletes no posts answers so.
  it.each(TESTED_NETWORKS)(
    '%s: deletes the published post from the network, with one post.deleted event',
    async (network) => {
      const account = await ownAccount(network);
      const post = await publishedPost(customer, account.id, `Going away from ${network}`, network);
      const [delivery] = post.deliveries;
      const answer = await unpublish(customer, post.id);
      expect(answer.status).toBe(202);
      const body = answer.body.data as UnpublishView;
      if (!(await capabilitiesOf(t, customer.apiKey, network)).unpublish.supported) {
        expect(body.deliveries).toEqual([
          expect.objectContaining({ deliveryId: delivery!.id, outcome: 'not_supported' }),
        ]);
        expect((await published(network, account.networkAccountId))[0]!.deletedAt).toBeUndefined();
        return;
      }
      expect(body.deliveries).toEqual([
        { deliveryId: delivery!.id, platform: network, outcome: 'deleting', error: null },
      ]);
      expect(body.post.status).toBe('unpublishing');

      const deleted = await deletedPost(customer, post.id);
      expect(deleted.deliveries[0]).toEqual(
        expect.objectContaining({ status: 'deleted', platformPostId: delivery!.platformPostId, error: null }),
      );
      expect(deleted.deliveries[0]!.deletedAt).toEqual(expect.any(String));
      const onNetwork = (await published(network, account.networkAccountId)).find(
        (item) => item.postId === delivery!.platformPostId,
      );
      expect(onNetwork?.deletedAt).toEqual(expect.any(String));
      expect((await deletedEvents(customer, post.id)).map((row) => row.data)).toEqual([
        {
          servicePostId: post.id,
          deliveryId: delivery!.id,
          connectedAccountId: account.id,
          platform: network,
          platformPostId: delivery!.platformPostId,
        },
      ]);
    },
  );

  it('x: deletes every tweet of a thread, not only its first', async () => {
    const account = await ownAccount('x');
    const containers = ['Thread head', 'Second part', 'Third part'].map((content) => ({ content }));
    const accepted = await createPost(t, customer, { tenant_id: TENANT, accounts: [account.id], containers });
    const post = await settledPost(t, customer, accepted.body.data.id);
    expect(post.status).toBe('published');
    const tweets = await published('x', account.networkAccountId);
    expect(tweets.map((tweet) => tweet.text)).toEqual(['Thread head', 'Second part', 'Third part']);
    expect((await unpublish(customer, post.id)).status).toBe(202);
    await deletedPost(customer, post.id);
    const after = await published('x', account.networkAccountId);
    expect(after.map((tweet) => [tweet.text, typeof tweet.deletedAt])).toEqual([
      ['Thread head', 'string'],
      ['Second part', 'string'],
      ['Third part', 'string'],
    ]);
    expect(await deletedEvents(customer, post.id)).toHaveLength(1);
  });

  it("shows on the dashboard's post page when a delivery was deleted", async () => {
    const account = await ownAccount('x');
    const post = await publishedPost(customer, account.id, 'Gone by lunchtime', 'x');
    expect((await unpublish(customer, post.id)).status).toBe(202);
    const deleted = await deletedPost(customer, post.id);
    await t.app
      .get(DashboardUsersService)
      .create(customer.id, 'ops-unpublish@example.com', 'a long dashboard password');
    const session = await signedIn(t, 'ops-unpublish@example.com', 'a long dashboard password');
    const page = await request(t.server).get(`/dashboard/posts/${post.id}`).set('Cookie', session.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`deleted <time datetime="${deleted.deliveries[0]!.deletedAt}">`);
  });

  it("answers 404 for another customer's post, and deletes nothing", async () => {
    const account = await ownAccount('x');
    const post = await publishedPost(customer, account.id, 'Not yours to take down', 'x');
    const stranger = await t.createCustomer();
    const answer = await unpublish(stranger, post.id);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'not_found', requestId: expect.any(String) }),
    });
    expect(await deliveryStatus(post.deliveries[0]!.id)).toBe('published');
    expect((await published('x', account.networkAccountId))[0]!.deletedAt).toBeUndefined();
  });

  it('is safe to repeat: twice at once and again once deleted, one delete and one event', async () => {
    const account = await ownAccount('facebook');
    const post = await publishedPost(customer, account.id, 'Unpublished three times', 'facebook');
    const [first, second] = await Promise.all([unpublish(customer, post.id), unpublish(customer, post.id)]);
    expect([first.status, second.status]).toEqual([202, 202]);
    // The first to commit queues the delete; the other finds it deleting (or, if the worker was
    // quicker, already deleted).
    const outcomes = [first, second].map((answer) => (answer.body.data as UnpublishView).deliveries[0]!.outcome);
    expect(outcomes).toContain('deleting');
    expect(['deleting', 'deleted']).toEqual(expect.arrayContaining(outcomes));
    await deletedPost(customer, post.id);
    const deletedAt = (await published('facebook', account.networkAccountId))[0]!.deletedAt;

    const again = await unpublish(customer, post.id);
    expect(again.status).toBe(202);
    expect((again.body.data as UnpublishView).deliveries[0]).toEqual(
      expect.objectContaining({ outcome: 'deleted', error: null }),
    );
    expect((again.body.data as UnpublishView).post.status).toBe('deleted');
    expect((await published('facebook', account.networkAccountId))[0]!.deletedAt).toBe(deletedAt);
    expect(await deletedEvents(customer, post.id)).toHaveLength(1);
  });

  it('retries a delete the network failed for a moment, then deletes it once', async () => {
    const account = await ownAccount('x');
    const post = await publishedPost(customer, account.id, 'The network hiccups first', 'x');
    await failOnceOnX(account.networkAccountId, 'server_error');
    expect((await unpublish(customer, post.id)).status).toBe(202);
    await deletedPost(customer, post.id);
    const faults = ((await (await emulator('/faults')).json()) as { data: Array<{ accountId?: string }> }).data;
    expect(faults.filter((fault) => fault.accountId === account.networkAccountId)).toHaveLength(0);
    expect((await published('x', account.networkAccountId))[0]!.deletedAt).toEqual(expect.any(String));
    expect(await deletedEvents(customer, post.id)).toHaveLength(1);
  });

  it('puts a delete the network refuses back to published with unpublish_failed, and sends no event', async () => {
    const account = await ownAccount('x');
    const post = await publishedPost(customer, account.id, 'X refuses the token', 'x');
    await failOnceOnX(account.networkAccountId, 'token_revoked');
    expect((await unpublish(customer, post.id)).status).toBe(202);
    const refused = await until('the delete to be refused', async () => {
      const current = (await getPost(t, customer, post.id)).body.data as PostView;
      return current.deliveries[0]!.error ? current : undefined;
    });
    expect(refused.status).toBe('published');
    expect(refused.deliveries[0]).toEqual(
      expect.objectContaining({
        status: 'published',
        deletedAt: null,
        error: { code: 'unpublish_failed', message: expect.any(String) },
      }),
    );
    expect((await published('x', account.networkAccountId))[0]!.deletedAt).toBeUndefined();
    expect(await deletedEvents(customer, post.id)).toHaveLength(0);
  });

  it('counts a post the network no longer has as deleted', async () => {
    const account = await ownAccount('x');
    const post = await publishedPost(customer, account.id, 'Gone from X before the service asks', 'x');
    const [delivery] = post.deliveries;
    expect((await unpublish(customer, post.id)).status).toBe(202);
    await deletedPost(customer, post.id);
    // The service forgets it deleted the tweet (as after a restore): its next delete gets X's 404.
    await t.db.query(`UPDATE deliveries SET status = 'published', deleted_at = NULL WHERE id = $1`, [delivery!.id]);
    expect((await unpublish(customer, post.id)).status).toBe(202);
    const again = await deletedPost(customer, post.id);
    expect(again.deliveries[0]).toEqual(expect.objectContaining({ status: 'deleted', error: null }));
  });

  it('cancels a delivery that has not gone out yet', async () => {
    const account = await ownAccount('x');
    const scheduledAt = new Date(Date.now() + 3600_000).toISOString();
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'Never goes out' }],
      scheduledAt,
    });
    expect(accepted.status).toBe(202);
    const answer = await unpublish(customer, accepted.body.data.id);
    expect(answer.status).toBe(202);
    const body = answer.body.data as UnpublishView;
    expect(body.deliveries[0]).toEqual(expect.objectContaining({ outcome: 'canceled', error: null }));
    expect(body.post.status).toBe('canceled');
    expect(await published('x', account.networkAccountId)).toHaveLength(0);
  });

  it("works with a test key: deletes from the test world's emulator", async () => {
    const world = await testWorldOf(t, customer);
    const account = await connectWorldAccount(t, world, 'x', TENANT, REDIRECT);
    const post = await publishedPost(world, account.id, 'A sandbox post, then gone', 'x');
    expect((await unpublish(world, post.id)).status).toBe(202);
    await deletedPost(world, post.id);
    const inWorld = await published('x', account.networkAccountId, world.apiKey);
    expect(inWorld.find((item) => item.postId === post.deliveries[0]!.platformPostId)?.deletedAt).toEqual(
      expect.any(String),
    );
    expect(await deletedEvents(world, post.id)).toHaveLength(1);
    // The live key does not see the test world's post.
    expect((await unpublish(customer, post.id)).status).toBe(404);
  });
});
