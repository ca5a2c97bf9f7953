import { randomBytes } from 'node:crypto';
import { SchedulerRegistry } from '@nestjs/schedule';
import request from 'supertest';
import { AccountsStore } from '../../src/accounts/accounts.store';
import { TokenVault } from '../../src/accounts/token-vault';
import { MetricView } from '../../src/metrics/dto/metric.view';
import { PostMetricsView } from '../../src/metrics/dto/metrics.views';
import { TOKEN_SCAN } from '../../src/scheduling/periodic-tasks';
import { TokenScan } from '../../src/token-lifecycle/token-scan';
import { connectAccount, ConnectedAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { emulatorControl } from '../support/emulator-control';
import { startMediaServer } from '../support/media-server';
import { awaitingRetry, createPost, makeDueNow, publishSettled, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const TENANT = 'tenant-tiktok';

/**
 * What is TikTok's own, end to end against the emulated open.tiktokapis.com: connecting a creator,
 * a video uploaded from the service's bytes and followed through processing to PUBLISH_COMPLETE
 * under its exact public id, photos pulled by URL, a private post (no public id: the publish id is
 * kept), a draft sent to the inbox, the privacy level refused when missing or not offered, a post
 * that stays in processing then completes and one that fails with TikTok's reason, an unaudited
 * app, a lost answer published once, no unpublish and no comments, the video query's counts, the
 * token refreshed before its 24 hours and an expired one, the per-minute limit waited out.
 */
describe('TikTok (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;

  const { control, published, clearFaults } = emulatorControl(() => t.baseUrl);
  const publishedBy = (account: ConnectedAccount) => published('tiktok', account.networkAccountId);
  const auth = () => ({ Authorization: `Bearer ${customer.apiKey}` });

  /** A creator of their own (a private account where asked), connected. */
  async function creatorAccount(tiktok: Record<string, unknown> = {}): Promise<ConnectedAccount> {
    const id = `tt_${randomBytes(5).toString('hex')}`;
    await control('POST', '/users', { id, name: id, tiktok: { username: id, ...tiktok } });
    return connectAccount(t, customer, 'tiktok', TENANT, { emulatorUser: id });
  }
  const body = (account: ConnectedAccount, containers: unknown[], options?: Record<string, unknown>) => ({
    tenant_id: TENANT,
    accounts: [account.id],
    containers,
    ...(options ? { options: { tiktok: options } } : {}),
  });
  const publish = (account: ConnectedAccount, containers: unknown[], options: Record<string, unknown>) =>
    publishSettled(t, customer, body(account, containers, options));
  const video = (content: string) => [{ content, media: [{ url: media.url('clip.mp4') }] }];
  const PUBLIC = { privacyLevel: 'PUBLIC_TO_EVERYONE' };

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true', TIKTOK_POLL_MS: '1000' } });
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
    await control('PUT', '/settings', { tiktokProcessingPolls: 1, tiktokAuditedClient: true });
  });

  it('connects a creator with the 24-hour token and the refresh token, named by the username creator_info gives', async () => {
    const account = await creatorAccount();
    const stored = (await t.app.get(AccountsStore).findById(customer.id, account.id))!;
    expect(stored.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(stored.tokenExpiresAt!.getTime()).toBeLessThan(Date.now() + 25 * 3600_000);
    expect(t.app.get(TokenVault).open(stored.id, stored, stored.tokenExpiresAt)!.refreshToken).toMatch(/^rft\./);
    expect(stored.username).toMatch(/^tt_/);
  });

  it('publishes a video only once TikTok completes it, under its exact public id, with the options sent', async () => {
    const account = await creatorAccount();
    const post = await publish(account, video('Kneading #bread'), {
      ...PUBLIC,
      disableComment: true,
      brandOrganicToggle: true,
      isAigc: false,
    });
    expect(post.status).toBe('published');
    // Read PROCESSING_UPLOAD once after the upload: one more attempt, TIKTOK_POLL_MS later.
    expect(post.deliveries[0]!.attempts).toBe(2);
    const [item] = await publishedBy(account);
    expect(item!.postId).toMatch(/^\d{19}$/);
    expect(post.deliveries[0]!.platformPostId).toBe(item!.postId);
    expect(post.deliveries[0]!.permalink).toContain(`/emulator/tiktok/@${account.username}/video/${item!.postId}`);
    expect(item).toMatchObject({
      text: 'Kneading #bread',
      media: [expect.objectContaining({ type: 'video', size: 4096 })],
      tiktok: expect.objectContaining({
        privacyLevel: 'PUBLIC_TO_EVERYONE',
        disableComment: true,
        brandOrganic: true,
        source: 'FILE_UPLOAD',
      }),
    });
  });

  it('publishes photos by URL, a private post under its publish id, and a draft to the inbox', async () => {
    const account = await creatorAccount();
    const photos = await publish(
      account,
      [{ content: 'Two loaves', media: [{ url: media.url('a.jpg') }, { url: media.url('b.jpg') }] }],
      { ...PUBLIC, title: 'Loaves', photoCoverIndex: 1 },
    );
    const privately = await publish(account, video('Just for me'), { privacyLevel: 'SELF_ONLY' });
    const draft = await publish(account, video(''), { privacyLevel: 'SELF_ONLY', mode: 'draft' });
    for (const post of [photos, privately, draft]) expect(post.status).toBe('published');
    expect(privately.deliveries[0]!.platformPostId).toMatch(/^v_pub_file~/);
    expect(privately.deliveries[0]!.permalink).toBeNull();
    expect(draft.deliveries[0]!.permalink).toBeNull();
    const items = await publishedBy(account);
    // The draft is in the creator's inbox, not on the profile.
    expect(items.map((item) => item.tiktok!.privacyLevel)).toEqual(['PUBLIC_TO_EVERYONE', 'SELF_ONLY']);
    expect(items[0]).toMatchObject({
      text: 'Two loaves',
      media: [{ type: 'image' }, { type: 'image' }],
      tiktok: { title: 'Loaves' },
    });
  });

  it('refuses a post without privacyLevel (422 naming it), and fails one whose level the account does not offer', async () => {
    const account = await creatorAccount({ privateAccount: true });
    const missing = await createPost(t, customer, body(account, video('No level')));
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toEqual([
      { field: 'options.tiktok.privacyLevel', message: expect.stringContaining("TikTok's rules forbid a default") },
    ]);
    // The level is each account's as resolved: given in the account's override alone, it is enough.
    const overridden = await request(t.server)
      .post('/api/v1/posts/validate')
      .set(auth())
      .send({
        tenant_id: TENANT,
        accounts: [account.id],
        containers: video('Level in the override'),
        accountOverrides: [{ account: account.id, options: { privacyLevel: 'SELF_ONLY' } }],
      });
    expect({
      status: overridden.status,
      valid: overridden.body.data.valid,
      problems: overridden.body.data.problems,
    }).toEqual({
      status: 200,
      valid: true,
      problems: [],
    });
    const notOffered = await publish(account, video('Public?'), PUBLIC);
    expect(notOffered.deliveries[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: { message: expect.stringContaining('offers FOLLOWER_OF_CREATOR, MUTUAL_FOLLOW_FRIENDS, SELF_ONLY') },
    });
    expect(await publishedBy(account)).toEqual([]);
  });

  it('follows a post that stays in processing to its end, and fails one TikTok fails with its reason (a broken video, photos it cannot fetch)', async () => {
    const account = await creatorAccount();
    await control('PUT', '/settings', { tiktokProcessingPolls: 2 });
    const slow = await publish(account, video('Slow'), PUBLIC);
    expect(slow.deliveries[0]).toMatchObject({ status: 'published', attempts: 3 });
    await control('POST', '/faults', {
      network: 'tiktok',
      accountId: account.networkAccountId,
      fault: 'container_error',
      count: 1,
    });
    const failing = await publish(account, video('Broken'), PUBLIC);
    expect(failing.deliveries[0]).toMatchObject({
      status: 'failed',
      error: { message: expect.stringContaining('file_format_check_failed') },
    });
    // TikTok pulls photos: one it cannot fetch (the media server answers 404) ends FAILED too.
    const unreachable = await publish(
      account,
      [{ content: 'Gone', media: [{ url: media.url('missing-photo.jpg') }] }],
      PUBLIC,
    );
    expect(unreachable.deliveries[0]).toMatchObject({
      status: 'failed',
      error: { code: 'media_unavailable', message: expect.stringContaining('photo_pull_failed') },
    });
    expect((await publishedBy(account)).map((item) => item.text)).toEqual(['Slow']);
  });

  it('fails a public post of an app TikTok has not audited, saying it posts privately only', async () => {
    const account = await creatorAccount();
    await control('PUT', '/settings', { tiktokAuditedClient: false });
    const post = await publish(account, video('Not yet'), PUBLIC);
    expect(post.deliveries[0]).toMatchObject({
      status: 'failed',
      error: { message: expect.stringContaining('posts privately only (privacyLevel SELF_ONLY)') },
    });
    const privately = await publish(account, video('Private is fine'), { privacyLevel: 'SELF_ONLY' });
    expect(privately.status).toBe('published');
  });

  it('after a lost answer to the upload’s init, the next attempt opens a new upload: the post is published once', async () => {
    const account = await creatorAccount();
    await control('POST', '/faults', {
      network: 'tiktok',
      accountId: account.networkAccountId,
      fault: 'answer_lost',
      count: 1,
    });
    const accepted = await createPost(t, customer, body(account, video('Only once'), PUBLIC));
    const deliveryId = accepted.body.data.deliveries[0].id as string;
    await awaitingRetry(t, deliveryId, 'network_unavailable');
    await makeDueNow(t, deliveryId);
    const post = await settledPost(t, customer, accepted.body.data.id, 30_000);
    expect(post.deliveries[0]!.status).toBe('published');
    expect((await publishedBy(account)).map((item) => item.postId)).toEqual([post.deliveries[0]!.platformPostId]);
  });

  it('after a lost answer to a photo post’s init, finds the post among the creator’s public posts: published once', async () => {
    const account = await creatorAccount();
    await control('POST', '/faults', {
      network: 'tiktok',
      accountId: account.networkAccountId,
      fault: 'answer_lost',
      count: 1,
    });
    const accepted = await createPost(
      t,
      customer,
      body(account, [{ content: 'Pulled once', media: [{ url: media.url('photo.jpg') }] }], PUBLIC),
    );
    const deliveryId = accepted.body.data.deliveries[0].id as string;
    await awaitingRetry(t, deliveryId, 'network_unavailable');
    await makeDueNow(t, deliveryId);
    const post = await settledPost(t, customer, accepted.body.data.id, 30_000);
    expect(post.deliveries[0]!.status).toBe('published');
    const items = await publishedBy(account);
    expect(items.map((item) => item.postId)).toEqual([post.deliveries[0]!.platformPostId]);
    expect(items[0]!.text).toBe('Pulled once');
  });

  it('says TikTok cannot unpublish and has no comments API', async () => {
    const account = await creatorAccount();
    const post = await publish(account, video('Here to stay'), PUBLIC);
    const unpublished = await request(t.server).post(`/api/v1/posts/${post.id}/unpublish`).set(auth());
    expect(JSON.stringify(unpublished.body)).toContain('unpublish_not_supported');
    const comments = await request(t.server)
      .get(`/api/v1/posts/${post.id}/comments`)
      .query({ deliveryId: post.deliveries[0]!.id })
      .set(auth());
    expect(comments.status).toBe(409);
    const document = await request(t.server).get('/api/v1/networks/tiktok').set(auth());
    expect(document.body.data).toMatchObject({ comments: { supported: false }, unpublish: { supported: false } });
  });

  it("reads a public video's counts from the video query in the service's metric names", async () => {
    const account = await creatorAccount();
    const post = await publish(account, video('Counted'), PUBLIC);
    await control('PUT', '/metrics', {
      network: 'tiktok',
      objectId: post.deliveries[0]!.platformPostId,
      metrics: { view_count: 1234, share_count: 5 },
    });
    const response = await request(t.server).get(`/api/v1/posts/${post.id}/metrics`).set(auth());
    expect(response.status).toBe(200);
    const [delivery] = (response.body.data as PostMetricsView).deliveries;
    const byName = Object.fromEntries(delivery!.metrics.map((metric: MetricView) => [metric.name, metric]));
    expect(Object.keys(byName).sort()).toEqual(['comments', 'likes', 'shares', 'views']);
    expect(byName.views).toMatchObject({ value: 1234 });
    expect(byName.shares).toMatchObject({ value: 5 });
  });

  it('refreshes the token in its last 2 hours, and a token TikTok expired fails the post as on the other networks', async () => {
    const account = await creatorAccount();
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
    await t.db.query("UPDATE connected_accounts SET token_expires_at = now() + interval '1 hour' WHERE id = $1", [
      account.id,
    ]);
    const result = await t.app.get(TokenScan).scanOnce();
    expect(result.ran && result.enqueued).toContain(account.id);
    const after = await until('the token to be refreshed', async () => {
      const now = await tokensOf();
      return now.token !== before.token && now;
    });
    expect(after.status).toBe('active');
    expect(after.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);

    await control('POST', '/faults', {
      network: 'tiktok',
      accountId: account.networkAccountId,
      fault: 'token_expired',
      count: 1,
    });
    const failed = await publish(account, video('Never on TikTok'), PUBLIC);
    expect(failed.deliveries[0]).toEqual(
      expect.objectContaining({ status: 'failed', error: { code: 'token_expired', message: expect.any(String) } }),
    );
  });

  it('waits a minute after TikTok’s per-minute limit, then publishes', async () => {
    const account = await creatorAccount();
    await control('POST', '/faults', {
      network: 'tiktok',
      accountId: account.networkAccountId,
      fault: 'rate_limited',
      count: 1,
    });
    const started = Date.now();
    const accepted = await createPost(t, customer, body(account, video('After the limit'), PUBLIC));
    const deliveryId = accepted.body.data.deliveries[0].id as string;
    const waiting = await awaitingRetry(t, deliveryId, 'rate_limited');
    expect(waiting.due_at!.getTime()).toBeGreaterThanOrEqual(started + 55_000);
    await makeDueNow(t, deliveryId);
    const settled = await settledPost(t, customer, accepted.body.data.id, 30_000);
    expect(settled.deliveries[0]).toMatchObject({ status: 'published' });
  });
});
