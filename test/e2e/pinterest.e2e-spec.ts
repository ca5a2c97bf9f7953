import { randomBytes } from 'node:crypto';
import { SchedulerRegistry } from '@nestjs/schedule';
import request from 'supertest';
import { AccountsStore } from '../../src/accounts/accounts.store';
import { TokenVault } from '../../src/accounts/token-vault';
import { MetricView } from '../../src/metrics/dto/metric.view';
import { PostMetricsView } from '../../src/metrics/dto/metrics.views';
import { PostView } from '../../src/posts/dto/post.view';
import { TOKEN_SCAN } from '../../src/scheduling/periodic-tasks';
import { TokenScan } from '../../src/token-lifecycle/token-scan';
import { connectAccount, ConnectedAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { emulatorControl } from '../support/emulator-control';
import { startMediaServer } from '../support/media-server';
import { requiredPostOptions } from '../support/network-cases';
import { awaitingRetry, createPost, getPost, makeDueNow, publishSettled, settledPost } from '../support/posts';
import { connectWorldAccount, testWorldOf } from '../support/sandbox-worlds';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const TENANT = 'tenant-pinterest';

/**
 * What is Pinterest's own, end to end against the emulated api.pinterest.com: the account's boards
 * and sections listed for a client to pick, a pin refused without its board, each kind of pin (an
 * image with its options, a carousel, a video registered, uploaded and processed, one whose
 * processing fails), a lost answer resumed without a second pin, unpublishing, pin analytics, no
 * comments, the continuous refresh token replaced at each refresh and an expired token, and
 * Pinterest's per-minute limit. The generic e2e tests cover Pinterest beside the others.
 */
describe('Pinterest (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;

  const { control, published, clearFaults } = emulatorControl(() => t.baseUrl);
  const auth = () => ({ Authorization: `Bearer ${customer.apiKey}` });

  /** A user of its own with two boards (the first with two sections), connected. */
  async function account(): Promise<ConnectedAccount & { boards: { id: string; sections: string[] }[] }> {
    const id = `pin-${randomBytes(5).toString('hex')}`;
    await control('POST', '/users', {
      id,
      name: id,
      pinterest: {
        username: id.replace(/-/g, '_'),
        boards: [
          { name: 'Bread', sections: ['Sourdough', 'Rye'] },
          { name: 'Cakes', privacy: 'SECRET' },
        ],
      },
    });
    const connected = await connectAccount(t, customer, 'pinterest', TENANT, { emulatorUser: id });
    const boards = await request(t.server).get(`/api/v1/social-accounts/${connected.id}/boards`).set(auth());
    return {
      ...connected,
      boards: (boards.body.data.boards as { id: string; sections: { id: string }[] }[]).map((board) => ({
        id: board.id,
        sections: board.sections.map((section) => section.id),
      })),
    };
  }

  const body = (to: ConnectedAccount, containers: unknown[], options: Record<string, unknown>) => ({
    tenant_id: TENANT,
    accounts: [to.id],
    containers,
    options: { pinterest: options },
  });

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true', PINTEREST_POLL_MS: '1000' } });
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

  it("lists the account's boards and their sections; an account of a network without boards answers 409", async () => {
    const pinner = await account();
    const listed = await request(t.server).get(`/api/v1/social-accounts/${pinner.id}/boards`).set(auth());
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual({
      option: 'boardId',
      sectionOption: 'boardSectionId',
      boards: [
        {
          id: expect.stringMatching(/^\d+$/),
          name: 'Bread',
          privacy: 'PUBLIC',
          sections: [
            { id: expect.any(String), name: 'Sourdough' },
            { id: expect.any(String), name: 'Rye' },
          ],
        },
        { id: expect.stringMatching(/^\d+$/), name: 'Cakes', privacy: 'SECRET', sections: [] },
      ],
    });
    const x = await connectAccount(t, customer, 'x', 'tenant-x-boards');
    const refused = await request(t.server).get(`/api/v1/social-accounts/${x.id}/boards`).set(auth());
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('boards_not_supported');
  });

  it('refuses a pin without its board (422 option_required), a title past 100, a thread and a GIF', async () => {
    const pinner = await account();
    const image = { content: 'Rye', media: [{ url: media.url('photo.jpg') }] };
    const noBoard = await createPost(t, customer, { tenant_id: TENANT, accounts: [pinner.id], containers: [image] });
    expect(noBoard.status).toBe(422);
    expect(noBoard.body.error.details).toEqual([
      { field: 'options.pinterest.boardId', message: expect.stringContaining('is required') },
    ]);
    const board = pinner.boards[0]!.id;
    const long = await createPost(t, customer, body(pinner, [image], { boardId: board, title: 'x'.repeat(101) }));
    expect(long.status).toBe(422);
    expect(long.body.error.details[0].field).toBe('options.pinterest.title');
    const thread = await createPost(t, customer, body(pinner, [image, { content: 'Two' }], { boardId: board }));
    expect(thread.status).toBe(422);
    const gif = await createPost(
      t,
      customer,
      body(pinner, [{ content: 'Gif', media: [{ url: media.url('a.gif') }] }], { boardId: board }),
    );
    expect(gif.status).toBe(422);
  });

  it('pins an image with its options, a carousel of three, and a video once processed', async () => {
    const pinner = await account();
    const [bread] = pinner.boards;
    const image = await publishSettled(
      t,
      customer,
      body(pinner, [{ content: 'Fresh rye', media: [{ url: media.url('photo.jpg'), altText: 'A rye loaf' }] }], {
        boardId: bread!.id,
        boardSectionId: bread!.sections[1],
        title: 'Rye',
        link: 'https://bakery.example/rye',
        dominantColor: '#6E7874',
      }),
    );
    const carousel = await publishSettled(
      t,
      customer,
      body(
        pinner,
        [{ content: 'Three', media: ['a.jpg', 'b.png', 'c.jpg'].map((name) => ({ url: media.url(name) })) }],
        {
          boardId: bread!.id,
        },
      ),
    );
    const video = await publishSettled(
      t,
      customer,
      body(pinner, [{ content: 'Rising', media: [{ url: media.url('clip.mp4') }] }], { boardId: pinner.boards[1]!.id }),
    );
    for (const post of [image, carousel, video]) expect(post.status).toBe('published');
    // Read processing first: one more attempt, PINTEREST_POLL_MS later.
    expect(video.deliveries[0]!.attempts).toBe(2);
    expect(image.deliveries[0]!.permalink).toMatch(/\/emulator\/pinterest\/pin\/\d+\/$/);
    const items = await published('pinterest', pinner.networkAccountId);
    const byId = (post: PostView) => items.find((item) => item.postId === post.deliveries[0]!.platformPostId)!;
    expect(byId(image)).toMatchObject({
      text: 'Fresh rye',
      media: [expect.objectContaining({ type: 'image', altText: 'A rye loaf' })],
      pinterest: {
        boardId: bread!.id,
        boardSectionId: bread!.sections[1],
        title: 'Rye',
        link: 'https://bakery.example/rye',
        altText: 'A rye loaf',
        dominantColor: '#6E7874',
        sourceType: 'image_url',
      },
    });
    expect(byId(carousel).pinterest!.sourceType).toBe('multiple_image_urls');
    expect(byId(carousel).media).toHaveLength(3);
    expect(byId(video).media).toEqual([expect.objectContaining({ type: 'video', size: 4096 })]);
    expect(byId(video).pinterest!.cover).toEqual({ keyFrameTime: 0 });
  });

  it('fails a video whose processing Pinterest failed, saying so', async () => {
    const pinner = await account();
    await control('POST', '/faults', {
      network: 'pinterest',
      accountId: pinner.networkAccountId,
      fault: 'upload_error',
      count: 1,
    });
    const post = await publishSettled(
      t,
      customer,
      body(pinner, [{ content: 'Broken', media: [{ url: media.url('clip.mp4') }] }], { boardId: pinner.boards[0]!.id }),
    );
    expect(post.deliveries[0]).toEqual(
      expect.objectContaining({
        status: 'failed',
        error: expect.objectContaining({ message: expect.stringContaining('could not process the video') }),
      }),
    );
    expect(await published('pinterest', pinner.networkAccountId)).toEqual([]);
  });

  it('after a lost answer to the creation, the next attempt finds the pin on its board: pinned once', async () => {
    const pinner = await account();
    await control('POST', '/faults', {
      network: 'pinterest',
      accountId: pinner.networkAccountId,
      fault: 'answer_lost',
      count: 1,
    });
    const accepted = await createPost(
      t,
      customer,
      body(pinner, [{ content: 'Only once', media: [{ url: media.url('photo.jpg') }] }], {
        boardId: pinner.boards[0]!.id,
      }),
    );
    const deliveryId = accepted.body.data.deliveries[0].id as string;
    await awaitingRetry(t, deliveryId, 'network_unavailable');
    expect(await published('pinterest', pinner.networkAccountId)).toHaveLength(1);
    await makeDueNow(t, deliveryId);
    const post = await settledPost(t, customer, accepted.body.data.id, 30_000);
    expect(post.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2 }));
    const items = await published('pinterest', pinner.networkAccountId);
    expect(items.map((item) => item.postId)).toEqual([post.deliveries[0]!.platformPostId]);
  });

  it('unpublishes a pin, reads its analytics in the service names, and has no comments', async () => {
    const pinner = await account();
    const post = await publishSettled(
      t,
      customer,
      body(pinner, [{ content: 'Counted', media: [{ url: media.url('photo.jpg') }] }], {
        boardId: pinner.boards[0]!.id,
      }),
    );
    await control('PUT', '/metrics', {
      network: 'pinterest',
      objectId: post.deliveries[0]!.platformPostId,
      metrics: { IMPRESSION: 321, SAVE: 9, PIN_CLICK: 14, OUTBOUND_CLICK: 5 },
    });
    const metrics = await request(t.server).get(`/api/v1/posts/${post.id}/metrics`).set(auth());
    expect(metrics.status).toBe(200);
    const [delivery] = (metrics.body.data as PostMetricsView).deliveries;
    const byName = Object.fromEntries(delivery!.metrics.map((metric: MetricView) => [metric.name, metric.value]));
    expect(byName).toEqual({ impressions: 321, saves: 9, clicks: 14, outbound_clicks: 5 });
    const comments = await request(t.server)
      .get(`/api/v1/posts/${post.id}/comments`)
      .query({ deliveryId: post.deliveries[0]!.id })
      .set(auth());
    expect(comments.status).toBe(409);
    expect(comments.body.error.code).toBe('delivery_not_published');
    const answer = await request(t.server).post(`/api/v1/posts/${post.id}/unpublish`).set(auth());
    expect(answer.status).toBe(202);
    await until(
      'the pin to be deleted',
      async () => ((await getPost(t, customer, post.id)).body.data as PostView).status === 'deleted',
    );
    const [item] = await published('pinterest', pinner.networkAccountId);
    expect(item!.deletedAt).toEqual(expect.any(String));
  });

  it('refreshes in the last 7 days into a new continuous refresh token, and a token Pinterest refuses fails the pin', async () => {
    const pinner = await account();
    const vault = t.app.get(TokenVault);
    const tokensOf = async () => {
      const stored = (await t.app.get(AccountsStore).findById(customer.id, pinner.id))!;
      const tokens = vault.open(stored.id, stored, stored.tokenExpiresAt)!;
      return {
        status: stored.status,
        expiresAt: stored.tokenExpiresAt,
        token: tokens.accessToken,
        refresh: tokens.refreshToken,
      };
    };
    const before = await tokensOf();
    expect(before.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    await t.db.query("UPDATE connected_accounts SET token_expires_at = now() + interval '3 days' WHERE id = $1", [
      pinner.id,
    ]);
    await t.app.get(TokenScan).scanOnce();
    const after = await until('the token to be refreshed', async () => {
      const now = await tokensOf();
      return now.token !== before.token && now;
    });
    expect(after.status).toBe('active');
    expect(after.refresh).toEqual(expect.stringMatching(/^pinr_/));
    expect(after.refresh).not.toBe(before.refresh);

    await control('POST', '/faults', {
      network: 'pinterest',
      accountId: pinner.networkAccountId,
      fault: 'token_expired',
      count: 1,
    });
    const failed = await publishSettled(
      t,
      customer,
      body(pinner, [{ content: 'Never pinned', media: [{ url: media.url('photo.jpg') }] }], {
        boardId: pinner.boards[0]!.id,
      }),
    );
    expect(failed.deliveries[0]).toEqual(
      expect.objectContaining({ status: 'failed', error: { code: 'token_expired', message: expect.any(String) } }),
    );
  });

  it("pins a video in a test key's sandbox: the upload form finds the sandbox by its key", async () => {
    const sandbox = await testWorldOf(t, customer);
    const pinner = await connectWorldAccount(t, sandbox, 'pinterest', TENANT, 'https://app.example.com/connected');
    const post = await publishSettled(t, sandbox, {
      tenant_id: TENANT,
      accounts: [pinner.id],
      containers: [{ content: 'Sandbox video', media: [{ url: media.url('clip.mp4') }] }],
      options: requiredPostOptions('pinterest'),
    });
    expect(post.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2 }));
    // Not in the default world: in the sandbox of the test key.
    expect(await published('pinterest', pinner.networkAccountId)).toEqual([]);
  });

  it("waits out Pinterest's per-minute limit (429 code 8) until the next minute", async () => {
    const pinner = await account();
    await control('POST', '/faults', {
      network: 'pinterest',
      accountId: pinner.networkAccountId,
      fault: 'rate_limited',
      count: 1,
    });
    const started = Date.now();
    const accepted = await createPost(
      t,
      customer,
      body(pinner, [{ content: 'After the limit', media: [{ url: media.url('photo.jpg') }] }], {
        boardId: pinner.boards[0]!.id,
      }),
    );
    const deliveryId = accepted.body.data.deliveries[0].id as string;
    const waiting = await awaitingRetry(t, deliveryId, 'rate_limited');
    expect(waiting.due_at!.getTime()).toBeGreaterThanOrEqual(started + 55_000);
    await makeDueNow(t, deliveryId);
    const settled = await settledPost(t, customer, accepted.body.data.id, 30_000);
    expect(settled.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2 }));
  });
});
