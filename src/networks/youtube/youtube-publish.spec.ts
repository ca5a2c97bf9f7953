import { withNetworkOperation } from '../../observability';
import { part, publishRequest } from '../graph/publish-request.testing';
import { answer } from '../http/recording-http.testing';
import { PostPart } from '../network-adapter';
import { NetworkError } from '../network-error';
import { adapterWith, contractViolations, PART_BYTES, POLL_MS, YT_API, YT_CHANNEL, YT_TOKEN } from './youtube.fixtures';

const MP4 = 'https://cdn.example.com/clip.mp4';
const SESSION = `${YT_API}/upload/youtube/v3/videos?uploadType=resumable&upload_id=s1`;
const OPTIONS = { title: 'Rye', madeForKids: false };

const request = (
  parts: PostPart[],
  options: Record<string, unknown> = OPTIONS,
  extra: Parameters<typeof publishRequest>[3] = {},
) => ({
  ...publishRequest(YT_CHANNEL, YT_TOKEN, parts, extra),
  options,
});
/** A stored video of `size` bytes, numbered so that parts out of order would not add up to it. */
const stored = (size: number): PostPart => ({
  text: 'Kneading',
  media: [
    {
      kind: 'video',
      url: MP4,
      openStored: () => {
        const bytes = Buffer.from(Uint8Array.from({ length: size }, (_, index) => index % 251));
        return {
          size,
          contentType: 'video/mp4',
          pieces: (async function* () {
            yield bytes;
          })(),
          close: () => undefined,
        };
      },
    },
  ],
});
const started = () => answer(200, '', { location: SESSION });
const incomplete = (last: number) => answer(308, '', { range: `bytes=0-${last}` });
const video = (id = 'vid00000001') => answer(200, { kind: 'youtube#video', id });
const status = (uploadStatus: string, extra: Record<string, unknown> = {}) =>
  answer(200, { items: [{ id: 'vid00000001', status: { uploadStatus, ...extra } }] });

describe('YouTubeAdapter publishing (requests checked against the discovery document)', () => {
  it('uploads by the resumable protocol: the metadata, then the bytes, then reads it processed', async () => {
    const { adapter, http, quota } = adapterWith(started(), video(), status('processed'));
    const request_ = request([part('Fresh rye', ['video', MP4])], {
      ...OPTIONS,
      privacyStatus: 'unlisted',
      tags: ['bread'],
      categoryId: '26',
      containsSyntheticMedia: false,
    });
    const outcome = await withNetworkOperation('publish', () => adapter.publish(request_));
    // The resumable upload's calls are counted as uploads (metrics and spans), the status read as the publish.
    expect(http.operations).toEqual(['upload', 'upload', 'publish']);
    expect(outcome).toEqual({
      kind: 'published',
      platformPostId: 'vid00000001',
      permalink: 'https://www.youtube.com/watch?v=vid00000001',
      progress: expect.objectContaining({ videoId: 'vid00000001', sessionUri: SESSION }),
    });
    const [start, bytes] = http.requests;
    expect(start).toMatchObject({
      method: 'POST',
      url: `${YT_API}/upload/youtube/v3/videos`,
      query: { uploadType: 'resumable', part: 'snippet,status' },
      headers: expect.objectContaining({ 'X-Upload-Content-Type': 'video/mp4' }),
      json: {
        snippet: { title: 'Rye', description: 'Fresh rye', tags: ['bread'], categoryId: '26' },
        status: { privacyStatus: 'unlisted', selfDeclaredMadeForKids: false, containsSyntheticMedia: false },
      },
    });
    expect(bytes).toMatchObject({ method: 'PUT', url: SESSION });
    // The session is kept before a byte is sent.
    expect(request_.checkpoints[0]).toEqual({ sessionUri: SESSION });
    expect(contractViolations(http.requests)).toEqual([]);
    expect(quota.usedIn('videos.insert')).toBe(1);
    expect(quota.usedIn('units')).toBe(1);
  });

  it('sends a large video in parts of the configured size, each but the last answered 308', async () => {
    const size = PART_BYTES * 2 + 100;
    const { adapter, http } = adapterWith(
      started(),
      incomplete(PART_BYTES - 1),
      incomplete(PART_BYTES * 2 - 1),
      video(),
      status('processed'),
    );
    await adapter.publish(request([stored(size)]));
    const ranges = http.requests.filter((sent) => sent.method === 'PUT').map((sent) => sent.headers?.['Content-Range']);
    expect(ranges).toEqual([
      `bytes 0-${PART_BYTES - 1}/${size}`,
      `bytes ${PART_BYTES}-${PART_BYTES * 2 - 1}/${size}`,
      `bytes ${PART_BYTES * 2}-${size - 1}/${size}`,
    ]);
  });

  it('after a break, asks the session what arrived and sends the rest', async () => {
    const size = PART_BYTES * 2;
    const { adapter, http } = adapterWith(incomplete(PART_BYTES - 1), video(), status('processed'));
    const outcome = await adapter.publish(
      request([stored(size)], OPTIONS, { progress: { sessionUri: SESSION }, resuming: true }),
    );
    expect(outcome.kind).toBe('published');
    expect(http.requests.map((sent) => sent.headers?.['Content-Range'])).toEqual([
      `bytes */${size}`,
      `bytes ${PART_BYTES}-${size - 1}/${size}`,
      undefined,
    ]);
    const resent = http.requests[1]!.bytes!.data;
    expect(resent[0]).toBe(PART_BYTES % 251);
  });

  it('adopts the video a lost last answer made: the session answers it, nothing is uploaded again', async () => {
    const { adapter, http } = adapterWith(video('vidLost0001'), status('processed'));
    const outcome = await adapter.publish(
      request([part('x', ['video', MP4])], OPTIONS, { progress: { sessionUri: SESSION }, resuming: true }),
    );
    expect(outcome).toMatchObject({ kind: 'published', platformPostId: 'vidLost0001' });
    expect(
      http.requests.filter((sent) => sent.url.includes('/upload/youtube/v3/videos') && sent.method === 'POST'),
    ).toEqual([]);
  });

  it('starts a new session when the old one is gone (404): nothing was published through it', async () => {
    const { adapter, http } = adapterWith(
      answer(404, { error: { code: 404, message: 'gone', errors: [{ reason: 'notFound' }] } }),
      started(),
      video(),
      status('processed'),
    );
    const outcome = await adapter.publish(
      request([part('x', ['video', MP4])], OPTIONS, {
        progress: { sessionUri: 'https://old/session' },
        resuming: true,
      }),
    );
    expect(outcome.kind).toBe('published');
    expect(http.requests[1]).toMatchObject({ method: 'POST', url: `${YT_API}/upload/youtube/v3/videos` });
  });

  it('polls while the upload is processing, and fails with YouTube\u2019s reason when it failed', async () => {
    const { adapter } = adapterWith(started(), video(), status('uploaded'));
    const polled = await adapter.publish(request([part('x', ['video', MP4])]));
    expect(polled).toMatchObject({ kind: 'poll', progress: expect.objectContaining({ videoId: 'vid00000001' }) });
    if (polled.kind !== 'poll') return;
    expect(polled.at.getTime()).toBeGreaterThanOrEqual(Date.now() + POLL_MS - 1_000);
    const { adapter: again } = adapterWith(status('failed', { failureReason: 'codec' }));
    await expect(
      again.publish(request([part('x', ['video', MP4])], OPTIONS, { progress: polled.progress })),
    ).rejects.toMatchObject({
      kind: 'permanent',
      message: expect.stringContaining('codec'),
    });
  });

  it('sets the thumbnail after the upload; a refused one leaves the video published', async () => {
    const { adapter, http } = adapterWith(started(), video(), answer(200, { items: [{}] }), status('processed'));
    const outcome = await adapter.publish(
      request([part('x', ['video', MP4])], { ...OPTIONS, thumbnail: { url: 'https://cdn.example.com/cover.jpg' } }),
    );
    expect(outcome).toMatchObject({ kind: 'published', progress: expect.objectContaining({ thumbnail: 'set' }) });
    expect(http.requests[2]).toMatchObject({
      method: 'POST',
      url: `${YT_API}/upload/youtube/v3/thumbnails/set`,
      query: { videoId: 'vid00000001', uploadType: 'media' },
    });
    expect(contractViolations(http.requests)).toEqual([]);
    const forbidden = answer(403, {
      error: { code: 403, message: 'no custom thumbnails', errors: [{ reason: 'forbidden' }] },
    });
    const { adapter: refused } = adapterWith(started(), video(), forbidden, status('processed'));
    const kept = await refused.publish(
      request([part('x', ['video', MP4])], { ...OPTIONS, thumbnail: { url: 'https://cdn.example.com/cover.jpg' } }),
    );
    expect(kept).toMatchObject({ kind: 'published', progress: expect.objectContaining({ thumbnail: 'refused' }) });
  });

  it("waits for the next quota day when the app's uploads of the day are spent, without calling YouTube", async () => {
    const { adapter, http, quota } = adapterWith();
    jest.spyOn(quota, 'charge').mockResolvedValue(false);
    const error = await adapter.publish(request([part('x', ['video', MP4])])).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'rate_limited', details: { code: 'quota_exhausted' } });
    const retryAt = (error as NetworkError).details.retryAt!;
    // Midnight Pacific: 07:00 or 08:00 UTC.
    expect([7, 8]).toContain(retryAt.getUTCHours());
    expect(retryAt.getTime()).toBeGreaterThan(Date.now());
    expect(http.requests).toEqual([]);
  });

  it("reads YouTube's 403 quotaExceeded as a wait until midnight Pacific", async () => {
    const { adapter } = adapterWith(
      answer(403, {
        error: { code: 403, message: 'quota', errors: [{ domain: 'youtube.quota', reason: 'quotaExceeded' }] },
      }),
    );
    const error = (await adapter
      .publish(request([part('x', ['video', MP4])]))
      .catch((caught: unknown) => caught)) as NetworkError;
    expect(error).toMatchObject({ kind: 'rate_limited', details: { status: 403, code: 'quotaExceeded' } });
    expect([7, 8]).toContain(error.details.retryAt!.getUTCHours());
  });
});
