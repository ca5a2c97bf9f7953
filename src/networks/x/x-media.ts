import { isRecord, numberField, recordField, stringField } from '../http/json-fields';
import { StreamChunker } from '../http/stream-chunker';
import { MediaBytes, MediaKind, PostMedia, PostPart, PublishOutcome } from '../network-adapter';
import { NetworkError } from '../network-error';
import { safeNetworkMessage } from '../safe-network-message';
import { withNetworkOperation } from '../../observability';
import { XApi } from './x-api';
import { xMediaType } from './x-media-type';
import { XProgress, XUpload } from './x-progress';

/** X processes a GIF or video for up to a few minutes; past this, something is wrong. */
export const X_MEDIA_PROCESSING_LIMIT_MS = 10 * 60_000;
const MIN_POLL_INTERVAL_MS = 5_000;

export type MediaStep = { kind: 'ready'; mediaIds: string[] } | Extract<PublishOutcome, { kind: 'poll' }>;

/** Size limits per kind (docs/networks.md): images 5 MB, GIFs 15 MB, videos 512 MB. */
const MAX_BYTES: Record<MediaKind, number> = {
  image: 5 * 1024 * 1024,
  gif: 15 * 1024 * 1024,
  video: 512 * 1024 * 1024,
};
const SEGMENT_BYTES = 4 * 1024 * 1024;

/**
 * Uploads the media of the part being published that are not uploaded yet, checkpointing after
 * each one (and after its alt text, describeUpload) so a retry never uploads a medium twice. Images go up in one request
 * (`POST /2/media/upload`); GIFs and videos through initialize, append and finalize, after which X
 * processes them (see processedMedia).
 */
export function uploadPartMedia(
  api: XApi,
  accessToken: string,
  part: PostPart,
  progress: XProgress,
  save: (next: XProgress) => Promise<void>,
): Promise<XProgress> {
  // Its calls are counted as uploads, within the publish.
  return withNetworkOperation('upload', () => uploadEach(api, accessToken, part, progress, save));
}

async function uploadEach(
  api: XApi,
  accessToken: string,
  part: PostPart,
  progress: XProgress,
  save: (next: XProgress) => Promise<void>,
): Promise<XProgress> {
  let current = progress;
  for (let index = current.uploads.length; index < part.media.length; index++) {
    const medium = part.media[index]!;
    const file = await mediumBytes(api, medium);
    let upload: XUpload;
    try {
      upload =
        medium.kind === 'image'
          ? await uploadImage(api, accessToken, { bytes: await readAll(file), contentType: file.contentType })
          : await uploadChunked(api, accessToken, medium.kind, file);
    } finally {
      file.close();
    }
    current = {
      ...current,
      uploads: [...current.uploads, upload],
      uploadedAt: current.uploadedAt ?? new Date().toISOString(),
    };
    await save(current);
    current = await describeUpload(api, accessToken, part, current, index, save);
  }
  return current;
}

/**
 * Whether X takes alt text on a medium of this kind: images and GIFs only ("This feature is
 * currently only supported for images and GIFs", X's media metadata reference,
 * https://developer.x.com/en/docs/twitter-api/v1/media/upload-media/api-reference/post-media-metadata-create;
 * the v2 operation's schema states no rule of its own). A video's is a warning (x-content-rules.ts).
 */
export const xTakesAltText = (kind: MediaKind): boolean => kind !== 'video';

/**
 * Sets the alt text of the part's uploaded media that have one and have not had it set yet
 * (`POST /2/media/metadata`, CreateMediaMetadataRequest `{"id","metadata":{"alt_text":{"text"}}}`),
 * checkpointing after each. Sending it again sets the same text, so a retry cut off between the
 * call and its checkpoint does no harm.
 */
export async function describePartMedia(
  api: XApi,
  accessToken: string,
  part: PostPart,
  progress: XProgress,
  save: (next: XProgress) => Promise<void>,
): Promise<XProgress> {
  let current = progress;
  for (let index = 0; index < current.uploads.length; index++)
    current = await describeUpload(api, accessToken, part, current, index, save);
  return current;
}

/** Sets the alt text of the part's `index`th upload when it has one not set yet, then checkpoints. */
async function describeUpload(
  api: XApi,
  accessToken: string,
  part: PostPart,
  progress: XProgress,
  index: number,
  save: (next: XProgress) => Promise<void>,
): Promise<XProgress> {
  const medium = part.media[index];
  const upload = progress.uploads[index];
  if (!medium?.altText || !upload || upload.altTextSent || !xTakesAltText(medium.kind)) return progress;
  await api.send({
    method: 'POST',
    url: api.url('/2/media/metadata'),
    headers: auth(accessToken),
    json: { id: upload.id, metadata: { alt_text: { text: medium.altText } } },
  });
  const next = {
    ...progress,
    uploads: progress.uploads.map((item, at) => (at === index ? { ...item, altTextSent: true } : item)),
  };
  await save(next);
  return next;
}

type Downloaded = { bytes: Buffer; contentType: string };

/**
 * The medium's bytes and the type X is told: an uploaded medium's streamed from the service's
 * storage (its type checked against its bytes when it was uploaded), a URL's downloaded (whole:
 * X's limits are small enough, and an origin need not say its size) and its type told from its
 * bytes, not from what the origin declared (see xMediaType).
 */
async function mediumBytes(api: XApi, medium: PostMedia): Promise<MediaBytes> {
  const limit = MAX_BYTES[medium.kind];
  if (medium.openStored) {
    const stored = medium.openStored();
    if (stored.size > limit) {
      stored.close();
      throw new NetworkError('x', 'permanent', `The medium is larger than ${limit} bytes (${stored.size})`, {
        code: 'media_too_large',
      });
    }
    try {
      const contentType = xMediaType({ declared: stored.contentType });
      return { size: stored.size, contentType, pieces: stored.pieces, close: () => stored.close() };
    } catch (error) {
      stored.close();
      throw error;
    }
  }
  const file = await api.download(medium.url, limit);
  const contentType = xMediaType({ head: file.bytes, url: medium.url, declared: file.contentType });
  const pieces = (async function* () {
    yield file.bytes;
  })();
  return { size: file.bytes.length, contentType, pieces, close: () => undefined };
}

async function readAll(file: MediaBytes): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of file.pieces) pieces.push(piece);
  return Buffer.concat(pieces);
}
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The medium's id and, when X gives it, its key (`data.media_key`), from an upload's answer. */
function uploadedMedium(api: XApi, body: unknown): { id: string; key?: string } {
  const data = isRecord(body) ? recordField(body, 'data') : undefined;
  const id = data ? stringField(data, 'id') : undefined;
  if (!id) throw api.unexpected('a media upload answered without data.id');
  const key = data ? stringField(data, 'media_key') : undefined;
  return { id, ...(key ? { key } : {}) };
}

/** One request: `media` and `media_category` only (MediaUploadRequest has no media_type, and refuses extra properties). */
async function uploadImage(api: XApi, token: string, file: Downloaded): Promise<XUpload> {
  const body = await api.send({
    method: 'POST',
    url: api.url('/2/media/upload'),
    headers: auth(token),
    multipart: {
      media: { data: file.bytes, filename: 'media', contentType: file.contentType },
      media_category: 'tweet_image',
    },
  });
  return { ...uploadedMedium(api, body), ready: true };
}

/** Initialize, append in segments read from the stream as they are sent (never the whole file), finalize. */
async function uploadChunked(api: XApi, token: string, kind: MediaKind, file: MediaBytes): Promise<XUpload> {
  const initialized = await api.send({
    method: 'POST',
    url: api.url('/2/media/upload/initialize'),
    headers: auth(token),
    json: {
      media_type: file.contentType,
      total_bytes: file.size,
      media_category: kind === 'gif' ? 'tweet_gif' : 'tweet_video',
    },
  });
  const medium = uploadedMedium(api, initialized);
  const { id } = medium;
  const chunker = new StreamChunker(file.pieces);
  for (let segment = 0; chunker.offset < file.size; segment++) {
    const chunk = await chunker.next(SEGMENT_BYTES);
    if (chunk.length === 0) break;
    await api.send({
      method: 'POST',
      url: api.url(`/2/media/upload/${id}/append`),
      headers: auth(token),
      multipart: {
        media: { data: chunk, filename: 'media', contentType: 'application/octet-stream' },
        segment_index: String(segment),
      },
    });
  }
  await api.send({ method: 'POST', url: api.url(`/2/media/upload/${id}/finalize`), headers: auth(token) });
  return { ...medium, ready: false };
}

/**
 * The media ids of the part being published once X has processed them all: each upload still
 * processing is checked (`GET /2/media/upload?command=STATUS`), and if any is not done the
 * delivery is polled again when X suggests.
 */
export async function processedMedia(
  api: XApi,
  accessToken: string,
  progress: XProgress,
  save: (next: XProgress) => Promise<void>,
): Promise<MediaStep> {
  const uploads: XUpload[] = [];
  let waitMs = 0;
  for (const upload of progress.uploads) {
    if (upload.ready) {
      uploads.push(upload);
      continue;
    }
    const status = await mediaStatus(api, accessToken, upload.id);
    if (status.state === 'failed') {
      // A medium X failed to process can never be attached: the part's uploads are forgotten, so a
      // retry of the failed delivery (once its media are fixed) uploads them again.
      await save({ tweetIds: progress.tweetIds, uploads: [] });
      throw new NetworkError(
        'x',
        'permanent',
        `X could not process the medium: ${safeNetworkMessage(status.error ?? 'processing failed')}`,
        { code: 'media_failed' },
      );
    }
    const ready = status.state === undefined || status.state === 'succeeded';
    if (!ready) waitMs = Math.max(waitMs, status.checkAfterMs);
    uploads.push({ ...upload, ready });
  }
  const next = { ...progress, uploads };
  if (uploads.some((upload, index) => upload.ready !== progress.uploads[index].ready)) await save(next);
  if (waitMs === 0) return { kind: 'ready', mediaIds: uploads.map((upload) => upload.id) };
  const uploadedAt = Date.parse(progress.uploadedAt ?? '');
  if (Number.isFinite(uploadedAt) && Date.now() - uploadedAt >= X_MEDIA_PROCESSING_LIMIT_MS) {
    throw new NetworkError(
      'x',
      'permanent',
      `X was still processing the media ${X_MEDIA_PROCESSING_LIMIT_MS / 60_000} minutes after the upload`,
      {
        code: 'media_processing_timeout',
      },
    );
  }
  return {
    kind: 'poll',
    at: new Date(Date.now() + waitMs),
    progress: { ...next, uploads: next.uploads.map((upload) => ({ ...upload })) },
  };
}

interface MediaStatus {
  /** `pending`, `in_progress`, `succeeded`, `failed`; undefined when X reports no processing. */
  state?: string;
  checkAfterMs: number;
  error?: string;
}

async function mediaStatus(api: XApi, accessToken: string, mediaId: string): Promise<MediaStatus> {
  const body = await api.send({
    method: 'GET',
    url: api.url('/2/media/upload'),
    query: { command: 'STATUS', media_id: mediaId },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  const data = isRecord(body) ? (recordField(body, 'data') ?? body) : undefined;
  if (!data) throw api.unexpected('no data in the media STATUS answer');
  const info = recordField(data, 'processing_info');
  if (!info) return { checkAfterMs: MIN_POLL_INTERVAL_MS };
  const error = recordField(info, 'error');
  return {
    state: stringField(info, 'state'),
    checkAfterMs: Math.max(MIN_POLL_INTERVAL_MS, (numberField(info, 'check_after_secs') ?? 0) * 1000),
    ...(error ? { error: stringField(error, 'message') ?? stringField(error, 'name') } : {}),
  };
}
