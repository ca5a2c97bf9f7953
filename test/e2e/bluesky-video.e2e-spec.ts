import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { startMediaServer } from '../support/media-server';
import { createPost, settledPost } from '../support/posts';
import {
  App,
  connectWorldAccount,
  control,
  newEncryptionKey,
  startSandboxInstance,
  testWorldOf,
} from '../support/sandbox-worlds';
import { TestCustomer } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { until } from '../support/until';

const TENANT = 'tenant-bluesky-video';
const REDIRECT = 'https://app.example.com/connected';

/**
 * A Bluesky video with a test key (its own emulator world, as in production): uploaded once to the
 * video service, the job read again on later attempts with no worker held meanwhile, published only
 * once the job completed; a job the service fails fails the delivery for good; an upload whose
 * answer was lost is retried into the same job and publishes once. (The video service knows a
 * video by its bytes: the same bytes processed again would be `already_exists`, so each case that
 * needs a new job uploads a file no earlier case processed.)
 */
describe('Bluesky videos through the video service, with a test key', () => {
  let db: TestDatabase;
  let a: App;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let caller: TestCustomer;
  let account: { id: string; networkAccountId: string };

  const world = (path: string, method = 'GET', body?: unknown) =>
    control(a, path, { key: caller.apiKey, method, body });
  const publishedWithText = async (text: string) =>
    ((await (await world('/published?network=bluesky')).json()) as { data: PublishedItem[] }).data.filter(
      (item) => item.text === text,
    );
  const fault = async (kind: string) =>
    expect(
      (
        await world('/faults', 'POST', {
          network: 'bluesky',
          accountId: account.networkAccountId,
          fault: kind,
          count: 1,
        })
      ).status,
    ).toBe(201);
  const postVideo = async (text: string, file: string) => {
    const accepted = await createPost(a, caller, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: text, media: [{ url: media.url(file), altText: 'a cat, moving' }] }],
    });
    expect([accepted.status, accepted.text]).toEqual([202, expect.any(String)]);
    return { postId: accepted.body.data.id as string, deliveryId: accepted.body.data.deliveries[0].id as string };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    media = await startMediaServer();
    a = await startSandboxInstance(db.url, newEncryptionKey());
    const live = await a.createCustomer('video');
    await a.app.get(RedirectUrlsService).add(live.id, REDIRECT);
    caller = await testWorldOf(a, live);
    account = await connectWorldAccount(a, caller, 'bluesky', TENANT, REDIRECT);
  });
  afterAll(async () => {
    await a?.app.close();
    await a?.db.drop();
    await media?.close();
    await db?.drop();
  });

  it('fails the delivery for good when the video service fails the job, with its words', async () => {
    expect((await world('/settings', 'PUT', { blueskyVideoPolls: 0 })).status).toBe(200);
    await fault('container_error');
    const text = 'A Bluesky video the service cannot encode';
    const { postId } = await postVideo(text, 'clip.mp4');
    const settled = await settledPost(a, caller, postId);
    expect(settled.deliveries.map((delivery) => [delivery.status, delivery.attempts, delivery.error])).toEqual([
      ['failed', 1, { code: 'network_rejected', message: expect.stringMatching(/could not process the video/) }],
    ]);
    expect(await publishedWithText(text)).toEqual([]);
  });

  it('publishes a video once its job completed, waiting between reads without a worker', async () => {
    expect((await world('/settings', 'PUT', { blueskyVideoPolls: 2 })).status).toBe(200);
    const text = 'A Bluesky video, processed first';
    const { postId, deliveryId } = await postVideo(text, 'clip.mp4');

    const waiting = await until(
      'the delivery to wait for the job',
      async () => {
        const [row] = await db.query<{
          status: string;
          attempts: number;
          progress: { video?: { jobId?: string } };
          locked_at: Date | null;
        }>(
          `SELECT d.status, d.attempts, d.progress, l.claimed_at AS locked_at
           FROM deliveries d LEFT JOIN publish_lanes l ON l.delivery_id = d.id WHERE d.id = $1`,
          [deliveryId],
        );
        return row!.status === 'pending' && row!.attempts >= 1 && row!.locked_at === null ? row : undefined;
      },
      20_000,
      25,
    );
    expect(waiting.progress.video?.jobId).toEqual(expect.any(String));
    expect(await publishedWithText(text)).toEqual([]);

    const settled = await settledPost(a, caller, postId);
    expect(settled.status).toBe('published');
    // The upload and the first read, a second read, then the third read completes it and the post is made.
    expect(settled.deliveries[0]!.attempts).toBe(3);
    const onNetwork = await publishedWithText(text);
    expect(onNetwork).toHaveLength(1);
    expect(onNetwork[0]!.media).toEqual([
      expect.objectContaining({ type: 'video', altText: 'a cat, moving', id: expect.any(String) }),
    ]);
    expect(onNetwork[0]!.blueskyRecord!.value.embed).toMatchObject({ $type: 'app.bsky.embed.video' });
  });

  it('retries an upload whose answer was lost (the service keeps the job it made) and publishes once', async () => {
    expect((await world('/settings', 'PUT', { blueskyVideoPolls: 0 })).status).toBe(200);
    await fault('answer_lost');
    const text = 'A Bluesky video answered late';
    const { postId } = await postVideo(text, 'long.mp4');
    // The lost answer is a transient failure: the next attempt comes on the backoff (24 to 36 seconds).
    const settled = await settledPost(a, caller, postId, 50_000);
    expect(settled.status).toBe('published');
    expect(settled.deliveries[0]!.attempts).toBe(2);
    expect(await publishedWithText(text)).toHaveLength(1);
  });
});
