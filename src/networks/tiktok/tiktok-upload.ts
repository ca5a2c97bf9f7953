import { tiktokApiRules, tiktokChunkPlan } from '../../contracts';
import type { MediaBytes } from '../../media';
import { stringField } from '../http/json-fields';
import { StreamChunker } from '../http/stream-chunker';
import { PostMedia } from '../network-adapter';
import { NetworkError } from '../network-error';
import { TikTokApi } from './tiktok-api';

const { media, chunks } = tiktokApiRules();
const CONTENT_TYPES: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' };

/** A video's bytes as a stream of known size: an uploaded one from the service's storage, a URL's downloaded. */
async function openVideo(api: TikTokApi, medium: PostMedia): Promise<MediaBytes> {
  const opened = medium.openStored ? medium.openStored() : await api.openDownload(medium.url, media.video.maxBytes);
  if (opened.size > media.video.maxBytes) {
    opened.close();
    throw new NetworkError(
      api.network,
      'permanent',
      `The video is larger than TikTok takes (${media.video.maxBytes} bytes)`,
      {
        code: 'media_too_large',
      },
    );
  }
  return opened;
}

/** The Content-Type a chunk is sent with: the file's, where it is a video type TikTok names, else from its extension. */
function videoType(contentType: string, url: string): string {
  const declared = contentType.split(';')[0]!.trim().toLowerCase();
  if (chunks.videoTypes.includes(declared)) return declared;
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? 'mp4';
  return CONTENT_TYPES[extension] ?? 'video/mp4';
}

/**
 * A video sent as FILE_UPLOAD: `init` (the direct post's or the inbox's) announces its size cut as
 * the media transfer guide says (whole below 5 MB; else chunks of `chunkBytes`, floor(size / chunk)
 * of them, the trailing bytes in the last), then each chunk is PUT in order to the upload URL with
 * its Content-Range. The file is read once, forward, a chunk at a time. The publish id once every
 * chunk arrived.
 */
export async function uploadTikTokVideo(
  api: TikTokApi,
  medium: PostMedia,
  chunkBytes: number,
  init: (sourceInfo: Record<string, unknown>) => Promise<Record<string, unknown>>,
): Promise<string> {
  const file = await openVideo(api, medium);
  try {
    const plan = tiktokChunkPlan(file.size, chunkBytes);
    const data = await init({
      source: 'FILE_UPLOAD',
      video_size: file.size,
      chunk_size: plan.chunkSize,
      total_chunk_count: plan.totalChunkCount,
    });
    const publishId = stringField(data, 'publish_id');
    const uploadUrl = stringField(data, 'upload_url');
    if (!publishId || !uploadUrl) throw api.unexpected('no publish_id or upload_url in the init answer');
    const type = videoType(file.contentType, medium.url);
    const chunker = new StreamChunker(file.pieces);
    for (const range of plan.ranges) {
      const bytes = await chunker.next(range.last - range.first + 1);
      await api.putChunk(uploadUrl, bytes, type, `bytes ${range.first}-${range.last}/${file.size}`);
    }
    return publishId;
  } finally {
    file.close();
  }
}
