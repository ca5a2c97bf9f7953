import { randomBytes } from 'node:crypto';
import { browse } from '../support/connect-flow';
import { freePort } from '../support/free-port';
import { cliCustomer, processEnv } from '../support/process-customer';
import { callPath, graphParams, HeldCall, HoldingProxy, ProxiedCall } from '../support/holding-proxy';
import { startMediaServer } from '../support/media-server';
import { assertServiceBuilt, ServiceProcess, startServiceProcess } from '../support/service-process';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { until } from '../support/until';
import { PublishedItem } from '../../src/emulator/state/published-log';

const REDIRECT = 'https://app.example.com/cb';
const RUN = randomBytes(4).toString('hex');

/** What the emulator's control API answers for /published: its own record. */
type Published = PublishedItem;

interface PostAnswer {
  status: string;
  deliveries: Array<{ status: string; platformPostId: string | null; attempts: number; error: unknown }>;
}

async function json<T>(response: Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}

/** Fails (rather than hangs) when the awaited call never comes. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const isPost = (call: ProxiedCall, pathEnd: string) => call.method === 'POST' && callPath(call).endsWith(pathEnd);

/**
 * The at-most-once promise on the Graph networks (and on X for what it shares with them: a post
 * known by its medium, not its text), with real processes: an API process (hosting the
 * emulator) and worker processes that reach the emulator through a proxy. The proxy lets one chosen
 * call through to the network, which carries it out, and holds its answer back; the worker is then
 * SIGKILLed, between the network acting and the worker committing what it did. A new worker takes
 * the job over once the dead one stops beating and must finish the delivery without making anything
 * twice on the network.
 */
describe('A worker killed mid-publish on Facebook and Instagram', () => {
  let db: TestDatabase;
  let api: ServiceProcess;
  let proxy: HoldingProxy;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  const workers: ServiceProcess[] = [];
  let baseUrl: string;
  let env: NodeJS.ProcessEnv;
  let headers: Record<string, string>;

  const control = (path: string, init?: RequestInit) =>
    fetch(`${baseUrl}/emulator/control${path}`, {
      ...init,
      headers: { ...(init?.body ? { 'Content-Type': 'application/json' } : {}), ...init?.headers },
    });
  const publishedBy = async (network: string, networkAccountId: string) =>
    (
      await json<{ data: Published[] }>(control(`/published?network=${network}&accountId=${networkAccountId}`))
    ).data.filter((item) => !item.deletedAt);
  const deliveryRow = async (postId: string) =>
    (
      await db.query<{ status: string; attempts: number; progress: Record<string, unknown> }>(
        'SELECT status, attempts, progress FROM deliveries WHERE post_id = $1',
        [postId],
      )
    )[0]!;
  /** Whether the worker holding the delivery's account lane has beaten (so that, once dead, it can be found dead). */
  const lockHolderHasBeaten = async (postId: string) =>
    (
      await db.query(
        'SELECT 1 FROM deliveries d JOIN publish_lanes l ON l.delivery_id = d.id JOIN worker_heartbeats h ON h.worker_id = l.claimed_by WHERE d.post_id = $1',
        [postId],
      )
    ).length > 0;

  /** A worker that reaches the networks through the proxy. */
  async function startWorker(extraEnv: Record<string, string> = {}): Promise<ServiceProcess> {
    const worker = startServiceProcess({
      ...env,
      ROLE: 'worker',
      NETWORK_EMULATOR_URL: `http://127.0.0.1:${proxy.port}/emulator`,
      ...extraEnv,
    });
    workers.push(worker);
    await worker.waitFor('Worker started');
    return worker;
  }

  /** A new emulator user with one Page, linked to an Instagram account, and an X profile, connected on the network. */
  async function connect(
    network: 'facebook' | 'instagram' | 'x',
    user: string,
  ): Promise<{ id: string; networkAccountId: string }> {
    const handle = user.replace(/-/g, '_');
    const created = await control('/users', {
      method: 'POST',
      body: JSON.stringify({
        id: user,
        name: user,
        pages: [{ name: `${user} page`, instagram: { username: handle } }],
        instagram: { username: handle },
        x: { username: handle },
      }),
    });
    expect(created.status).toBe(201);
    const authUrl = await json<{ data: { auth_url: string } }>(
      fetch(`${baseUrl}/api/v1/social-networks/${network}/auth-url`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ tenant_id: 't', redirect_uri: REDIRECT }),
      }),
    );
    const session = (await browse(authUrl.data.auth_url, { emulatorUser: user })).finalUrl.searchParams.get('session')!;
    const pending = await json<{ data: { availablePages: Array<{ id: string }> } }>(
      fetch(`${baseUrl}/api/v1/social-accounts/pending/${session}`, { headers }),
    );
    expect(pending.data.availablePages).toHaveLength(1);
    const networkAccountId = pending.data.availablePages[0]!.id;
    const finalized = await json<{ data: Array<{ id: string }> }>(
      fetch(`${baseUrl}/api/v1/social-accounts/pending/${session}/finalize`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ selectedPageIds: [networkAccountId] }),
      }),
    );
    return { id: finalized.data[0]!.id, networkAccountId };
  }

  const getPost = async (postId: string) =>
    (await json<{ data: PostAnswer }>(fetch(`${baseUrl}/api/v1/posts/${postId}`, { headers }))).data;

  /**
   * Starts a worker, posts, and SIGKILLs the worker once the network has answered the held call (the
   * worker still waiting for that answer). The kill waits until the worker has beaten at least once.
   */
  async function cutOff(
    accountId: string,
    containers: unknown[],
    holds: (call: ProxiedCall) => boolean,
    options: { workerEnv?: Record<string, string>; postOptions?: Record<string, unknown> } = {},
  ): Promise<{ postId: string; call: HeldCall }> {
    const held = proxy.holdNext(holds);
    const worker = await startWorker(options.workerEnv);
    const accepted = await json<{ data: { id: string } }>(
      fetch(`${baseUrl}/api/v1/posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ tenant_id: 't', accounts: [accountId], containers, options: options.postOptions }),
      }),
    );
    const postId = accepted.data.id;
    let call: HeldCall;
    try {
      call = await within(held, 30_000, 'The held call');
      await until(
        'the holder of the delivery to have beaten since its claim',
        () => lockHolderHasBeaten(postId),
        5_000,
        100,
      );
    } catch (error) {
      // Only when the call never came: what the worker said (routes aside) and what it asked the network.
      console.log(
        worker
          .output()
          .split('\n')
          .filter((line) => !/RouterExplorer|RoutesResolver|InstanceLoader/.test(line))
          .join('\n')
          .slice(-4000),
      );
      console.log(
        proxy.calls
          .slice(-10)
          .map((proxied) => `${proxied.method} ${proxied.url}`)
          .join('\n'),
      );
      throw error;
    }
    await worker.kill();
    // The network carried the call out (Graph answers 200, X 201 for a tweet).
    expect([200, 201]).toContain(call.status);
    const cut = await deliveryRow(postId);
    expect(cut).toEqual(expect.objectContaining({ status: 'publishing', attempts: 1 }));
    return { postId, call };
  }

  /** A new worker takes the job over and settles the delivery; it is stopped afterwards so that it takes no job of the next test. */
  async function takeOver(postId: string, timeoutMs = 30_000): Promise<{ post: PostAnswer; output: string }> {
    const worker = await startWorker();
    const post = await until(
      'the new worker to settle the post',
      async () => {
        const now = await getPost(postId);
        return now.status !== 'queued' && now.status !== 'publishing' && now;
      },
      timeoutMs,
      100,
    ).catch(async (error: unknown) => {
      await worker.stop();
      throw error;
    });
    const output = worker.output();
    expect(await worker.stop()).toBe(0);
    return { post, output };
  }

  /** The delivery was recorded as published by the second attempt, with the network's id of the post. */
  function expectPublished({ post, output }: { post: PostAnswer; output: string }, platformPostId: string): void {
    expect({ status: post.status, error: post.deliveries[0]!.error }).toEqual({ status: 'published', error: null });
    expect(post.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', platformPostId, attempts: 2 }));
    expect(output).toContain('Let go of the claims of workers that stopped beating');
  }

  beforeAll(async () => {
    assertServiceBuilt();
    media = await startMediaServer();
    db = await createTestDatabase();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = processEnv(db.url, port, { WORKER_DEAD_AFTER_MS: '2000' });
    api = startServiceProcess({ ...env, ROLE: 'api' });
    proxy = new HoldingProxy('127.0.0.1', port);
    await proxy.start();
    await api.waitFor('Listening');
    headers = await cliCustomer(env, 'graph-crash', REDIRECT);
  }, 120_000);

  afterEach(() => proxy.disarm());

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await proxy?.close();
    await api?.stop();
    await db?.drop();
    await media?.close();
  });

  it('facebook: several photos and a thread, cut off once the Page made the post, are posted once', async () => {
    const page = await connect('facebook', 'crash-fb');
    const text = `Three photos, posted once ${RUN}`;
    const comments = [`First comment ${RUN}`, `Second comment ${RUN}`];
    const photos = ['one.jpg', 'two.jpg', 'three.png'].map((name) => media.url(name));

    // Killed once the Page has made the post from the three staged photos (POST /{page}/feed with attached_media).
    const { postId, call } = await cutOff(
      page.id,
      [{ content: text, media: photos.map((url) => ({ url })) }, ...comments.map((content) => ({ content }))],
      (proxied) => isPost(proxied, `/${page.networkAccountId}/feed`),
    );
    expect(JSON.parse(graphParams(call).get('attached_media')!)).toHaveLength(3);
    const madePostId = (JSON.parse(call.answer) as { id: string }).id;
    let onPage = await publishedBy('facebook', page.networkAccountId);
    expect(onPage.map((item) => item.postId)).toEqual([madePostId]);
    // The dead worker had recorded the staged photos, not the post.
    const { progress } = await deliveryRow(postId);
    expect(progress).toEqual(
      expect.objectContaining({ photoIds: onPage[0]!.media.map((photo) => photo.id), commentIds: [] }),
    );
    expect(progress.postId).toBeUndefined();

    // The next worker finds the post through its staged photo, then makes the thread.
    expectPublished(await takeOver(postId), madePostId);
    onPage = await publishedBy('facebook', page.networkAccountId);
    expect(onPage.filter((item) => !item.parentId).map((item) => item.postId)).toEqual([madePostId]);
    expect(onPage[0]!.media.map((photo) => photo.url)).toEqual(photos);
    expect(onPage.filter((item) => item.parentId).map((item) => [item.parentId, item.text])).toEqual(
      comments.map((comment) => [madePostId, comment]),
    );
    expect(onPage).toHaveLength(3);
    // No photo was staged twice, and the post was made once.
    expect(proxy.calls.filter((proxied) => isPost(proxied, `/${page.networkAccountId}/photos`))).toHaveLength(3);
    expect(proxy.calls.filter((proxied) => isPost(proxied, `/${page.networkAccountId}/feed`))).toHaveLength(1);
  });

  it('instagram: a carousel with a comment, cut off once media_publish went through, is published once', async () => {
    const account = await connect('instagram', 'crash-ig');
    const caption = `A carousel, published once ${RUN}`;
    const comment = `Under the carousel ${RUN}`;
    const images = ['one.jpg', 'two.jpg', 'three.jpg'].map((name) => media.url(name));

    // Killed once Instagram has published the carousel container (POST /{ig-user}/media_publish).
    const { postId, call } = await cutOff(
      account.id,
      [{ content: caption, media: images.map((url) => ({ url })) }, { content: comment }],
      (proxied) => isPost(proxied, `/${account.networkAccountId}/media_publish`),
    );
    const mediaId = (JSON.parse(call.answer) as { id: string }).id;
    let onAccount = await publishedBy('instagram', account.networkAccountId);
    expect(onAccount.map((item) => item.postId)).toEqual([mediaId]);
    const { progress } = await deliveryRow(postId);
    expect(progress).toEqual(expect.objectContaining({ containerId: graphParams(call).get('creation_id') }));
    expect(progress.mediaId).toBeUndefined();

    // The next worker sees the container PUBLISHED, adopts the medium, then comments.
    expectPublished(await takeOver(postId), mediaId);
    onAccount = await publishedBy('instagram', account.networkAccountId);
    expect(onAccount.filter((item) => !item.parentId).map((item) => item.postId)).toEqual([mediaId]);
    expect(onAccount[0]!.media.map((medium) => medium.url)).toEqual(images);
    expect(onAccount.filter((item) => item.parentId).map((item) => [item.parentId, item.text])).toEqual([
      [mediaId, comment],
    ]);
    expect(onAccount).toHaveLength(2);
    expect(proxy.calls.filter((proxied) => isPost(proxied, `/${account.networkAccountId}/media_publish`))).toHaveLength(
      1,
    );
  });

  it('instagram: a story, cut off once media_publish went through, is found on /stories and published once', async () => {
    const account = await connect('instagram', 'crash-ig-story');
    const image = media.url('story.jpg');

    const { postId, call } = await cutOff(
      account.id,
      [{ content: '', media: [{ url: image }] }],
      (proxied) => isPost(proxied, `/${account.networkAccountId}/media_publish`),
      { postOptions: { instagram: { placement: 'story' } } },
    );
    const storyId = (JSON.parse(call.answer) as { id: string }).id;
    const { progress } = await deliveryRow(postId);
    expect(progress).toEqual(expect.objectContaining({ containerId: graphParams(call).get('creation_id') }));
    expect(progress.mediaId).toBeUndefined();

    // The next worker sees the container PUBLISHED and adopts the story it finds on GET /{ig-user-id}/stories.
    expectPublished(await takeOver(postId), storyId);
    const onAccount = await publishedBy('instagram', account.networkAccountId);
    expect(onAccount.map((item) => [item.postId, item.instagram?.productType])).toEqual([[storyId, 'STORY']]);
    expect(proxy.calls.filter((proxied) => isPost(proxied, `/${account.networkAccountId}/media_publish`))).toHaveLength(
      1,
    );
    expect(proxy.calls.some((proxied) => proxied.url.includes(`/${account.networkAccountId}/stories`))).toBe(true);
  });

  // A resumed attempt looks for the comment that was in flight with GET /{id}/comments
  // (src/networks/graph/graph-comments.ts, findComment), on Page posts and Instagram media.
  it.each([
    ['facebook', 'crash-fb-comment', [{ content: `A Page post ${RUN}` }]],
    ['instagram', 'crash-ig-comment', [{ content: `An Instagram post ${RUN}`, media: [{ url: 'photo.jpg' }] }]],
  ] as const)(
    '%s: cut off while its comment is being made, the comment is found, not made twice',
    async (network, user, [first]) => {
      const account = await connect(network, user);
      const comment = `The comment in flight ${RUN} ${network}`;
      const withUrls = {
        ...first,
        media: 'media' in first ? first.media.map((medium) => ({ url: media.url(medium.url) })) : undefined,
      };
      const { postId, call } = await cutOff(
        account.id,
        [withUrls, { content: comment }],
        (proxied) => isPost(proxied, '/comments') && graphParams(proxied).get('message') === comment,
      );
      const onNetwork = await publishedBy(network, account.networkAccountId);
      const [made] = onNetwork.filter((item) => !item.parentId);
      expect(onNetwork.filter((item) => item.parentId).map((item) => item.postId)).toEqual([
        (JSON.parse(call.answer) as { id: string }).id,
      ]);
      expect((await deliveryRow(postId)).progress).toEqual(expect.objectContaining({ commentIds: [] }));

      const taken = await takeOver(postId);
      // Nothing was made twice either way; the delivery should be published.
      expect((await publishedBy(network, account.networkAccountId)).map((item) => item.text)).toEqual([
        made!.text,
        comment,
      ]);
      expectPublished(taken, made!.postId);
    },
  );

  // Posts without text cannot be found by text on resume: each is found by the medium recorded
  // before the call that publishes it. The held call is the one that makes the post public, however
  // the adapter makes it (a published photo or a feed post; a video upload by URL or the finish of
  // a resumable one; a tweet).
  const makesPhotoPublic = (pageId: string) => (proxied: ProxiedCall) =>
    (isPost(proxied, `/${pageId}/photos`) && graphParams(proxied).get('published') !== 'false') ||
    isPost(proxied, `/${pageId}/feed`);
  const makesVideoPublishable = (pageId: string) => (proxied: ProxiedCall) => {
    const params = graphParams(proxied);
    return isPost(proxied, `/${pageId}/videos`) && (params.has('file_url') || params.get('upload_phase') === 'finish');
  };

  it('facebook: a photo without text, cut off once the Page made the post, is posted once', async () => {
    const page = await connect('facebook', 'crash-fb-photo');
    const photo = media.url('lone.jpg');
    const { postId } = await cutOff(page.id, [{ media: [{ url: photo }] }], makesPhotoPublic(page.networkAccountId));
    const made = await publishedBy('facebook', page.networkAccountId);
    expect(made.map((item) => [item.text, item.media.map((medium) => medium.url)])).toEqual([['', [photo]]]);

    const taken = await takeOver(postId);
    expect(await publishedBy('facebook', page.networkAccountId)).toEqual(made);
    expectPublished(taken, made[0]!.postId);
  });

  it('facebook: a video without description, cut off once Facebook took it, is posted once', async () => {
    const page = await connect('facebook', 'crash-fb-video');
    const { facebookVideoPolls } = (await json<{ data: { facebookVideoPolls: number } }>(control('/settings'))).data;
    // Processed at the first status read on the Page, so that no poll is rescheduled.
    await control('/settings', { method: 'PUT', body: JSON.stringify({ facebookVideoPolls: 0 }) });
    try {
      const { postId } = await cutOff(
        page.id,
        [{ media: [{ url: media.url('lone.mp4') }] }],
        makesVideoPublishable(page.networkAccountId),
      );
      // Facebook processes the video and publishes it whether or not its uploader lives to poll it.
      const taken = await takeOver(postId);
      const onPage = await publishedBy('facebook', page.networkAccountId);
      expect(onPage.map((item) => [item.text, item.media.map((medium) => medium.type)])).toEqual([['', ['video']]]);
      expectPublished(taken, onPage[0]!.postId);
    } finally {
      await control('/settings', { method: 'PUT', body: JSON.stringify({ facebookVideoPolls }) });
    }
  });

  it('x: a tweet of media alone, cut off once X posted it, is posted once', async () => {
    const profile = await connect('x', 'crash-x-media');
    const { postId, call } = await cutOff(profile.id, [{ media: [{ url: media.url('lone.png') }] }], (proxied) =>
      isPost(proxied, '/2/tweets'),
    );
    const madeId = (JSON.parse(call.answer) as { data: { id: string } }).data.id;
    const made = await publishedBy('x', profile.networkAccountId);
    expect(made.map((item) => [item.postId, item.text, item.media.length])).toEqual([[madeId, '', 1]]);

    const taken = await takeOver(postId);
    expect(await publishedBy('x', profile.networkAccountId)).toEqual(made);
    expectPublished(taken, madeId);
  });

  // A publishing worker beats before it claims anything, so a claim always has a heartbeat row at
  // first. A claim can still outlive its row (a worker that stopped and could not let go, its row
  // deleted on the way out): the sweep also lets go of claims, older than the dead-after time, of
  // workers with no heartbeat at all.
  it('a worker killed whose heartbeat row is gone: its claim is still taken over', async () => {
    const page = await connect('facebook', 'crash-early');
    const { postId } = await cutOff(
      page.id,
      [{ content: `Killed early ${RUN}` }],
      (proxied) => isPost(proxied, `/${page.networkAccountId}/feed`),
      {
        workerEnv: { WORKER_DEAD_AFTER_MS: '60000' },
      },
    );
    await db.query(
      'DELETE FROM worker_heartbeats WHERE worker_id IN (SELECT l.claimed_by FROM publish_lanes l JOIN deliveries d ON d.id = l.delivery_id WHERE d.post_id = $1)',
      [postId],
    );
    expect(await lockHolderHasBeaten(postId)).toBe(false);
    // The successor (dead after 2 s) gets five times that to find the dead worker and finish.
    const taken = await takeOver(postId, 10_000);
    const [made] = await publishedBy('facebook', page.networkAccountId);
    expectPublished(taken, made!.postId);
  });
});
