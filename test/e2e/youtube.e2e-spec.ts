import { createHash, randomBytes } from 'node:crypto';
import { SchedulerRegistry } from '@nestjs/schedule';
import request from 'supertest';
import { AccountsStore } from '../../src/accounts/accounts.store';
import { TokenVault } from '../../src/accounts/token-vault';
import { youTubeQuotaDay } from '../../src/contracts';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { MetricView } from '../../src/metrics/dto/metric.view';
import { PostMetricsView } from '../../src/metrics/dto/metrics.views';
import { PostView } from '../../src/posts/dto/post.view';
import { TOKEN_SCAN } from '../../src/scheduling/periodic-tasks';
import { TokenScan } from '../../src/token-lifecycle/token-scan';
import { connectAccount, ConnectedAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { emulatorControl } from '../support/emulator-control';
import { LONG_VIDEO, startMediaServer } from '../support/media-server';
import { awaitingRetry, createPost, getPost, makeDueNow, publishSettled, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const TENANT = 'tenant-youtube';
const REQUIRED = { title: 'Fresh rye', madeForKids: false };

/**
 * What is YouTube's own, end to end against the emulated Google OAuth and youtube.googleapis.com:
 * connecting a channel (a refresh token kept across a consent that gives none), a video uploaded by
 * the resumable protocol in parts with every option and its thumbnail, the required options refused,
 * a break in the upload resumed and a lost last answer adopted (one video), processing followed,
 * deletes, statistics, comments answered once, refresh and expiry, and the quota: the service's own
 * count of the day and YouTube's 403 quotaExceeded both waited out until midnight Pacific. The
 * consent screen is asked without prompt=consent here (YOUTUBE_PROMPT_CONSENT=false), so a second
 * consent of the same user gets no refresh token, as Google answers.
 */
describe('YouTube (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;

  const { control, published, clearFaults } = emulatorControl(() => t.baseUrl);
  const auth = () => ({ Authorization: `Bearer ${customer.apiKey}` });
  const videos = async (channel: string) => (await published('youtube', channel)).filter((item) => !item.parentId);

  /** A user with a channel of their own, connected. */
  async function channelAccount(id = `yt-${randomBytes(5).toString('hex')}`): Promise<ConnectedAccount> {
    await control('POST', '/users', { id, name: id, youtube: { title: id, handle: id } }).catch(() => undefined);
    return connectAccount(t, customer, 'youtube', TENANT, { emulatorUser: id });
  }

  const publish = (account: ConnectedAccount, containers: unknown[], options: Record<string, unknown> = REQUIRED) =>
    publishSettled(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers,
      options: { youtube: options },
    });
  const video = (name = 'clip.mp4', content = 'Kneading, shaping, baking') => [
    { content, media: [{ url: media.url(name) }] },
  ];
  const storedTokens = async (accountId: string) => {
    const stored = (await t.app.get(AccountsStore).findById(customer.id, accountId))!;
    return { stored, tokens: t.app.get(TokenVault).open(stored.id, stored, stored.tokenExpiresAt)! };
  };

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({
      env: {
        ALLOW_PRIVATE_URLS: 'true',
        YOUTUBE_POLL_MS: '1000',
        YOUTUBE_PROMPT_CONSENT: 'false',
        // 1 MiB parts: long.mp4 (2.5 MiB) goes in three.
        YOUTUBE_UPLOAD_PART_BYTES: String(1024 * 1024),
      },
    });
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
    await control('PUT', '/settings', { enforceRateLimits: false, youtubeProcessingPolls: 1 });
  });

  it('connects a channel with an hour-long token and a refresh token, kept when a later consent gives none', async () => {
    const id = `yt-${randomBytes(5).toString('hex')}`;
    const account = await channelAccount(id);
    expect(account.networkAccountId).toMatch(/^UC[0-9A-Za-z_-]{22}$/);
    const first = await storedTokens(account.id);
    expect(first.stored.tokenExpiresAt!.getTime()).toBeLessThan(Date.now() + 3601_000);
    expect(first.tokens.refreshToken).toMatch(/^1\/\//);
    // The same user consents again: Google sends no refresh token this time; the stored one stays.
    const again = await connectAccount(t, customer, 'youtube', TENANT, { emulatorUser: id });
    expect(again.id).toBe(account.id);
    const second = await storedTokens(account.id);
    expect(second.tokens.accessToken).not.toBe(first.tokens.accessToken);
    expect(second.tokens.refreshToken).toBe(first.tokens.refreshToken);
  });

  it('publishes a video with its description and every option, then its thumbnail', async () => {
    const account = await channelAccount();
    const post = await publish(account, video(), {
      title: 'Rye, start to finish',
      madeForKids: false,
      privacyStatus: 'unlisted',
      tags: ['bread', 'rye bread'],
      categoryId: '26',
      containsSyntheticMedia: true,
      thumbnail: { url: media.url('cover.jpg') },
    });
    expect(post.status).toBe('published');
    const [item] = await videos(account.networkAccountId);
    expect(item).toMatchObject({
      text: 'Kneading, shaping, baking',
      media: [expect.objectContaining({ type: 'video', size: 4096 })],
      youtube: {
        title: 'Rye, start to finish',
        privacyStatus: 'unlisted',
        selfDeclaredMadeForKids: false,
        containsSyntheticMedia: true,
        tags: ['bread', 'rye bread'],
        categoryId: '26',
        thumbnailSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
    expect(post.deliveries[0]!.platformPostId).toBe(item!.postId);
    expect(post.deliveries[0]!.permalink).toMatch(/\/emulator\/youtube\/watch\?v=/);
  });

  it('refuses at the API a post without its title and audience, without a video, with < >, or with a thread', async () => {
    const account = await channelAccount();
    const body = (containers: unknown[], options?: Record<string, unknown>) => ({
      tenant_id: TENANT,
      accounts: [account.id],
      containers,
      ...(options ? { options: { youtube: options } } : {}),
    });
    const bare = await createPost(t, customer, body(video()));
    expect(bare.status).toBe(422);
    expect(bare.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'options.youtube.title', message: expect.stringContaining('title is required') },
        { field: 'options.youtube.madeForKids', message: expect.stringContaining('made for kids') },
      ]),
    );
    const text = await createPost(t, customer, body([{ content: 'No video' }], REQUIRED));
    expect(text.status).toBe(422);
    expect(text.body.error.details).toEqual([{ field: 'containers[0].media', message: expect.any(String) }]);
    const angled = await createPost(t, customer, body(video('clip.mp4', 'a <b> c'), REQUIRED));
    expect(angled.status).toBe(422);
    const longTitle = await createPost(t, customer, body(video(), { ...REQUIRED, title: 'x'.repeat(101) }));
    expect(longTitle.status).toBe(422);
    const thread = await createPost(t, customer, body([...video(), { content: 'Two' }], REQUIRED));
    expect(thread.status).toBe(422);
  });

  it('uploads in parts and, after a part is lost, resumes where YouTube says: one video, whole', async () => {
    const account = await channelAccount();
    await control('POST', '/faults', {
      network: 'youtube',
      accountId: account.networkAccountId,
      fault: 'server_error',
      count: 1,
    });
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: video('long.mp4'),
      options: { youtube: REQUIRED },
    });
    const deliveryId = accepted.body.data.deliveries[0].id as string;
    await awaitingRetry(t, deliveryId, 'network_unavailable');
    await makeDueNow(t, deliveryId);
    const post = await settledPost(t, customer, accepted.body.data.id, 30_000);
    expect(post.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2 }));
    const items = await videos(account.networkAccountId);
    expect(items).toHaveLength(1);
    expect(items[0]!.media[0]).toMatchObject({ size: LONG_VIDEO.length });
  });

  it('after the last part\u2019s answer is lost, the next attempt asks the session and adopts the video', async () => {
    const account = await channelAccount();
    await control('POST', '/faults', {
      network: 'youtube',
      accountId: account.networkAccountId,
      fault: 'answer_lost',
      count: 1,
    });
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: video(),
      options: { youtube: REQUIRED },
    });
    const deliveryId = accepted.body.data.deliveries[0].id as string;
    await awaitingRetry(t, deliveryId, 'network_unavailable');
    expect(await videos(account.networkAccountId)).toHaveLength(1);
    await makeDueNow(t, deliveryId);
    const post = await settledPost(t, customer, accepted.body.data.id, 30_000);
    expect(post.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2 }));
    const items = await videos(account.networkAccountId);
    expect(items.map((item) => item.postId)).toEqual([post.deliveries[0]!.platformPostId]);
    expect(items[0]!.media[0]!.sha256).toBe(createHash('sha256').update(Buffer.alloc(4096, 1)).digest('hex'));
  });

  it('is published only once YouTube has processed the upload', async () => {
    await control('PUT', '/settings', { youtubeProcessingPolls: 2 });
    const account = await channelAccount();
    const post = await publish(account, video());
    // Read `uploaded` first: one more attempt, YOUTUBE_POLL_MS later.
    expect(post.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2 }));
  });

  it('fails the delivery with YouTube\u2019s reason when the upload\u2019s processing fails', async () => {
    await control('PUT', '/settings', { youtubeProcessingPolls: 1000 });
    const account = await channelAccount();
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: video(),
      options: { youtube: REQUIRED },
    });
    const [uploaded] = await until('the upload to be on YouTube', async () => {
      const items = await videos(account.networkAccountId);
      return items.length ? items : undefined;
    });
    await control('PUT', `/youtube/videos/${uploaded!.postId}`, { failureReason: 'codec' });
    const post = await settledPost(t, customer, accepted.body.data.id, 30_000);
    expect(post.deliveries[0]).toEqual(
      expect.objectContaining({
        status: 'failed',
        error: { code: 'network_rejected', message: expect.stringContaining('codec') },
      }),
    );
  });

  it('unpublishes a video: videos.delete', async () => {
    const account = await channelAccount();
    const post = await publish(account, video());
    const answer = await request(t.server).post(`/api/v1/posts/${post.id}/unpublish`).set(auth());
    expect(answer.status).toBe(202);
    await until(
      'the video to be deleted',
      async () => ((await getPost(t, customer, post.id)).body.data as PostView).status === 'deleted',
    );
    const [item] = await videos(account.networkAccountId);
    expect(item!.deletedAt).toEqual(expect.any(String));
  });

  it("reads a video's views, likes and comments, and the channel's followers", async () => {
    const account = await channelAccount();
    const post = await publish(account, video());
    await control('PUT', '/metrics', {
      network: 'youtube',
      objectId: post.deliveries[0]!.platformPostId,
      metrics: { viewCount: 321, likeCount: 12, commentCount: 4 },
    });
    const response = await request(t.server).get(`/api/v1/posts/${post.id}/metrics`).set(auth());
    expect(response.status).toBe(200);
    const [delivery] = (response.body.data as PostMetricsView).deliveries;
    const byName = Object.fromEntries(delivery!.metrics.map((metric: MetricView) => [metric.name, metric]));
    expect(Object.keys(byName).sort()).toEqual(['comments', 'likes', 'views']);
    expect(byName).toMatchObject({ views: { value: 321 }, likes: { value: 12 }, comments: { value: 4 } });
    await control('PUT', '/metrics', {
      network: 'youtube',
      objectId: account.networkAccountId,
      metrics: { subscriberCount: 77 },
    });
    const accountMetrics = await request(t.server).get(`/api/v1/social-accounts/${account.id}/metrics`).set(auth());
    expect(accountMetrics.status).toBe(200);
    expect(JSON.stringify(accountMetrics.body.data)).toContain('followers');
  });

  it('lists comments newest first and answers one once, under its thread', async () => {
    const account = await channelAccount();
    const post = await publish(account, video());
    const objectId = post.deliveries[0]!.platformPostId!;
    const comment = (await control('POST', '/comments', {
      network: 'youtube',
      parentId: objectId,
      text: 'Which flour?',
      author: { id: '4242', username: 'a_reader' },
    })) as PublishedItem;
    const listed = await request(t.server)
      .get(`/api/v1/posts/${post.id}/comments`)
      .query({ deliveryId: post.deliveries[0]!.id })
      .set(auth());
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: comment.postId, text: 'Which flour?', own: false, replyToId: null }),
    ]);
    const answered = await request(t.server)
      .post(`/api/v1/posts/${post.id}/comments`)
      .set(auth())
      .set('Idempotency-Key', 'youtube-answer-1')
      .send({ deliveryId: post.deliveries[0]!.id, replyToId: comment.postId, text: 'Whole rye' });
    expect(answered.status).toBe(202);
    await until('the answer to be on YouTube', async () =>
      (await published('youtube', account.networkAccountId)).some((item) => item.text === 'Whole rye'),
    );
    const answers = (await published('youtube', account.networkAccountId)).filter((item) => item.text === 'Whole rye');
    expect(answers).toHaveLength(1);
    expect(answers[0]!.parentId).toBe(comment.postId);
  });

  it('refreshes with the refresh token before the hour is out, and a token YouTube refuses fails the post as on the other networks', async () => {
    const account = await channelAccount();
    const before = await storedTokens(account.id);
    await t.db.query("UPDATE connected_accounts SET token_expires_at = now() + interval '5 minutes' WHERE id = $1", [
      account.id,
    ]);
    const result = await t.app.get(TokenScan).scanOnce();
    expect(result.ran && result.enqueued).toContain(account.id);
    const after = await until('the token to be refreshed', async () => {
      const now = await storedTokens(account.id);
      return now.tokens.accessToken !== before.tokens.accessToken && now;
    });
    expect(after.tokens.refreshToken).toBe(before.tokens.refreshToken);
    expect(after.stored.status).toBe('active');

    await control('POST', '/faults', {
      network: 'youtube',
      accountId: account.networkAccountId,
      fault: 'token_expired',
      count: 1,
    });
    const failed = await publish(account, video());
    expect(failed.deliveries[0]).toEqual(
      expect.objectContaining({ status: 'failed', error: { code: 'token_expired', message: expect.any(String) } }),
    );
  });

  it("waits for the next quota day when the app's count for today is spent, without calling YouTube", async () => {
    const account = await channelAccount();
    await publish(account, video());
    const [row] = await t.db.query<{ app_key: string }>(
      "SELECT app_key FROM network_quota_usage WHERE network = 'youtube' LIMIT 1",
    );
    const day = youTubeQuotaDay(Date.now());
    // Today's uploads spent (100 by default): the next post must wait for midnight Pacific.
    await t.db.query(
      `UPDATE network_quota_usage SET used = 100 WHERE network = 'youtube' AND app_key = $1 AND quota_window = $2 AND bucket = 'videos.insert'`,
      [row!.app_key, day.day],
    );
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: video('clip.mp4', 'After the quota'),
      options: { youtube: REQUIRED },
    });
    const deliveryId = accepted.body.data.deliveries[0].id as string;
    const waiting = await awaitingRetry(t, deliveryId, 'rate_limited');
    expect(waiting.due_at!.getTime()).toBeGreaterThanOrEqual(day.endsAt);
    expect((await videos(account.networkAccountId)).map((item) => item.text)).not.toContain('After the quota');
    // The next quota day: a new window.
    await t.db.query(`DELETE FROM network_quota_usage WHERE network = 'youtube' AND quota_window = $1`, [day.day]);
    await makeDueNow(t, deliveryId);
    const settled = await settledPost(t, customer, accepted.body.data.id, 30_000);
    expect(settled.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2 }));
  });

  it("waits out YouTube's own 403 quotaExceeded until midnight Pacific", async () => {
    const account = await channelAccount();
    await control('POST', '/faults', {
      network: 'youtube',
      accountId: account.networkAccountId,
      fault: 'rate_limited',
      count: 1,
    });
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: video(),
      options: { youtube: REQUIRED },
    });
    const deliveryId = accepted.body.data.deliveries[0].id as string;
    const waiting = await awaitingRetry(t, deliveryId, 'rate_limited');
    expect(waiting.due_at!.getTime()).toBeGreaterThanOrEqual(youTubeQuotaDay(Date.now()).endsAt);
    await makeDueNow(t, deliveryId);
    const settled = await settledPost(t, customer, accepted.body.data.id, 30_000);
    expect(settled.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2 }));
  });
});
