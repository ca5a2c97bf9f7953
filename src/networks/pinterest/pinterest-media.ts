import { pinterestApiRules } from '../../contracts';
import { withNetworkOperation } from '../../observability';
import type { MediaBytes } from '../../media';
import { isRecord, recordField, stringField } from '../http/json-fields';
import { PostMedia } from '../network-adapter';
import { NetworkError } from '../network-error';
import { PinterestApi } from './pinterest-api';

const limits = pinterestApiRules().media.limits;
/** The image types a base64 image may be (ContentType in Pinterest's description). */
const BASE64_TYPES: readonly string[] = pinterestApiRules().pins.imageContentTypes.values;

export type PinterestMediaStatus = 'registered' | 'processing' | 'succeeded' | 'failed';

async function bytesOf(opened: MediaBytes): Promise<Buffer> {
  const pieces: Buffer[] = [];
  try {
    for await (const piece of opened.pieces) pieces.push(piece);
  } finally {
    opened.close();
  }
  return Buffer.concat(pieces);
}

function tooLarge(api: PinterestApi, limit: number): NetworkError {
  return new NetworkError(api.network, 'permanent', `The medium is larger than Pinterest takes (${limit} bytes)`, {
    code: 'media_too_large',
  });
}

/**
 * The media_source of an image pin or a carousel: the service's own bytes as base64 where every
 * image is stored here as JPEG or PNG (`image_base64`, `multiple_image_base64`), else the images'
 * URLs for Pinterest to fetch (`image_url`, `multiple_image_urls`): a customer's URL, or the
 * service's signed URL of an uploaded medium.
 */
export async function imageSource(api: PinterestApi, media: readonly PostMedia[]): Promise<Record<string, unknown>> {
  const stored = media.every((medium) => medium.openStored !== undefined);
  if (stored) {
    const images = [];
    for (const medium of media) {
      const opened = medium.openStored!();
      if (!BASE64_TYPES.includes(opened.contentType)) {
        opened.close();
        return urlSource(media);
      }
      if (opened.size > limits.image.maxBytes) {
        opened.close();
        throw tooLarge(api, limits.image.maxBytes);
      }
      images.push({ content_type: opened.contentType, data: (await bytesOf(opened)).toString('base64') });
    }
    return images.length === 1
      ? { source_type: 'image_base64', ...images[0] }
      : { source_type: 'multiple_image_base64', items: images };
  }
  return urlSource(media);
}

function urlSource(media: readonly PostMedia[]): Record<string, unknown> {
  return media.length === 1
    ? { source_type: 'image_url', url: media[0]!.url }
    : { source_type: 'multiple_image_urls', items: media.map((medium) => ({ url: medium.url })) };
}

/** `POST /media` (media_type video): the medium's id, the URL to send its file to and the form's parameters. */
export async function registerPinterestVideo(
  api: PinterestApi,
): Promise<{ mediaId: string; uploadUrl: string; parameters: Record<string, string> }> {
  // Registering the video and sending its file are counted as uploads, within the publish.
  const body = await withNetworkOperation('upload', () => api.create('/media', { media_type: 'video' }));
  const mediaId = stringField(body, 'media_id');
  const uploadUrl = stringField(body, 'upload_url');
  const given = recordField(body, 'upload_parameters') ?? {};
  if (!mediaId || !uploadUrl) throw api.unexpected('no media_id or upload_url in the answer to POST /media');
  const parameters = Object.fromEntries(
    Object.entries(given).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return { mediaId, uploadUrl, parameters };
}

/** The video's file, from the service's storage or downloaded from its URL, to the upload URL as a form. */
export async function uploadPinterestVideo(
  api: PinterestApi,
  upload: { uploadUrl: string; parameters: Record<string, string> },
  medium: PostMedia,
): Promise<void> {
  const limit = limits.video.maxBytes;
  const opened = medium.openStored ? medium.openStored() : await api.openDownload(medium.url, limit);
  if (opened.size > limit) {
    opened.close();
    throw tooLarge(api, limit);
  }
  const contentType = opened.contentType;
  const data = await bytesOf(opened);
  await withNetworkOperation('upload', () =>
    api.uploadForm(upload.uploadUrl, upload.parameters, { data, filename: 'video', contentType }),
  );
}

/** `GET /media/{media_id}`: the medium's processing status. */
export async function pinterestMediaStatus(api: PinterestApi, mediaId: string): Promise<PinterestMediaStatus> {
  const body = await api.read(`/media/${encodeURIComponent(mediaId)}`);
  const status = stringField(body, 'status');
  if (status !== 'registered' && status !== 'processing' && status !== 'succeeded' && status !== 'failed')
    throw api.unexpected(`a medium's status ${String(status)}`);
  return status;
}

/** Whether a value is a record with an `id`, as a pin answer is. */
export function pinIdOf(body: unknown): string | undefined {
  return isRecord(body) ? stringField(body, 'id') : undefined;
}
