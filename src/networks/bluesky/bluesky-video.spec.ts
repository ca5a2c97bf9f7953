import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { HttpService } from '@nestjs/axios';
import axios from 'axios';
import { FastifyInstance } from 'fastify';
import { contractLog } from '../../emulator/contracts/contract-log';
import { blueskyApp } from '../../emulator/bluesky/bluesky.testing';
import { DEFAULT_APP_PASSWORD } from '../../emulator/bluesky/bluesky-test-user';
import { BLUESKY_VIDEO_JOBS } from '../../emulator/bluesky/bluesky-video-jobs';
import { ServingEmulatorState } from '../../emulator/registry/emulated-network';
import { NETWORK_TIMEOUT_MS, NetworkHttpClient } from '../http/network-http.client';
import type { AccountTokens, PublishOutcome, PublishProgress, PublishRequest } from '../network-adapter';
import { mp4AspectRatio } from './bluesky-mp4';
import { blueskyVideoResponseError, uploadTimeoutMs } from './bluesky-video';
import { BlueskyAdapter } from './bluesky.adapter';
import { BlueskySettings } from './bluesky.settings';

/**
 * Videos through the emulated video service over real HTTP: limits read first, one upload, the job
 * read on later attempts (never waited on), then the post; every call inside the lexicons.
 */
const APP = { clientId: 'unused', clientSecret: 'unused' };

/** A box: 32-bit size, type, payload (ISO/IEC 14496-12). */
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
/** A version-0 track header whose width and height (16.16) are given. */
const tkhd = (width: number, height: number) => {
  const payload = Buffer.alloc(84);
  payload.writeUInt32BE(width * 65536, 76);
  payload.writeUInt32BE(height * 65536, 80);
  return box('tkhd', payload);
};
/** An MP4 with a sound track (0×0) before a 1280×720 picture, and some bytes of media: unique per `seed`. */
const mp4 = (seed: string) =>
  Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    box('moov', box('trak', tkhd(0, 0)), box('trak', tkhd(1280, 720))),
    box('mdat', Buffer.from(seed)),
  ]);

let app: FastifyInstance;
let state: ServingEmulatorState;
let media: Server;
let mediaBase: string;
let adapter: BlueskyAdapter;
let did: string;
let tokens: AccountTokens;

beforeAll(async () => {
  ({ app, state } = await blueskyApp());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/emulator/bluesky`;
  media = createServer((request, response) =>
    response.writeHead(200, { 'content-type': 'video/mp4' }).end(mp4(request.url ?? '')),
  );
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  mediaBase = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
  const http = new NetworkHttpClient(new HttpService(axios.create()));
  adapter = new BlueskyAdapter(new BlueskySettings(base, `${base}/video`, undefined, false), http);
  const grant = await adapter.passwordSignIn.signIn(
    { identifier: 'ada-bakery.bsky.social', password: DEFAULT_APP_PASSWORD },
    APP,
  );
  const [selectable] = await adapter.listSelectable(grant, APP);
  did = selectable!.id;
  tokens = selectable!.tokens;
});

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => media?.close(resolve));
});

afterEach(async () => {
  expect(contractLog.take()).toEqual([]);
  await app.inject({ method: 'DELETE', url: '/emulator/control/faults' });
});

const settings = (values: Record<string, number>) =>
  app.inject({ method: 'PUT', url: '/emulator/control/settings', payload: values });
const fault = (kind: string) =>
  app.inject({
    method: 'POST',
    url: '/emulator/control/faults',
    payload: { network: 'bluesky', accountId: did, fault: kind, count: 1 },
  });

/** One delivery: publish called as the worker calls it, with the progress it saved, until it is no longer polled. */
async function deliver(text: string, file: string, options: { resuming?: boolean; progress?: PublishProgress } = {}) {
  let progress: PublishProgress = options.progress ?? {};
  const saved: PublishProgress[] = [];
  const request = (): PublishRequest => ({
    networkAccountId: did,
    username: 'ada-bakery.bsky.social',
    tokens,
    app: APP,
    parts: [{ text, media: [{ url: `${mediaBase}/${file}`, kind: 'video', altText: 'a cat, moving' }] }],
    progress,
    resuming: options.resuming ?? false,
    checkpoint: async (next) => {
      progress = next;
      saved.push(next);
    },
  });
  const outcomes: PublishOutcome[] = [];
  for (let attempt = 0; attempt < 10; attempt++) {
    const outcome = await adapter.publish(request());
    outcomes.push(outcome);
    if (outcome.kind === 'published') break;
    progress = outcome.progress;
  }
  return { outcomes, saved, progress: () => progress };
}

const postsWithText = (text: string) =>
  state.published.list({ network: 'bluesky' }).filter((item) => item.text === text && !item.deletedAt);

describe('Bluesky video through the video service', () => {
  it('takes a refused service token at the video service for a retry, not for an expired session', () => {
    const refused = (status: number, error: string) =>
      blueskyVideoResponseError('bluesky', { status, headers: {}, body: { error, message: 'no' } }, new Date());
    expect(refused(401, 'BadJwtAudience')).toMatchObject({ kind: 'transient', details: { code: 'BadJwtAudience' } });
    expect(refused(400, 'InvalidRequest')).toMatchObject({ kind: 'permanent' });
    expect(refused(429, 'RateLimitExceeded')).toMatchObject({ kind: 'rate_limited' });
  });

  it('gives the upload of a large video more than a JSON call’s deadline', () => {
    expect(uploadTimeoutMs(4096)).toBe(NETWORK_TIMEOUT_MS + 1000);
    expect(uploadTimeoutMs(300_000_000)).toBe(NETWORK_TIMEOUT_MS + 300_000);
  });

  it('reads the aspect ratio of an MP4’s first picture track', () => {
    expect(mp4AspectRatio(mp4('x'))).toEqual({ width: 1280, height: 720 });
    expect(mp4AspectRatio(Buffer.from('not an mp4'))).toBeUndefined();
  });

  it('uploads once, polls the job without waiting, then posts the processed blob with alt and aspect ratio', async () => {
    await settings({ blueskyVideoPolls: 2 });
    const { outcomes, saved } = await deliver('a video post', 'clip.mp4');
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['poll', 'poll', 'published']);
    // The job was saved before the first poll; nothing was posted while it processed.
    const jobId = (saved[0]!.video as { jobId: string }).jobId;
    expect(jobId).toEqual(expect.any(String));
    expect(state.objects.of(BLUESKY_VIDEO_JOBS).size).toBe(1);
    const [post] = postsWithText('a video post');
    const job = state.objects.of(BLUESKY_VIDEO_JOBS).get(jobId)!;
    expect(post!.blueskyRecord!.value.embed).toEqual({
      $type: 'app.bsky.embed.video',
      video: { $type: 'blob', ref: { $link: job.blobCid }, mimeType: 'video/mp4', size: job.size },
      alt: 'a cat, moving',
      aspectRatio: { width: 1280, height: 720 },
    });
    expect(post!.media).toEqual([expect.objectContaining({ type: 'video', id: job.blobCid })]);
    const last = outcomes[2]!;
    expect(last.kind === 'published' && last.progress).toEqual({
      posts: [expect.objectContaining({ uri: post!.postId })],
      threadgate: false,
      postgate: false,
    });
  });

  it('a job the service fails is a permanent error with its words, and nothing is posted', async () => {
    await settings({ blueskyVideoPolls: 1 });
    await fault('container_error');
    await expect(deliver('a video that fails', 'broken.mp4')).rejects.toMatchObject({
      kind: 'permanent',
      details: { code: 'encoding_failure' },
      message: expect.stringMatching(/could not process the video: encoding_failure: The video could not be encoded/),
    });
    expect(postsWithText('a video that fails')).toEqual([]);
  });

  it('an upload whose answer was lost is not uploaded again: the retry gets the same job, the allowance counts one video', async () => {
    await settings({ blueskyVideoPolls: 0 });
    const before = state.objects.of(BLUESKY_VIDEO_JOBS).size;
    await fault('answer_lost');
    await expect(deliver('a video answered late', 'late.mp4')).rejects.toMatchObject({ kind: 'transient' });
    const { outcomes } = await deliver('a video answered late', 'late.mp4');
    expect(outcomes.at(-1)!.kind).toBe('published');
    expect(state.objects.of(BLUESKY_VIDEO_JOBS).size).toBe(before + 1);
    expect(postsWithText('a video answered late')).toHaveLength(1);
  });

  it('a post whose answer was lost is found when resuming, by its text and its video, not posted again', async () => {
    await settings({ blueskyVideoPolls: 1 });
    let progress: PublishProgress = {};
    const attempt = (resuming: boolean) =>
      adapter.publish({
        networkAccountId: did,
        username: 'ada-bakery.bsky.social',
        tokens,
        app: APP,
        parts: [{ text: 'a video post answered late', media: [{ url: `${mediaBase}/posted.mp4`, kind: 'video' }] }],
        progress,
        resuming,
        checkpoint: async (next) => {
          progress = next;
        },
      });
    const first = await attempt(false);
    expect(first.kind).toBe('poll');
    progress = first.progress!;
    await fault('answer_lost');
    await expect(attempt(false)).rejects.toMatchObject({ kind: 'transient' });
    const resumed = await attempt(true);
    const posts = postsWithText('a video post answered late');
    expect(posts).toHaveLength(1);
    expect(resumed).toMatchObject({ kind: 'published', platformPostId: posts[0]!.postId });
  });

  it('refuses for good, before uploading, a video the day’s allowance cannot take', async () => {
    await settings({ blueskyDailyVideos: 0 });
    const before = state.objects.of(BLUESKY_VIDEO_JOBS).size;
    await expect(deliver('one video too many', 'many.mp4')).rejects.toMatchObject({
      kind: 'permanent',
      details: { code: 'video_upload_limit' },
    });
    expect(state.objects.of(BLUESKY_VIDEO_JOBS).size).toBe(before);
    await settings({ blueskyDailyVideos: 25 });
  });

  it('gives up for good on a job still processing 15 minutes after the upload', async () => {
    await settings({ blueskyVideoPolls: 1000 });
    const { outcomes, saved } = await deliver('a video that takes forever', 'forever.mp4');
    expect(outcomes.every((outcome) => outcome.kind === 'poll')).toBe(true);
    const jobId = (saved[0]!.video as { jobId: string }).jobId;
    const uploadedAt = new Date(Date.now() - 16 * 60_000).toISOString();
    await expect(
      deliver('a video that takes forever', 'forever.mp4', {
        progress: { posts: [], video: { part: 0, jobId, uploadedAt } },
      }),
    ).rejects.toMatchObject({ kind: 'permanent', details: { code: 'video_processing_timeout' } });
    await settings({ blueskyVideoPolls: 1 });
  });

  it('surfaces the video service’s rate limit as rate_limited', async () => {
    await fault('rate_limited');
    await expect(deliver('a limited video', 'limited.mp4')).rejects.toMatchObject({ kind: 'rate_limited' });
  });
});
