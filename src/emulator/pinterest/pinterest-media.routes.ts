import { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { randomBase62 } from '../../common/ids';
import { EmulatorContext } from '../emulator-context';
import { EmulatorError } from '../http/emulator-error';
import { isMultipartBody } from '../http/multipart';
import { jsonObjectBody } from '../http/request-params';
import { numericId } from '../state/emulator-ids';
import { EmulatorState } from '../state/emulator-state';
import { authorizePinterestCall } from './pinterest-access';
import { pinterestErrors } from './pinterest-errors';
import { PINTEREST_MEDIA, PinterestMediaUpload } from './pinterest-stored-objects';

export const PINTEREST_UPLOAD_PREFIX = '/media-upload';
/** Pinterest's video pins take files up to 2 GB; the emulator reads a whole body, so it takes less. */
const UPLOAD_BODY_LIMIT = 256 * 1024 * 1024;
const STATUS_FAULTS = ['token_expired', 'token_revoked', 'rate_limited', 'slow', 'server_error'] as const;

export type PinterestMediaStatus = 'registered' | 'processing' | 'succeeded' | 'failed';

/** A medium's status now (MediaUploadStatus): registered until its file arrives, processing for some reads, then succeeded (or failed). */
export function mediaStatus(state: EmulatorState, media: PinterestMediaUpload): PinterestMediaStatus {
  if (media.uploadedAt === undefined) return 'registered';
  if (media.failed) return 'failed';
  const { pinterestVideoPolls, pinterestVideoProcessingMs } = state.settings;
  return media.polls >= pinterestVideoPolls && state.now() - media.uploadedAt >= pinterestVideoProcessingMs
    ? 'succeeded'
    : 'processing';
}

/** How the upload host (an S3 bucket on Pinterest) refuses a form: S3's XML error. */
export class UploadRefused extends EmulatorError {
  constructor(
    status: number,
    readonly code: string,
    message: string,
  ) {
    super(status, message);
  }

  body(): string {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${this.code}</Code><Message>${this.message}</Message></Error>`;
  }

  override contentType(): string {
    return 'application/xml';
  }
}

/**
 * `POST /media` registers a video (media_type `video`): its id, the URL to POST the file to and
 * the form parameters to send with it; `GET /media/{media_id}` its status, the registering
 * account's only.
 */
export function registerPinterestMediaRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.post('/media', async (request, reply) => {
    const { account } = await authorizePinterestCall(state, request, 'POST /media');
    const body = jsonObjectBody(request);
    if (body?.media_type !== 'video') throw pinterestErrors.invalid('media_type must be video');
    const mediaId = numericId(19);
    // The world's mark rides in the key, as the file's POST carries no token: it finds its sandbox by it.
    const parameters = {
      'x-amz-date': new Date(state.now()).toISOString().replace(/[-:]|\.\d{3}/g, ''),
      'x-amz-signature': randomBase62(40),
      'x-amz-security-token': randomBase62(60),
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      key: `uploads/${account.id}/${mediaId}${state.credentialSuffix}`,
      policy: Buffer.from(JSON.stringify({ media: mediaId })).toString('base64'),
      'x-amz-credential': `EMULATED/${new Date(state.now()).toISOString().slice(0, 10).replace(/-/g, '')}/us-east-1/s3/aws4_request`,
      'Content-Type': 'multipart/form-data',
    };
    state.objects.of(PINTEREST_MEDIA).set(mediaId, {
      mediaId,
      owner: account.id,
      parameters,
      createdAt: state.now(),
      polls: 0,
    });
    return reply.status(201).send({
      media_id: mediaId,
      media_type: 'video',
      upload_url: context.pages.url('/pinterest', `${PINTEREST_UPLOAD_PREFIX}/`),
      upload_parameters: parameters,
    });
  });

  fastify.get<{ Params: { media: string } }>('/media/:media', async (request) => {
    const { account } = await authorizePinterestCall(state, request, 'GET /media/{media_id}', STATUS_FAULTS);
    const media = state.objects.of(PINTEREST_MEDIA).get(request.params.media);
    if (!media || media.owner !== account.id) throw pinterestErrors.notFound('Media not found.');
    const status = mediaStatus(state, media);
    if (status === 'processing') media.polls += 1;
    return { media_id: media.mediaId, media_type: 'video', status };
  });
}

/**
 * The upload host: a multipart form POST of every parameter `POST /media` gave, unchanged, then
 * the file (`file`), as S3's browser-based upload takes it; 204 No Content. The `upload_error`
 * fault makes the file's processing fail later (its status reads `failed`).
 */
export function registerPinterestUploads(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.post(`${PINTEREST_UPLOAD_PREFIX}/`, { bodyLimit: UPLOAD_BODY_LIMIT }, async (request, reply) => {
    if (!isMultipartBody(request.body))
      throw new UploadRefused(400, 'InvalidArgument', 'POST requires multipart/form-data');
    const { fields, files } = request.body;
    const mediaId = /^uploads\/\d+\/(\d+)/.exec(fields.key ?? '')?.[1];
    const media = mediaId ? state.objects.of(PINTEREST_MEDIA).get(mediaId) : undefined;
    if (!media) throw new UploadRefused(403, 'AccessDenied', 'Invalid according to Policy: key');
    for (const [name, value] of Object.entries(media.parameters))
      if (fields[name] !== value)
        throw new UploadRefused(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${name}`);
    const file = files.file;
    if (!file || file.data.length === 0)
      throw new UploadRefused(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    if (media.uploadedAt !== undefined) throw new UploadRefused(403, 'AccessDenied', 'The upload was already made');
    media.uploadedAt = state.now();
    media.size = file.data.length;
    media.sha256 = createHash('sha256').update(file.data).digest('hex');
    media.contentType = file.contentType;
    if (state.faults.take([{ network: 'pinterest', accountId: media.owner }], ['upload_error']).length)
      media.failed = true;
    return reply.status(204).send();
  });
}
