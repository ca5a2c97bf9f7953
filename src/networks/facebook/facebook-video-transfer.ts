import { GraphApi } from '../graph/graph-api';
import { node } from '../graph/graph-publishing';
import { isRecord, JsonRecord, numberField, recordField } from '../http/json-fields';
import { StreamedMedium } from '../http/network-api';
import { NetworkResponse } from '../http/network-http.client';
import { StreamChunker } from '../http/stream-chunker';
import { NetworkError } from '../network-error';

const MB = 1024 * 1024;

/**
 * The largest chunk the worker holds to send at once. Facebook names each chunk it wants
 * (`start_offset` to `end_offset`) and is sent exactly that range, never a shorter one; a range past
 * this bound fails the attempt instead, as it would hold too much of the video in memory.
 */
export const FACEBOOK_MAX_VIDEO_CHUNK_BYTES = 64 * MB;

/**
 * The subcode of a transfer Facebook refused for its offsets; `error_data` names the chunk it wants
 * instead (developers.facebook.com/documentation/video-api/reference/error-codes).
 */
export const FACEBOOK_WRONG_CHUNK_SUBCODE = 1363037;

export interface VideoTransfer {
  api: GraphApi;
  accessToken: string;
  pageId: string;
  sessionId: string;
  medium: StreamedMedium;
}

type Range = [start: number, end: number];

/**
 * Sends the chunks Facebook asks for (`start_offset` to `end_offset`, from the start phase's answer
 * on) until it asks for none, reading each from the medium's download as it is sent: the video is
 * never held whole. Like Meta's own uploader (facebook-python-business-sdk, video_uploader.py), a
 * transfer refused with subcode 1363037 is sent again as the refusal's `error_data` says, a few
 * times at most. The download is read once, forward, and only the last chunk is kept, so a chunk
 * asked again from before it fails the attempt; the next one starts a new session, which harms
 * nothing as an unfinished session is never published.
 */
export async function transferVideoChunks(transfer: VideoTransfer, started: JsonRecord): Promise<void> {
  const { api, medium } = transfer;
  const bytes = new SentBytes(api, medium);
  // As many retries as Meta's uploader allows: one per 10 MB, at least two.
  let retries = Math.max(Math.floor(medium.size / (10 * MB)), 2);
  let [start, end] = offsetsOf(api, started);
  while (start < end) {
    const data = await bytes.range(start, end);
    const answer = await api.sendRecovering(
      {
        method: 'POST',
        url: api.url(node(transfer.pageId, 'videos')),
        multipart: {
          access_token: transfer.accessToken,
          upload_phase: 'transfer',
          upload_session_id: transfer.sessionId,
          start_offset: String(start),
          video_file_chunk: { data, filename: 'chunk', contentType: 'application/octet-stream' },
        },
      },
      rangeAskedInstead,
    );
    const next = answer.recovered ?? offsetsOf(api, isRecord(answer.body) ? answer.body : {});
    if (answer.recovered !== undefined || next[0] <= start) {
      if (retries === 0)
        throw new NetworkError(
          api.network,
          'transient',
          `Facebook kept refusing the video's chunk from offset ${start}: the upload starts over`,
        );
      retries -= 1;
    }
    [start, end] = next;
  }
}

/**
 * The bytes of the medium by range, read forward from its download; what was read from the last
 * range's start on is kept, so that Facebook can be sent it again.
 */
class SentBytes {
  private readonly chunker: StreamChunker;
  private last: { start: number; data: Buffer } = { start: 0, data: Buffer.alloc(0) };

  constructor(
    private readonly api: GraphApi,
    private readonly medium: StreamedMedium,
  ) {
    this.chunker = new StreamChunker(medium.pieces);
  }

  async range(start: number, end: number): Promise<Buffer> {
    const { api, medium, chunker, last } = this;
    if (start < 0 || end > medium.size)
      throw api.unexpected(`upload_phase=transfer asked for bytes ${start} to ${end} of a file of ${medium.size}`);
    if (end - start > FACEBOOK_MAX_VIDEO_CHUNK_BYTES)
      throw api.unexpected(
        `upload_phase=transfer asked for a chunk of ${end - start} bytes, more than ${FACEBOOK_MAX_VIDEO_CHUNK_BYTES}`,
      );
    if (start > chunker.offset)
      throw api.unexpected(`upload_phase=transfer asked for offset ${start}, past the ${chunker.offset} bytes sent`);
    if (start < last.start) {
      throw new NetworkError(
        api.network,
        'transient',
        `Facebook asked again for the video's bytes from offset ${start}, already sent up to ${chunker.offset}: the upload starts over`,
      );
    }
    // What was sent last covers the range's beginning; the rest is read on from the download. All
    // that was read from `start` on is kept, a range asked again shorter than the one before included.
    const again = last.data.subarray(start - last.start);
    const fresh = end > chunker.offset ? await chunker.next(end - chunker.offset) : Buffer.alloc(0);
    const kept = again.length === 0 ? fresh : Buffer.concat([again, fresh]);
    if (kept.length < end - start) throw api.unexpected(`the video ended before offset ${end}`);
    this.last = { start, data: kept };
    return kept.subarray(0, end - start);
  }
}

/** The next chunk Facebook asks for; it quotes the offsets as strings. */
function offsetsOf(api: GraphApi, answer: JsonRecord): Range {
  const start = numberField(answer, 'start_offset');
  const end = numberField(answer, 'end_offset');
  if (start === undefined || end === undefined)
    throw api.unexpected('no start_offset and end_offset in an upload answer');
  return [start, end];
}

/** The chunk a 1363037 refusal asks for instead (`error.error_data`), if it names one. */
function rangeAskedInstead(refusal: NetworkResponse): Range | undefined {
  const error = isRecord(refusal.body) ? recordField(refusal.body, 'error') : undefined;
  if (!error || numberField(error, 'error_subcode') !== FACEBOOK_WRONG_CHUNK_SUBCODE) return undefined;
  const data = recordField(error, 'error_data');
  const start = data ? numberField(data, 'start_offset') : undefined;
  const end = data ? numberField(data, 'end_offset') : undefined;
  return start !== undefined && end !== undefined ? [start, end] : undefined;
}
