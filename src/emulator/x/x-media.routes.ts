import { FastifyInstance, FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { isMultipartBody } from '../http/multipart';
import { jsonObjectBody } from '../http/request-params';
import { snowflakeId } from '../state/emulator-ids';
import { EmulatorState } from '../state/emulator-state';
import { X_MEDIA, XMedia } from './x-stored-objects';
import { authorizeXCall } from './x-access';
import { isBodyObject, onlyProperties, XBodyObject } from './x-body';
import { xProblems } from './x-errors';
import { xPathId, xQuery } from './x-query';
import { X_ALT_TEXT_MAX_LENGTH, X_BODY_PROPERTIES, X_ID_PATTERN, X_INITIALIZE_MEDIA_TYPES } from './x-spec';

const MB = 1024 * 1024;
const MEDIA_LIFETIME_SECONDS = 86400;
/** The largest request an upload endpoint reads: a 5 MB image or chunk, base64 or multipart. */
export const X_UPLOAD_BODY_LIMIT = 8 * MB;
const CATEGORY_LIMITS: Record<string, number> = { tweet_image: 5 * MB, tweet_gif: 15 * MB, tweet_video: 512 * MB };
const MEDIA_KEY_PREFIX: Record<string, string> = { tweet_image: '3', tweet_gif: '16', tweet_video: '7' };
const SCOPES = ['media.write'];

type Query = { Querystring: Record<string, unknown> };
type MediaId = Query & { Params: { id: string } };
/** media_category values the spec lists for one request (MediaUploadRequest) and for initialize. */
const UPLOAD_CATEGORIES = ['tweet_image', 'tweet_video', 'tweet_gif', 'dm_image', 'dm_video', 'dm_gif', 'subtitles'];
const INITIALIZE_CATEGORIES = [...UPLOAD_CATEGORIES, 'amplify_video'];

/** The bytes of an upload: the multipart `media` file (or field), or base64 `media` in a JSON body. */
function uploadedBytes(request: FastifyRequest): number {
  const body = request.body;
  if (isMultipartBody(body)) {
    const file = body.files.media;
    if (file) return file.data.length;
    if (body.fields.media !== undefined) return Buffer.byteLength(body.fields.media);
  }
  const media = jsonObjectBody(request)?.media;
  if (typeof media === 'string' && /^[A-Za-z0-9+/=\s]+$/.test(media)) return Buffer.from(media, 'base64').length;
  throw xProblems.invalid('media', 'The media field is required: a multipart file, or base64 in a JSON body.');
}

/**
 * The body's properties, checked against the schema's (x-spec.ts): a multipart body's fields and
 * files, or a JSON object's keys. Neither: the upload is refused.
 */
function uploadProperties(
  request: FastifyRequest,
  allowed: readonly string[],
  json: 'json-only' | 'either',
): XBodyObject {
  const body = request.body;
  const properties = isMultipartBody(body)
    ? json === 'json-only'
      ? undefined
      : { ...body.fields, ...body.files }
    : jsonObjectBody(request);
  if (!properties)
    throw xProblems.invalid(
      'body',
      json === 'json-only'
        ? 'The request body must be a JSON object.'
        : 'The body must be multipart/form-data or JSON.',
    );
  onlyProperties(properties, allowed);
  return properties;
}

/** A media_category the spec lists (`listed`) and the emulator models (tweet images, GIFs and videos). */
function checkedCategory(value: unknown, listed: readonly string[]): string {
  if (typeof value !== 'string' || !listed.includes(value))
    throw xProblems.invalid('media_category', `media_category must be one of ${listed.join(', ')}`, String(value));
  if (!(value in CATEGORY_LIMITS))
    throw xProblems.invalid(
      'media_category',
      `The emulator models only ${Object.keys(CATEGORY_LIMITS).join(', ')} uploads.`,
      value,
    );
  return value;
}

/** The category an initialize names, else the one its media_type implies, as X picks it. */
function initializeCategory(value: unknown, mediaType: string): string {
  if (value !== undefined) return checkedCategory(value, INITIALIZE_CATEGORIES);
  if (mediaType.startsWith('video/')) return 'tweet_video';
  if (mediaType === 'image/gif') return 'tweet_gif';
  if (mediaType.startsWith('image/')) return 'tweet_image';
  throw xProblems.invalid('media_category', `media_category is needed for ${mediaType}.`, mediaType);
}

function newMedia(state: EmulatorState, userId: string, category: string, totalBytes: number): XMedia {
  const id = snowflakeId();
  const now = state.now();
  const media: XMedia = {
    id,
    mediaKey: `${MEDIA_KEY_PREFIX[category]}_${id}`,
    userId,
    category,
    totalBytes,
    receivedBytes: 0,
    segments: new Set(),
    state: 'uploading',
    polls: 0,
    createdAt: now,
    expiresAt: now + MEDIA_LIFETIME_SECONDS * 1000,
  };
  state.objects.of(X_MEDIA).set(id, media);
  return media;
}

function processingInfo(media: XMedia) {
  if (media.state === 'succeeded') return { state: 'succeeded', progress_percent: 100 };
  return { state: media.state, check_after_secs: 1, progress_percent: media.state === 'pending' ? 0 : 50 };
}

function ownMedia(state: EmulatorState, id: string | undefined, userId: string): XMedia {
  const media = id ? state.objects.of(X_MEDIA).get(id) : undefined;
  if (!media || media.userId !== userId) throw xProblems.invalid('media_id', `The media id ${id ?? ''} is not valid.`);
  return media;
}

/** Media upload: simple (image) and chunked (initialize, append, finalize), then STATUS polling. */
export function registerXMediaRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const uploadOptions = { bodyLimit: X_UPLOAD_BODY_LIMIT };

  // One request (MediaUploadRequest): media and media_category, and no media_type, which the spec's schema does not have.
  fastify.post<Query>('/2/media/upload', uploadOptions, async (request, reply) => {
    const { profile } = await authorizeXCall(state, request, reply, { endpoint: 'media', scopes: SCOPES });
    xQuery('POST /2/media/upload', request.query);
    const body = uploadProperties(request, X_BODY_PROPERTIES.mediaUpload, 'either');
    if (body.media_category === undefined)
      throw xProblems.invalid('media_category', 'The `media_category` field is required.');
    const category = checkedCategory(body.media_category, UPLOAD_CATEGORIES);
    if (category === 'tweet_video')
      throw xProblems.invalid('media_category', 'Videos are uploaded in chunks: initialize, append, finalize.');
    const size = uploadedBytes(request);
    if (size === 0 || size > CATEGORY_LIMITS[category])
      throw xProblems.invalid('media', `The media must be 1 byte to ${CATEGORY_LIMITS[category] / MB} MB.`);
    const media = newMedia(state, profile.id, category, size);
    Object.assign(media, { receivedBytes: size, state: 'succeeded' });
    return { data: { id: media.id, media_key: media.mediaKey, size, expires_after_secs: MEDIA_LIFETIME_SECONDS } };
  });

  // Initialize (InitializeMediaUploadRequest, JSON): media_type is one of the spec's enumerated types.
  fastify.post<Query>('/2/media/upload/initialize', async (request, reply) => {
    const { profile } = await authorizeXCall(state, request, reply, { endpoint: 'media', scopes: SCOPES });
    xQuery('POST /2/media/upload/initialize', request.query);
    const body = uploadProperties(request, X_BODY_PROPERTIES.initializeUpload, 'json-only');
    const mediaType = body.media_type;
    if (typeof mediaType !== 'string' || !(X_INITIALIZE_MEDIA_TYPES as readonly string[]).includes(mediaType))
      throw xProblems.invalid(
        'media_type',
        `media_type must be one of ${X_INITIALIZE_MEDIA_TYPES.join(', ')}`,
        String(mediaType),
      );
    const category = initializeCategory(body.media_category, mediaType);
    const totalBytes = body.total_bytes;
    if (
      typeof totalBytes !== 'number' ||
      !Number.isInteger(totalBytes) ||
      totalBytes < 1 ||
      totalBytes > CATEGORY_LIMITS[category]
    )
      throw xProblems.invalid('total_bytes', `total_bytes must be an integer from 1 to ${CATEGORY_LIMITS[category]}.`);
    const media = newMedia(state, profile.id, category, totalBytes);
    return { data: { id: media.id, media_key: media.mediaKey, expires_after_secs: MEDIA_LIFETIME_SECONDS } };
  });

  fastify.post<MediaId>('/2/media/upload/:id/append', uploadOptions, async (request, reply) => {
    const { profile } = await authorizeXCall(state, request, reply, { endpoint: 'media', scopes: SCOPES });
    xQuery('POST /2/media/upload/:id/append', request.query);
    const media = ownMedia(state, xPathId('id', request.params.id), profile.id);
    if (media.state !== 'uploading') throw xProblems.invalid('media_id', 'The upload was already finalized.');
    const body = uploadProperties(request, X_BODY_PROPERTIES.appendUpload, 'either');
    const segment = typeof body.segment_index === 'number' ? body.segment_index : Number(body.segment_index ?? NaN);
    if (!Number.isInteger(segment) || segment < 0 || segment > 999)
      throw xProblems.invalid('segment_index', 'segment_index must be an integer from 0 to 999.');
    const size = uploadedBytes(request);
    if (media.segments.has(segment))
      throw xProblems.invalid('segment_index', `Segment ${segment} was already uploaded.`);
    if (media.receivedBytes + size > media.totalBytes)
      throw xProblems.invalid('media', 'More bytes were sent than total_bytes announced.');
    media.segments.add(segment);
    media.receivedBytes += size;
    return { data: { expires_at: Math.floor(media.expiresAt / 1000) } };
  });

  fastify.post<MediaId>('/2/media/upload/:id/finalize', async (request, reply) => {
    const { profile } = await authorizeXCall(state, request, reply, { endpoint: 'media', scopes: SCOPES });
    xQuery('POST /2/media/upload/:id/finalize', request.query);
    const media = ownMedia(state, xPathId('id', request.params.id), profile.id);
    if (media.state !== 'uploading') throw xProblems.invalid('media_id', 'The upload was already finalized.');
    if (media.receivedBytes !== media.totalBytes)
      throw xProblems.invalid(
        'total_bytes',
        `File size mismatch: received ${media.receivedBytes} of ${media.totalBytes} bytes.`,
      );
    media.state = media.category === 'tweet_image' ? 'succeeded' : 'pending';
    const info = media.state === 'succeeded' ? {} : { processing_info: processingInfo(media) };
    return {
      data: {
        id: media.id,
        media_key: media.mediaKey,
        size: media.totalBytes,
        expires_after_secs: MEDIA_LIFETIME_SECONDS,
        ...info,
      },
    };
  });

  // Each STATUS poll moves processing on; after the configured number of polls it has succeeded.
  // STATUS: the spec lists command (only STATUS) as optional and media_id as required.
  fastify.get<Query>('/2/media/upload', async (request, reply) => {
    const { profile } = await authorizeXCall(state, request, reply, { endpoint: 'media', scopes: SCOPES });
    const query = xQuery('GET /2/media/upload', request.query);
    const media = ownMedia(state, query.value('media_id'), profile.id);
    if (media.state === 'pending' || media.state === 'in_progress') {
      media.polls += 1;
      media.state = media.polls > state.settings.xVideoPolls ? 'succeeded' : 'in_progress';
    }
    return { data: { id: media.id, media_key: media.mediaKey, processing_info: processingInfo(media) } };
  });

  // Metadata (CreateMediaMetadataRequest): the emulator keeps the alt text, which the tweet's
  // published media then carry. X takes alt text on images and GIFs only ("currently only supported
  // for images and GIFs", its media metadata reference); a video's is refused.
  fastify.post<Query>('/2/media/metadata', async (request, reply) => {
    const { profile } = await authorizeXCall(state, request, reply, { endpoint: 'media', scopes: SCOPES });
    xQuery('POST /2/media/metadata', request.query);
    const body = jsonObjectBody(request);
    if (!body) throw xProblems.invalid('body', 'The request body must be a JSON object.');
    if (typeof body.id !== 'string' || !X_ID_PATTERN.test(body.id))
      throw xProblems.invalid('id', 'The `id` field is required: a media id of 1 to 19 digits.');
    const media = ownMedia(state, body.id, profile.id);
    if (media.expiresAt <= state.now()) throw xProblems.invalid('id', `The media id ${media.id} is not valid.`);
    const metadata = body.metadata;
    if (metadata !== undefined && !isBodyObject(metadata))
      throw xProblems.invalid('metadata', 'metadata must be an object');
    const altText = metadata?.alt_text;
    if (altText !== undefined) {
      if (!isBodyObject(altText)) throw xProblems.invalid('metadata.alt_text', 'metadata.alt_text must be an object');
      const text = altText.text;
      if (typeof text !== 'string')
        throw xProblems.invalid('metadata.alt_text.text', 'The `metadata.alt_text.text` field is required.');
      if ([...text].length > X_ALT_TEXT_MAX_LENGTH)
        throw xProblems.invalid(
          'metadata.alt_text.text',
          `metadata.alt_text.text must be at most ${X_ALT_TEXT_MAX_LENGTH} characters.`,
        );
      if (media.category === 'tweet_video')
        throw xProblems.invalid('metadata.alt_text', 'Alt text can be set on images and GIFs only.');
      media.altText = text;
    }
    return {
      data: {
        id: media.id,
        associated_metadata: media.altText !== undefined ? { alt_text: { text: media.altText } } : {},
      },
    };
  });
}
