import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { REFRESH_METRICS_TASK } from '../../src/metrics/metrics-job';
import { MetricsScan } from '../../src/metrics/metrics-scan';
import { AccountMetricsView, PostMetricsView } from '../../src/metrics/dto/metrics.views';
import { MetricView } from '../../src/metrics/dto/metric.view';
import { PostView } from '../../src/posts/dto/post.view';
import { startEmulatedApp } from '../support/connect-flow';
import { signedIn } from '../support/dashboard';
import { startMediaServer } from '../support/media-server';
import { createPost, settledPost } from '../support/posts';
import { capabilitiesOf } from '../support/network-cases';
import { TESTED_NETWORKS, TestedNetwork } from '../support/networks';
import { App, connectWorldAccount, control, publishTo, testWorldOf } from '../support/sandbox-worlds';
import { TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const TENANT = 'tenant-metrics';
const REDIRECT = 'https://app.example.com/connected';
/** Every installed network: each reports the metrics its capability document names. */
const NETWORKS = TESTED_NETWORKS;
type Network = TestedNetwork;

/**
 * Post and account metrics, read from the emulated networks through the real API: per network,
 * with a metric each network cannot give; values told to the emulator come back; a second request
 * within the window does not reach the network; other customers' posts are not found; test keys
 * read their own world.
 */
describe('Metrics (against the emulator)', () => {
  let t: App;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let acme: TestCustomer;
  let other: TestCustomer;
  const accounts = {} as Record<Network, { id: string; networkAccountId: string }>;
  const posts = {} as Record<Network, PostView>;

  const get = (caller: TestCustomer, path: string) =>
    request(t.server).get(`/api/v1${path}`).set('Authorization', `Bearer ${caller.apiKey}`);
  const setMetrics = async (network: Network, objectId: string, metrics: Record<string, unknown>, key?: string) => {
    const response = await control(t, '/metrics', { method: 'PUT', body: { network, objectId, metrics }, key });
    if (!response.ok) throw new Error(`The emulator refused the metrics: ${await response.text()}`);
  };
  const readsOf = async (network: Network, objectId: string, key?: string): Promise<number> =>
    (
      (await (await control(t, `/metrics?network=${network}&objectId=${objectId}`, { key })).json()) as {
        data: { reads: number };
      }
    ).data.reads;
  const byName = (metrics: MetricView[]) => Object.fromEntries(metrics.map((metric) => [metric.name, metric]));
  const platformPostId = (network: Network) => posts[network].deliveries[0]!.platformPostId!;

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    acme = await t.createCustomer('acme');
    other = await t.createCustomer('other');
    await t.app.get(RedirectUrlsService).add(acme.id, REDIRECT);
    for (const network of NETWORKS) {
      accounts[network] = await connectWorldAccount(t, acme, network, TENANT, REDIRECT);
    }
    const photo = media.url('photo.jpg');
    // Instagram's post is a carousel, made below.
    for (const network of NETWORKS.filter((network) => network !== 'instagram'))
      posts[network] = await publishTo(t, acme, TENANT, network, accounts[network].id, `Metrics on ${network}`, photo);
    // A carousel: Instagram reports no views of its own for one.
    const carousel = await createPost(t, acme, {
      tenant_id: TENANT,
      accounts: [accounts.instagram.id],
      containers: [
        { content: 'Metrics on Instagram', media: [{ url: media.url('photo.jpg') }, { url: media.url('photo.jpg') }] },
      ],
    });
    expect(carousel.status).toBe(202);
    posts.instagram = await settledPost(t, acme, carousel.body.data.id);
    for (const network of NETWORKS)
      expect({ network, status: posts[network].status }).toEqual({ network, status: 'published' });
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.db.drop();
    await media?.close();
  });

  it("reads each network's metrics of a published post, saying per metric what the network cannot give", async () => {
    // Told before the first read: a Facebook insight the network leaves out, and X numbers (X's
    // document requires every public_metrics count, so X never leaves one out).
    await setMetrics('facebook', platformPostId('facebook'), {
      post_media_view: 'unsupported',
      post_total_media_view_unique: 321,
      reactions: 12,
    });
    await setMetrics('x', platformPostId('x'), {
      like_count: 4242,
      impression_count: 99_999,
      bookmark_count: 7,
    });

    const answers = {} as Record<Network, Record<string, MetricView>>;
    for (const network of NETWORKS) {
      const { metrics } = await capabilitiesOf(t, acme.apiKey, network);
      const response = await get(acme, `/posts/${posts[network].id}/metrics`);
      expect(response.status).toBe(200);
      const body = response.body.data as PostMetricsView;
      expect(body.postId).toBe(posts[network].id);
      expect(body.deliveries).toHaveLength(1);
      const [delivery] = body.deliveries;
      expect(delivery).toMatchObject({
        deliveryId: posts[network].deliveries[0]!.id,
        accountId: accounts[network].id,
        platform: network,
        platformPostId: platformPostId(network),
        refreshError: null,
      });
      expect(Date.parse(delivery!.fetchedAt!)).not.toBeNaN();
      answers[network] = byName(delivery!.metrics);
      // Each metric the document names, each a count or unavailable with a reason.
      expect({ network, names: Object.keys(answers[network]).sort() }).toEqual({
        network,
        names: [...metrics.post].sort(),
      });
      for (const metric of delivery!.metrics)
        expect({ network, metric }).toEqual({
          network,
          metric: metric.value === null ? expect.objectContaining({ unavailableReason: expect.any(String) }) : metric,
        });
    }

    // Meta's post_media_view and post_total_media_view_unique (post_impressions* are gone for every version).
    expect(Object.keys(answers.facebook).sort()).toEqual(['comments', 'reactions', 'shares', 'viewers', 'views']);
    expect(answers.facebook.views).toMatchObject({ value: null, unavailableReason: 'not_reported' });
    expect(answers.facebook.viewers!.value).toBe(321);
    expect(answers.facebook.reactions).toEqual({
      name: 'reactions',
      value: 12,
      unavailableReason: null,
      message: null,
    });

    expect(Object.keys(answers.instagram).sort()).toEqual(['comments', 'likes', 'reach', 'saves', 'shares', 'views']);
    expect(answers.instagram.views).toMatchObject({ value: null, unavailableReason: 'unsupported_media_type' });
    expect(answers.instagram.views!.message).toMatch(/views/);
    for (const name of ['reach', 'likes', 'comments', 'saves', 'shares'])
      expect({ name, value: answers.instagram[name]!.value }).toEqual({ name, value: expect.any(Number) });

    expect(answers.x.likes!.value).toBe(4242);
    expect(answers.x.impressions!.value).toBe(99_999);
    expect(answers.x.bookmarks).toMatchObject({ value: 7, unavailableReason: null });
    for (const name of ['comments', 'shares', 'quotes'])
      expect({ name, value: answers.x[name]!.value }).toEqual({ name, value: expect.any(Number) });
  });

  it('answers a second request within the window from the cache, without calling the network', async () => {
    const first = (await get(acme, `/posts/${posts.x.id}/metrics`)).body.data as PostMetricsView;
    const readsBefore = await readsOf('x', platformPostId('x'));
    expect(readsBefore).toBeGreaterThanOrEqual(1);
    await setMetrics('x', platformPostId('x'), { like_count: 5000 });

    const second = (await get(acme, `/posts/${posts.x.id}/metrics`)).body.data as PostMetricsView;
    expect(await readsOf('x', platformPostId('x'))).toBe(readsBefore);
    expect(second.deliveries[0]!.fetchedAt).toBe(first.deliveries[0]!.fetchedAt);
    expect(byName(second.deliveries[0]!.metrics).likes!.value).toBe(4242);
  });

  it("shows a post's last metrics on the dashboard's post page, without calling the network", async () => {
    await t.app.get(DashboardUsersService).create(acme.id, 'ops-metrics@example.com', 'a long dashboard password');
    const session = await signedIn(t, 'ops-metrics@example.com', 'a long dashboard password');
    const readsBefore = await readsOf('x', platformPostId('x'));
    const page = await request(t.server).get(`/dashboard/posts/${posts.x.id}`).set('Cookie', session.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Metrics');
    expect(page.text).toContain('4,242');
    // Facebook's views were left out on purpose by the first test; they show as unavailable.
    const facebookPage = await request(t.server)
      .get(`/dashboard/posts/${posts.facebook.id}`)
      .set('Cookie', session.cookie);
    expect(facebookPage.text).toContain('unavailable (not_reported)');
    expect(await readsOf('x', platformPostId('x'))).toBe(readsBefore);
  });

  it("reads each account's followers and what else its network offers", async () => {
    await setMetrics('x', accounts.x.networkAccountId, { followers_count: 777 });
    // The organization LinkedIn's fixture connects: networkSizes' firstDegreeSize.
    await setMetrics('linkedin', accounts.linkedin.networkAccountId, { firstDegreeSize: 4242 });
    for (const network of NETWORKS) {
      const expected = [...(await capabilitiesOf(t, acme.apiKey, network)).metrics.account].sort();
      const response = await get(acme, `/social-accounts/${accounts[network].id}/metrics`);
      expect(response.status).toBe(200);
      const body = response.body.data as AccountMetricsView;
      expect(body).toMatchObject({ accountId: accounts[network].id, platform: network, refreshError: null });
      const metrics = byName(body.metrics);
      expect({ network, names: Object.keys(metrics).sort() }).toEqual({ network, names: expected });
      for (const metric of body.metrics)
        expect({ network, ...metric }).toMatchObject({ network, value: expect.any(Number) });
    }
    const x = (await get(acme, `/social-accounts/${accounts.x.id}/metrics`)).body.data as AccountMetricsView;
    expect(byName(x.metrics).followers!.value).toBe(777);
    expect(byName(x.metrics).posts!.value).toBeGreaterThanOrEqual(1);
    const linkedin = (await get(acme, `/social-accounts/${accounts.linkedin.id}/metrics`)).body
      .data as AccountMetricsView;
    expect(accounts.linkedin.networkAccountId).toMatch(/^urn:li:organization:/);
    expect(byName(linkedin.metrics).followers!.value).toBe(4242);
  });

  it("answers 404 for another customer's post or account, and reads nothing", async () => {
    const readsBefore = await readsOf('facebook', platformPostId('facebook'));
    const post = await get(other, `/posts/${posts.facebook.id}/metrics`);
    expect(post.status).toBe(404);
    expect(post.body).toMatchObject({ success: false, error: { code: 'not_found' } });
    const account = await get(other, `/social-accounts/${accounts.facebook.id}/metrics`);
    expect(account.status).toBe(404);
    expect(account.body).toMatchObject({ success: false, error: { code: 'not_found' } });
    expect(await readsOf('facebook', platformPostId('facebook'))).toBe(readsBefore);
  });

  it('queues background reads of the posts that are due, and not of those read within the hour', async () => {
    const deliveryIds = NETWORKS.map((network) => ({ deliveryId: posts[network].deliveries[0]!.id }));
    const now = await t.app.get(MetricsScan).scanOnce(new Date());
    expect(
      now.ran &&
        now.queued.filter((payload) =>
          deliveryIds.some((id) => 'deliveryId' in payload && id.deliveryId === payload.deliveryId),
        ),
    ).toEqual([]);
    const inTwoHours = await t.app.get(MetricsScan).scanOnce(new Date(Date.now() + 2 * 3600_000));
    expect(inTwoHours.ran).toBe(true);
    const queued = inTwoHours.ran ? inTwoHours.queued : [];
    for (const id of deliveryIds) expect(queued).toContainEqual(id);
  });

  it('reads a due post in the background, through the worker, and stores what it read', async () => {
    const deliveryId = posts.x.deliveries[0]!.id;
    await setMetrics('x', platformPostId('x'), { like_count: 6000 });
    // The scans of the test before queued reads of these posts: the worker must be done with them,
    // or one would refresh the row after the UPDATE below and make the post no longer due.
    await until('the reads queued before to finish', async () => {
      const [{ waiting }] = await t.db.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM graphile_worker._private_jobs j
           JOIN graphile_worker._private_tasks k ON k.id = j.task_id
          WHERE k.identifier = $1 AND j.attempts < j.max_attempts`,
        [REFRESH_METRICS_TASK],
      );
      return waiting === 0;
    });
    const readsBefore = await readsOf('x', platformPostId('x'));
    // As if the last read were an hour old: due by its schedule, outside the request window.
    await t.db.query(
      `UPDATE metric_snapshots SET not_before = now() - interval '1 minute', next_refresh_at = now() - interval '1 minute'
        WHERE subject_kind = 'delivery' AND subject_id = $1`,
      [deliveryId],
    );
    // The service's own scheduled scan may hold the scan's lock at this moment (it then answers
    // ran: false): scan until this one runs.
    const scan = await until('a metrics scan to run', async () => {
      const result = await t.app.get(MetricsScan).scanOnce();
      return result.ran ? result : undefined;
    });
    expect(scan.queued).toContainEqual({ deliveryId });
    await until('the queued read to be made', async () => (await readsOf('x', platformPostId('x'))) !== readsBefore);
    expect(await readsOf('x', platformPostId('x'))).toBe(readsBefore + 1);
    const [row] = await t.db.query<{ next_refresh_at: Date; not_before: Date }>(
      "SELECT next_refresh_at, not_before FROM metric_snapshots WHERE subject_kind = 'delivery' AND subject_id = $1",
      [deliveryId],
    );
    expect(row!.next_refresh_at.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    // The request that follows is inside the window the worker's read opened: it answers what the worker read.
    const answer = (await get(acme, `/posts/${posts.x.id}/metrics`)).body.data as PostMetricsView;
    expect(byName(answer.deliveries[0]!.metrics).likes!.value).toBe(6000);
    expect(await readsOf('x', platformPostId('x'))).toBe(readsBefore + 1);
  });

  it("refuses control API metrics that are not counts, 'unsupported' or null, and an unknown network", async () => {
    for (const body of [
      { network: 'x', objectId: platformPostId('x'), metrics: { like_count: -1 } },
      { network: 'x', objectId: platformPostId('x'), metrics: { like_count: 'many' } },
      { network: 'myspace', objectId: platformPostId('x'), metrics: { like_count: 1 } },
      { network: 'x', objectId: '../etc', metrics: { like_count: 1 } },
    ]) {
      const response = await control(t, '/metrics', { method: 'PUT', body });
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
  });

  it("works with a test key, in the test world's own emulator", async () => {
    const sandbox = await testWorldOf(t, acme);
    const account = await connectWorldAccount(t, sandbox, 'x', TENANT, REDIRECT);
    const post = await publishTo(t, sandbox, TENANT, 'x', account.id, 'Metrics in the sandbox', '');
    expect(post.status).toBe('published');
    const tweetId = post.deliveries[0]!.platformPostId!;
    await setMetrics('x', tweetId, { repost_count: 31 }, sandbox.apiKey);
    const response = await get(sandbox, `/posts/${post.id}/metrics`);
    expect(response.status).toBe(200);
    const metrics = byName((response.body.data as PostMetricsView).deliveries[0]!.metrics);
    expect(metrics.shares!.value).toBe(31);
    expect(await readsOf('x', tweetId, sandbox.apiKey)).toBe(1);
    // The live customer does not see the test world's post.
    expect((await get(acme, `/posts/${post.id}/metrics`)).status).toBe(404);

    // Rate limited for the next hour: the read fails, says why, and nothing reads before the limit ends.
    const limited = await publishTo(t, sandbox, TENANT, 'x', account.id, 'Metrics rate limited', '');
    const fault = await control(t, '/faults', {
      method: 'POST',
      key: sandbox.apiKey,
      body: {
        network: 'x',
        accountId: account.networkAccountId,
        fault: 'rate_limited',
        count: 1,
        resetInSeconds: 3600,
      },
    });
    expect(fault.status).toBe(201);
    const refused = (await get(sandbox, `/posts/${limited.id}/metrics`)).body.data as PostMetricsView;
    expect(refused.deliveries[0]).toMatchObject({ fetchedAt: null, metrics: [], refreshError: expect.any(String) });
    const deliveryId = { deliveryId: limited.deliveries[0]!.id };
    const scan = t.app.get(MetricsScan);
    const inHalfAnHour = await scan.scanOnce(new Date(Date.now() + 30 * 60_000));
    expect(inHalfAnHour.ran && inHalfAnHour.queued).not.toContainEqual(deliveryId);
    const inTwoHours = await scan.scanOnce(new Date(Date.now() + 2 * 3600_000));
    expect(inTwoHours.ran && inTwoHours.queued).toContainEqual(deliveryId);
  });
});
