import type { MediaBytes } from '../../media';
import { isRecord, stringField } from '../http/json-fields';
import { StreamChunker } from '../http/stream-chunker';
import { PostMedia } from '../network-adapter';
import { NetworkError } from '../network-error';
import { YouTubeApi } from './youtube-api';
import { isYouTubeGone } from './youtube-errors';
import { YOUTUBE_MEDIA_LIMITS } from './youtube-media-limits';

/** A video's bytes as a stream of known size: an uploaded one from the service's storage, a URL's downloaded. */
export async function openYouTubeVideo(api: YouTubeApi, medium: PostMedia): Promise<MediaBytes> {
  const limit = YOUTUBE_MEDIA_LIMITS.size.video!;
  const opened = medium.openStored ? medium.openStored() : await api.openDownload(medium.url, limit);
  if (opened.size > limit) {
    opened.close();
    throw new NetworkError(api.network, 'permanent', `The video is larger than YouTube takes (${limit} bytes)`, {
      code: 'media_too_large',
    });
  }
  return opened;
}

/** The bytes a 308 says arrived (`Range: bytes=0-N`): N + 1, or 0 without a Range. */
function received(headers: Record<string, string>): number {
  const last = /^bytes=0-(\d+)$/.exec(headers['range'] ?? '')?.[1];
  return last === undefined ? 0 : Number(last) + 1;
}

/** The video's id in a completed upload's answer (the Video resource). */
function videoIdOf(api: YouTubeApi, body: unknown): string {
  const id = isRecord(body) ? stringField(body, 'id') : undefined;
  if (!id) throw api.unexpected('the completed upload answered without the video\u2019s id');
  return id;
}

export type SessionState =
  { kind: 'complete'; videoId: string } | { kind: 'partial'; received: number } | { kind: 'gone' };

/**
 * Asks a session what arrived (`PUT` with no bytes and `Content-Range: bytes *\/{size}`): the
 * video when the upload completed (its last answer lost), the bytes received (308), or gone (the
 * session expired or is unknown: a new one is started; nothing was published through it).
 */
export async function sessionState(api: YouTubeApi, sessionUri: string, size: number): Promise<SessionState> {
  try {
    const answer = await api.putToSession(sessionUri, Buffer.alloc(0), 'application/octet-stream', `bytes */${size}`);
    if (answer.status === 308) return { kind: 'partial', received: received(answer.headers) };
    return { kind: 'complete', videoId: videoIdOf(api, answer.body) };
  } catch (error) {
    if (isYouTubeGone(error) || (error instanceof NetworkError && error.details.status === 410))
      return { kind: 'gone' };
    throw error;
  }
}

/**
 * Sends the file's bytes from `from` to the session, a part at a time (each part but the last a
 * multiple of 256 KiB: `partBytes`, with its Content-Range), reading the file once, forward; the bytes before
 * `from` (arrived in an earlier attempt) are read and passed over. The video's id when the last
 * part is taken.
 */
export async function sendVideoBytes(
  api: YouTubeApi,
  sessionUri: string,
  file: MediaBytes,
  from: number,
  partBytes: number,
): Promise<string> {
  const chunker = new StreamChunker(file.pieces);
  while (chunker.offset < from) await chunker.next(Math.min(partBytes, from - chunker.offset));
  let offset = from;
  while (offset < file.size) {
    const part = await chunker.next(Math.min(partBytes, file.size - offset));
    const last = offset + part.length - 1;
    const answer = await api.putToSession(sessionUri, part, file.contentType, `bytes ${offset}-${last}/${file.size}`);
    if (answer.status !== 308) return videoIdOf(api, answer.body);
    const arrived = received(answer.headers);
    // YouTube may keep less than was sent: go on from what it says it has (re-read from the start).
    if (arrived !== last + 1)
      throw new NetworkError(
        api.network,
        'transient',
        `YouTube kept ${arrived} of the ${last + 1} bytes sent; resuming`,
      );
    offset = arrived;
  }
  // Every byte was taken with 308s only: ask the session for the video.
  const state = await sessionState(api, sessionUri, file.size);
  if (state.kind !== 'complete') throw api.unexpected('every byte was sent but the upload is not complete');
  return state.videoId;
}
