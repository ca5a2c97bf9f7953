import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { youTubeApiRules } from '../../contracts';
import { youTubeId } from './youtube-ids';
import { EmulatorContext } from '../emulator-context';
import { answerLost } from '../state/comment-threads';
import { EmulatorState } from '../state/emulator-state';
import { delayCall } from '../worlds/deferred-delay';
import { authorizeYouTubeCall, requireYouTubeToken } from './youtube-access';
import { refuseContractViolations } from './youtube-contract-checks';
import { youTubeErrors } from './youtube-errors';
import { youTubePermalink } from './youtube-pages';
import { YOUTUBE_UPLOADS, YOUTUBE_VIDEOS, YouTubeUploadSession } from './youtube-stored-objects';
import { videoView } from './youtube-video-view';

const rules = youTubeApiRules();
/** The most bytes one PUT carries here (the adapter sends parts of a few MiB). */
const UPLOAD_BODY_LIMIT = 256 * 1024 * 1024;

type Json = Record<string, unknown>;
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** Publishes the video of a session whose every byte arrived: the published log, its state, the answer. */
function complete(state: EmulatorState, context: EmulatorContext, session: YouTubeUploadSession): string {
  const snippet = record(session.video.snippet);
  const status = record(session.video.status);
  const id = youTubeId(11);
  state.published.record({
    network: 'youtube',
    accountId: session.channelId,
    postId: id,
    text: typeof snippet.description === 'string' ? snippet.description : '',
    media: [
      {
        type: 'video',
        id,
        size: session.received,
        // The whole file's digest is known when it came in one PUT; parts are hashed one by one.
        ...(session.chunks.length === 1 ? { sha256: session.chunks[0] } : {}),
      },
    ],
    permalink: youTubePermalink(context.pages, id),
    publishedAt: new Date(state.now()).toISOString(),
    youtube: {
      title: String(snippet.title),
      privacyStatus: typeof status.privacyStatus === 'string' ? status.privacyStatus : 'public',
      ...(typeof status.selfDeclaredMadeForKids === 'boolean'
        ? { selfDeclaredMadeForKids: status.selfDeclaredMadeForKids }
        : {}),
      ...(typeof status.containsSyntheticMedia === 'boolean'
        ? { containsSyntheticMedia: status.containsSyntheticMedia }
        : {}),
      ...(Array.isArray(snippet.tags) ? { tags: snippet.tags.map(String) } : {}),
      ...(typeof snippet.categoryId === 'string' ? { categoryId: snippet.categoryId } : {}),
    },
  });
  state.objects.of(YOUTUBE_VIDEOS).set(id, {
    id,
    polls: 0,
    privacyStatus: typeof status.privacyStatus === 'string' ? status.privacyStatus : 'public',
    selfDeclaredMadeForKids: status.selfDeclaredMadeForKids === true,
    ...(typeof status.containsSyntheticMedia === 'boolean'
      ? { containsSyntheticMedia: status.containsSyntheticMedia }
      : {}),
    title: String(snippet.title),
    tags: Array.isArray(snippet.tags) ? snippet.tags.map(String) : [],
    categoryId: typeof snippet.categoryId === 'string' ? snippet.categoryId : '22',
  });
  session.videoId = id;
  return id;
}

function resumeIncomplete(reply: FastifyReply, session: YouTubeUploadSession): FastifyReply {
  if (session.received > 0) reply.header('Range', `bytes=0-${session.received - 1}`);
  return reply.status(308).send();
}

/**
 * upload/youtube/v3: videos.insert with the resumable protocol (the metadata first, answered with
 * the session URI in Location; then the bytes by PUT, in one piece or in parts of a multiple of
 * 256 KiB, each part but the last answered 308 with the Range received; a PUT with
 * `Content-Range: bytes *\/N` asks what arrived, or answers the video once it is complete), and
 * thumbnails.set (the image as the body).
 */
export function registerYouTubeUploadRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const prefix = fastify.prefix;
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  fastify.post<{ Querystring: Record<string, string | undefined> }>(
    '/upload/youtube/v3/videos',
    async (request, reply) => {
      const { channel, token } = await authorizeYouTubeCall(state, request, 'videos.insert', [
        'token_expired',
        'token_revoked',
        'rate_limited',
        'slow',
        'server_error',
      ]);
      refuseContractViolations(request, prefix);
      if (request.query.uploadType !== 'resumable')
        throw youTubeErrors.badRequest('badRequest', 'This emulator takes videos.insert with uploadType=resumable');
      const length = Number(header(request, 'x-upload-content-length'));
      if (!Number.isInteger(length) || length <= 0)
        throw youTubeErrors.badRequest(
          'mediaBodyRequired',
          'X-Upload-Content-Length must announce the video\u2019s size',
        );
      const contentType = header(request, 'x-upload-content-type') ?? 'application/octet-stream';
      if (!/^video\/|^application\/octet-stream$/.test(contentType))
        throw youTubeErrors.badRequest('invalidFilename', `X-Upload-Content-Type ${contentType} is not a video`);
      const id = youTubeId(32);
      state.objects.of(YOUTUBE_UPLOADS).set(id, {
        id,
        channelId: channel.id,
        clientId: token.clientId,
        video: record(request.body),
        part: request.query.part ?? '',
        length,
        contentType,
        received: 0,
        chunks: [],
        createdAt: state.now(),
      });
      const location = context.pages.url('/youtube', '/api/upload/youtube/v3/videos', {
        uploadType: 'resumable',
        upload_id: id,
      });
      return reply.status(200).header('Location', location).header('X-GUploader-UploadID', id).send();
    },
  );

  fastify.put<{ Querystring: Record<string, string | undefined> }>(
    '/upload/youtube/v3/videos',
    { bodyLimit: UPLOAD_BODY_LIMIT },
    async (request, reply) => {
      const { channel } = requireYouTubeToken(state, request);
      const session = request.query.upload_id
        ? state.objects.of(YOUTUBE_UPLOADS).get(request.query.upload_id)
        : undefined;
      if (!session) throw youTubeErrors.notFound('notFound', 'The upload session does not exist or has expired');
      if (session.channelId !== channel.id)
        throw youTubeErrors.forbidden('The upload session belongs to another channel');
      const answerVideo = () => {
        const item = state.published.find('youtube', session.videoId!)!;
        return reply.status(200).send(videoView(state, item, session.part.split(',')));
      };
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const range = header(request, 'content-range');
      if (range?.startsWith('bytes */')) {
        if (session.videoId) return answerVideo();
        return resumeIncomplete(reply, session);
      }
      if (session.videoId) return answerVideo();
      // A part lost on the way (a 503 before any byte is kept): the client asks what arrived and goes on.
      const faults = state.faults.take([{ network: 'youtube', accountId: channel.id }], ['slow', 'server_error']);
      await delayCall(faults.reduce((total, fault) => total + (fault.kind === 'slow' ? (fault.delayMs ?? 0) : 0), 0));
      if (faults.some((fault) => fault.kind === 'server_error')) throw youTubeErrors.serverError();
      const parsed = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range ?? '');
      const first = parsed ? Number(parsed[1]) : 0;
      const last = parsed ? Number(parsed[2]) : bytes.length - 1;
      const total = parsed ? Number(parsed[3]) : bytes.length;
      if (total !== session.length || last - first + 1 !== bytes.length)
        throw youTubeErrors.badRequest(
          'badContent',
          `The bytes do not match Content-Range or the announced ${session.length}`,
        );
      if (first > session.received)
        throw youTubeErrors.badRequest('badContent', `Expected bytes from ${session.received}, got ${first}`);
      const fresh = bytes.subarray(session.received - first);
      const isLast = last + 1 === session.length;
      if (!isLast && bytes.length % rules.resumableUpload.partMultiple !== 0)
        throw youTubeErrors.badRequest(
          'badContent',
          `A part but the last must be a multiple of ${rules.resumableUpload.partMultiple} bytes`,
        );
      if (fresh.length) {
        session.chunks.push(createHash('sha256').update(fresh).digest('hex'));
        session.received += fresh.length;
      }
      if (!isLast) return resumeIncomplete(reply, session);
      complete(state, context, session);
      // The video exists; the answer is lost (the client asks the session what arrived, and gets the video).
      if (answerLost(state, [{ network: 'youtube', accountId: channel.id }])) throw youTubeErrors.serverError();
      return answerVideo();
    },
  );

  fastify.post<{ Querystring: Record<string, string | undefined> }>(
    '/upload/youtube/v3/thumbnails/set',
    async (request) => {
      const { channel } = await authorizeYouTubeCall(state, request, 'thumbnails.set');
      refuseContractViolations(request, prefix);
      const videoId = request.query.videoId ?? '';
      const item = state.published.find('youtube', videoId);
      const video = state.objects.of(YOUTUBE_VIDEOS).get(videoId);
      if (!item || item.deletedAt || !video)
        throw youTubeErrors.notFound('videoNotFound', `The video ${videoId} cannot be found`);
      if (item.accountId !== channel.id)
        throw youTubeErrors.forbidden('The thumbnail can\u2019t be set for the specified video.');
      if (!channel.verified)
        throw youTubeErrors.forbidden(
          'The authenticated user doesn\u2019t have permissions to upload and set custom video thumbnails.',
        );
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!bytes.length)
        throw youTubeErrors.badRequest('mediaBodyRequired', 'The request does not include the image content.');
      const contentType = String(request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      if (!rules.thumbnails.accept.includes(contentType))
        throw youTubeErrors.badRequest(
          'imageFormatUnsupported',
          `The image\u2019s type ${contentType} is not supported`,
        );
      if (bytes.length > rules.thumbnails.maxBytes)
        throw youTubeErrors.badRequest(
          'mediaBodyTooLarge',
          `The image is larger than ${rules.thumbnails.maxBytes} bytes`,
        );
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      video.thumbnail = { sha256, size: bytes.length, contentType };
      item.youtube = { ...item.youtube, thumbnailSha256: sha256 };
      const url = (size: string) => `https://i.ytimg.com/vi/${videoId}/${size}.jpg`;
      return {
        kind: 'youtube#thumbnailSetResponse',
        etag: `t${item.sequence}`,
        items: [
          {
            default: { url: url('default'), width: 120, height: 90 },
            medium: { url: url('mqdefault'), width: 320, height: 180 },
            high: { url: url('hqdefault'), width: 480, height: 360 },
          },
        ],
      };
    },
  );
}
