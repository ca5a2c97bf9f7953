import { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { tiktokApiRules } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { EmulatorPages } from '../http/object-pages';
import { tiktokErrors } from './tiktok-errors';
import { TIKTOK_PUBLISHES, TikTokPublish } from './tiktok-stored-objects';

const chunks = tiktokApiRules().chunks;
/** The most one PUT carries: a final chunk of 128 MB. */
const UPLOAD_BODY_LIMIT = chunks.finalMaxBytes;

export const TIKTOK_UPLOAD_PREFIX = '/upload';

/** The upload URL init answers for a FILE_UPLOAD (open-upload.tiktokapis.com/video/?upload_id=…&upload_token=…). */
export function tiktokUploadUrl(pages: EmulatorPages, publish: TikTokPublish): string {
  return pages.url('/tiktok', `${TIKTOK_UPLOAD_PREFIX}/video/`, {
    upload_id: publish.publishId,
    upload_token: publish.uploadToken ?? '',
  });
}

/**
 * The upload URL: each chunk PUT in order with `Content-Range: bytes {first}-{last}/{total}` and a
 * video Content-Type, every chunk but the last exactly chunk_size bytes and the last taking the
 * trailing bytes (media transfer guide); 206 while chunks are missing, 201 once the video is whole.
 */
export function registerTikTokUploads(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  void fastify.register(
    async (uploads) => {
      uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
      uploads.put<{ Querystring: { upload_id?: string; upload_token?: string } }>(
        '/video/',
        { bodyLimit: UPLOAD_BODY_LIMIT },
        async (request, reply) => {
          const publish = state.objects.of(TIKTOK_PUBLISHES).get(request.query.upload_id ?? '');
          if (!publish || !publish.uploadToken || publish.uploadToken !== request.query.upload_token)
            throw tiktokErrors.notFound('The upload URL is invalid or expired');
          const type = String(request.headers['content-type'] ?? '')
            .split(';')[0]!
            .trim();
          if (!chunks.videoTypes.includes(type))
            throw tiktokErrors.invalidParam(`Content-Type must be one of ${chunks.videoTypes.join(', ')}`);
          const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(request.headers['content-range'] ?? ''));
          if (!range) throw tiktokErrors.invalidParam('Content-Range must be bytes {first}-{last}/{total}');
          const [first, last, total] = range.slice(1).map(Number) as [number, number, number];
          const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const index = publish.chunks.length;
          const count = publish.totalChunkCount!;
          const size = publish.chunkSize!;
          const expectedLast = index === count - 1 ? publish.videoSize! - 1 : (index + 1) * size - 1;
          if (index >= count) throw tiktokErrors.invalidParam('Every chunk of this upload has arrived');
          if (total !== publish.videoSize)
            throw tiktokErrors.invalidParam(`Content-Range's total must be video_size ${publish.videoSize}`);
          if (first !== index * size || last !== expectedLast)
            throw tiktokErrors.invalidParam(
              `Chunks are uploaded in order: chunk ${index + 1} of ${count} is bytes ${index * size}-${expectedLast}`,
            );
          if (bytes.length !== last - first + 1)
            throw tiktokErrors.invalidParam(
              `The body holds ${bytes.length} bytes; Content-Range says ${last - first + 1}`,
            );
          publish.chunks.push({ first, last, sha256: createHash('sha256').update(bytes).digest('hex') });
          publish.contentType = type;
          if (publish.chunks.length < count) return reply.status(chunks.answers.partial).send();
          publish.arrivedAt = state.now();
          return reply.status(chunks.answers.complete).send();
        },
      );
    },
    { prefix: TIKTOK_UPLOAD_PREFIX },
  );
}
