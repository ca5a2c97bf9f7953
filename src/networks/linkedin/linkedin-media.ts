import { linkedInApiRules } from '../../contracts';
import type { MediaBytes } from '../../media';
import { arrayField, isRecord, JsonRecord, numberField, recordField, stringField } from '../http/json-fields';
import { StreamChunker } from '../http/stream-chunker';
import { PostMedia } from '../network-adapter';
import { NetworkError } from '../network-error';
import { LinkedInApi, restPath } from './linkedin-api';

const rules = linkedInApiRules().media;
/** The three upload resources of LinkedIn and the field of initializeUpload's answer naming the new URN. */
export type LinkedInUploadKind = 'images' | 'videos' | 'documents';
const URN_FIELD: Record<LinkedInUploadKind, string> = { images: 'image', videos: 'video', documents: 'document' };
const MAX_BYTES: Record<LinkedInUploadKind, number> = {
  images: rules.images.maxBytes,
  videos: rules.videos.maxBytes,
  documents: rules.documents.maxBytes,
};

/** A medium's bytes as a stream of known size: an uploaded one from the service's storage, a URL's downloaded. */
async function openMedium(
  api: LinkedInApi,
  medium: { url: string; openStored?: PostMedia['openStored'] },
  kind: LinkedInUploadKind,
): Promise<MediaBytes> {
  const limit = MAX_BYTES[kind];
  const opened = medium.openStored ? medium.openStored() : await api.openDownload(medium.url, limit);
  if (opened.size > limit) {
    opened.close();
    throw new NetworkError(api.network, 'permanent', `The medium is larger than LinkedIn takes (${limit} bytes)`, {
      code: 'media_too_large',
    });
  }
  return opened;
}

function valueOf(api: LinkedInApi, body: unknown, what: string): JsonRecord {
  const value = isRecord(body) ? recordField(body, 'value') : undefined;
  if (!value) throw api.unexpected(`no value in the answer to ${what}`);
  return value;
}

async function initialize(api: LinkedInApi, kind: LinkedInUploadKind, request: JsonRecord): Promise<JsonRecord> {
  const { body } = await api.rest('POST', restPath(kind), {
    query: { action: 'initializeUpload' },
    json: { initializeUploadRequest: request },
  });
  return valueOf(api, body, `${kind} initializeUpload`);
}

/**
 * An image or a document: `initializeUpload` with its owner (the post's author), then its bytes in
 * one PUT to the upload URL LinkedIn gave (Images API, Documents API). The URN it answered.
 */
export async function uploadLinkedInFile(
  api: LinkedInApi,
  kind: 'images' | 'documents',
  owner: string,
  medium: { url: string; openStored?: PostMedia['openStored'] },
): Promise<string> {
  const file = await openMedium(api, medium, kind);
  try {
    const value = await initialize(api, kind, { owner });
    const uploadUrl = stringField(value, 'uploadUrl');
    const urn = stringField(value, URN_FIELD[kind]);
    if (!uploadUrl || !urn) throw api.unexpected(`no uploadUrl or ${URN_FIELD[kind]} in ${kind} initializeUpload`);
    const bytes = await new StreamChunker(file.pieces).next(file.size);
    await api.upload(uploadUrl, bytes, file.contentType);
    return urn;
  } finally {
    file.close();
  }
}

/**
 * A video (Videos API): `initializeUpload` with its size, then each part of `uploadInstructions`
 * PUT to its own URL with its own byte range (firstByte to lastByte), each answer's `ETag` kept in
 * order, then `finalizeUpload` with the ETags. The file is read once, forward, a part at a time.
 */
export async function uploadLinkedInVideo(api: LinkedInApi, owner: string, medium: PostMedia): Promise<string> {
  const file = await openMedium(api, medium, 'videos');
  try {
    const value = await initialize(api, 'videos', {
      owner,
      fileSizeBytes: file.size,
      uploadCaptions: false,
      uploadThumbnail: false,
    });
    const urn = stringField(value, 'video');
    const instructions = (arrayField(value, 'uploadInstructions') ?? []).filter(isRecord);
    if (!urn || instructions.length === 0)
      throw api.unexpected('no video or uploadInstructions in videos initializeUpload');
    const chunker = new StreamChunker(file.pieces);
    const etags: string[] = [];
    for (const instruction of instructions) {
      const uploadUrl = stringField(instruction, 'uploadUrl');
      const first = numberField(instruction, 'firstByte');
      const last = numberField(instruction, 'lastByte');
      if (!uploadUrl || first === undefined || last === undefined || first !== chunker.offset)
        throw api.unexpected('an upload instruction out of order or incomplete');
      const part = await chunker.next(last - first + 1);
      const answer = await api.upload(uploadUrl, part, 'application/octet-stream');
      const etag = answer.headers['etag'];
      if (!etag) throw api.unexpected('an uploaded part answered without an ETag');
      etags.push(etag);
    }
    await api.rest('POST', restPath('videos'), {
      query: { action: 'finalizeUpload' },
      json: {
        finalizeUploadRequest: {
          video: urn,
          uploadToken: stringField(value, 'uploadToken') ?? '',
          uploadedPartIds: etags,
        },
      },
    });
    return urn;
  } finally {
    file.close();
  }
}

export type LinkedInMediaStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';

/** `GET /rest/videos/{urn}` (or documents): its status, and why it failed when it did. */
export async function linkedInMediaStatus(
  api: LinkedInApi,
  kind: 'videos' | 'documents',
  urn: string,
): Promise<{ status: LinkedInMediaStatus; reason?: string }> {
  const body = await api.read(restPath(kind, urn));
  const status = stringField(body, 'status');
  if (!status || !rules.statuses.includes(status)) throw api.unexpected(`${kind} status ${status ?? 'missing'}`);
  const reason = stringField(body, 'processingFailureReason');
  return { status: status as LinkedInMediaStatus, ...(reason ? { reason } : {}) };
}
