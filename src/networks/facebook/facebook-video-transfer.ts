import { GraphApi } from '../graph/graph-api';
import { node } from '../graph/graph-publishing';
import { isRecord, JsonRecord, numberField } from '../http/json-fields';
import { StreamedMedium } from '../http/network-api';
import { StreamChunker } from '../http/stream-chunker';
import { NetworkError } from '../network-error';

/**
 * The most bytes sent in one transfer, whatever Facebook asks for: the worker holds one chunk at a
 * time, so this bounds its memory per upload. A shorter chunk than asked is still a chunk from the
 * offset asked for: the next answer names its offsets from the bytes received (as the emulator's
 * does), so the rest is asked for next.
 */
export const FACEBOOK_MAX_VIDEO_CHUNK_BYTES = 16 * 1024 * 1024;

export interface VideoTransfer {
  api: GraphApi;
  accessToken: string;
  pageId: string;
  sessionId: string;
  medium: StreamedMedium;
}

/**
 * Sends the chunks Facebook asks for (`start_offset` to `end_offset`, from the start phase's answer
 * on) until it asks for none, reading each from the medium's download as it is sent: the video is
 * never held whole. The download is read once, forward, so Facebook asking again for bytes already
 * sent (it should not) fails the attempt; the next one starts a new session, which harms nothing
 * as an unfinished session is never published.
 */
export async function transferVideoChunks(transfer: VideoTransfer, started: JsonRecord): Promise<void> {
  const { api, medium } = transfer;
  const chunker = new StreamChunker(medium.pieces);
  let [start, end] = offsetsOf(api, started);
  while (start < end) {
    if (start < chunker.offset) {
      throw new NetworkError(
        api.network,
        'transient',
        `Facebook asked again for the video's bytes from offset ${start}, already sent up to ${chunker.offset}: the upload starts over`,
      );
    }
    if (start > chunker.offset)
      throw api.unexpected(`upload_phase=transfer asked for offset ${start}, past the ${chunker.offset} bytes sent`);
    if (start >= medium.size)
      throw api.unexpected(`upload_phase=transfer asked for offset ${start} of a file of ${medium.size} bytes`);
    const data = await chunker.next(Math.min(end, medium.size, start + FACEBOOK_MAX_VIDEO_CHUNK_BYTES) - start);
    const body = await api.send({
      method: 'POST',
      url: api.url(node(transfer.pageId, 'videos')),
      multipart: {
        access_token: transfer.accessToken,
        upload_phase: 'transfer',
        upload_session_id: transfer.sessionId,
        start_offset: String(start),
        video_file_chunk: { data, filename: 'chunk', contentType: 'application/octet-stream' },
      },
    });
    const next = offsetsOf(api, isRecord(body) ? body : {});
    if (next[0] <= start) throw api.unexpected(`upload_phase=transfer did not move on from offset ${start}`);
    [start, end] = next;
  }
}

/** The next chunk Facebook asks for; it quotes the offsets as strings. */
function offsetsOf(api: GraphApi, answer: JsonRecord): [number, number] {
  const start = numberField(answer, 'start_offset');
  const end = numberField(answer, 'end_offset');
  if (start === undefined || end === undefined)
    throw api.unexpected('no start_offset and end_offset in an upload answer');
  return [start, end];
}
