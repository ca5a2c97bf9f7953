import { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { linkedInApiRules } from '../../contracts';
import { randomBase62 } from '../../common/ids';
import { EmulatorContext } from '../emulator-context';
import { jsonObjectBody } from '../http/request-params';
import { EmulatorState } from '../state/emulator-state';
import { authorizeLinkedInCall, requireLinkedInToken, scopesFor } from './linkedin-access';
import { linkedInErrors } from './linkedin-errors';
import { LINKEDIN_ASSETS, LinkedInAsset, LinkedInAssetStatus, LinkedInMediaKind } from './linkedin-stored-objects';

const rules = linkedInApiRules().media;
const MB = 1024 * 1024;
/** The most bytes one upload PUT carries here (a video's part is 4 MB; a document 100 MB). */
const UPLOAD_BODY_LIMIT = 128 * MB;
const URN_KIND: Record<LinkedInMediaKind, string> = { images: 'image', videos: 'video', documents: 'document' };
const UPLOAD_URL_LIFETIME_MS = 24 * 3600_000;

export const LINKEDIN_UPLOAD_PREFIX = '/dms-uploads';

/** An asset's status now: a video is PROCESSING after its finalize until enough reads and time have passed. */
export function assetStatus(state: EmulatorState, asset: LinkedInAsset): LinkedInAssetStatus {
  if (asset.failed) return 'PROCESSING_FAILED';
  if (asset.kind !== 'videos') return asset.size !== undefined ? 'AVAILABLE' : 'WAITING_UPLOAD';
  if (asset.finalizedAt === undefined) return 'WAITING_UPLOAD';
  const { linkedinVideoPolls, linkedinVideoProcessingMs } = state.settings;
  return asset.polls >= linkedinVideoPolls && state.now() - asset.finalizedAt >= linkedinVideoProcessingMs
    ? 'AVAILABLE'
    : 'PROCESSING';
}

function findAsset(state: EmulatorState, kind: LinkedInMediaKind, urn: string): LinkedInAsset | undefined {
  const asset = state.objects.of(LINKEDIN_ASSETS).get(urn);
  return asset?.kind === kind ? asset : undefined;
}

/**
 * The Images, Videos and Documents APIs: `initializeUpload` for an owner the member may act for
 * (an upload URL per file, or per 4 MB part of a video), the PUT of the bytes to that URL (served
 * here, answering each part's ETag), a video's `finalizeUpload` with the ETags in order, and the
 * status read (a video PROCESSING, then AVAILABLE; a member's token may not read an image).
 */
export function registerLinkedInMediaRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const uploadUrl = (asset: string, part: number) =>
    context.pages.url('/linkedin', `${LINKEDIN_UPLOAD_PREFIX}/${asset}/${part}`);

  for (const kind of ['images', 'videos', 'documents'] as const) {
    fastify.post<{ Querystring: { action?: string } }>(`/rest/${kind}`, async (request, reply) => {
      const action = request.query.action;
      const body = jsonObjectBody(request) ?? {};
      if (action === 'finalizeUpload' && kind === 'videos') return finalize(request, body, reply);
      if (action !== 'initializeUpload')
        throw linkedInErrors.badRequest(
          `action must be initializeUpload${kind === 'videos' ? ' or finalizeUpload' : ''}`,
        );
      const init = body.initializeUploadRequest;
      const owner = typeof init === 'object' && init !== null ? (init as Record<string, unknown>).owner : undefined;
      if (typeof owner !== 'string') throw linkedInErrors.invalid('initializeUploadRequest.owner is required');
      await authorizeLinkedInCall(state, request, { author: owner, ...scopesFor('POST /rest/posts') });
      const id = `${kind === 'images' ? 'D4E' : kind === 'videos' ? 'D5F' : 'D4D'}10AQ${randomBase62(14)}`;
      const urn = `urn:li:${URN_KIND[kind]}:${id}`;
      const asset: LinkedInAsset = { urn, kind, owner, parts: [], polls: 0, createdAt: state.now() };
      const expiresAt = state.now() + UPLOAD_URL_LIFETIME_MS;
      if (kind === 'videos') {
        const size = (init as Record<string, unknown>).fileSizeBytes;
        if (typeof size !== 'number' || !Number.isInteger(size) || size < 1)
          throw linkedInErrors.invalid('initializeUploadRequest.fileSizeBytes must be a positive integer');
        if (size > rules.videos.maxBytes)
          throw linkedInErrors.invalid(`The video is larger than ${rules.videos.maxBytes} bytes`);
        asset.fileSizeBytes = size;
        for (let first = 0; first < size; first += rules.videos.partBytes)
          asset.parts.push({ firstByte: first, lastByte: Math.min(first + rules.videos.partBytes, size) - 1 });
        asset.uploadToken = randomBase62(20);
        state.objects.of(LINKEDIN_ASSETS).set(urn, asset);
        return {
          value: {
            uploadUrlsExpireAt: expiresAt,
            video: urn,
            uploadInstructions: asset.parts.map((part, index) => ({
              uploadUrl: uploadUrl(id, index),
              firstByte: part.firstByte,
              lastByte: part.lastByte,
            })),
            uploadToken: asset.uploadToken,
          },
        };
      }
      state.objects.of(LINKEDIN_ASSETS).set(urn, asset);
      return { value: { uploadUrlExpiresAt: expiresAt, uploadUrl: uploadUrl(id, 0), [URN_KIND[kind]]: urn } };
    });

    fastify.get<{ Params: { urn: string } }>(`/rest/${kind}/:urn`, async (request) => {
      const asset = findAsset(state, kind, request.params.urn);
      if (!asset) throw linkedInErrors.notFound(`${URN_KIND[kind]} ${request.params.urn} not found`);
      const { token } = await authorizeLinkedInCall(state, request, {
        author: asset.owner,
        member: kind === 'images' ? ['r_member_social'] : scopesFor('POST /rest/posts').member,
        organization: scopesFor('POST /rest/posts').organization,
      });
      void token;
      const status = assetStatus(state, asset);
      if (asset.kind === 'videos' && asset.finalizedAt !== undefined) asset.polls += 1;
      return {
        id: asset.urn,
        owner: asset.owner,
        status,
        ...(status === 'PROCESSING_FAILED' ? { processingFailureReason: 'The medium could not be processed' } : {}),
        ...(status === 'AVAILABLE'
          ? { downloadUrl: context.pages.url('/linkedin', `/media/${encodeURIComponent(asset.urn)}`) }
          : {}),
      };
    });
  }

  async function finalize(
    request: FastifyRequest,
    body: Record<string, unknown>,
    reply: { status(code: number): unknown },
  ) {
    const finalizeRequest = body.finalizeUploadRequest as Record<string, unknown> | undefined;
    const urn = finalizeRequest?.video;
    if (typeof urn !== 'string') throw linkedInErrors.invalid('finalizeUploadRequest.video is required');
    const asset = findAsset(state, 'videos', urn);
    if (!asset) throw linkedInErrors.notFound(`video ${urn} not found`);
    await authorizeLinkedInCall(state, request, { author: asset.owner, ...scopesFor('POST /rest/posts') });
    const etags = finalizeRequest?.uploadedPartIds;
    if (finalizeRequest?.uploadToken !== (asset.uploadToken ?? '') && finalizeRequest?.uploadToken !== '')
      throw linkedInErrors.invalid('finalizeUploadRequest.uploadToken does not match the upload');
    if (
      !Array.isArray(etags) ||
      etags.length !== asset.parts.length ||
      asset.parts.some((part, index) => part.etag === undefined || part.etag !== etags[index])
    )
      throw linkedInErrors.invalid('uploadedPartIds must list the ETag of every part, in order');
    asset.finalizedAt = state.now();
    asset.size = asset.fileSizeBytes;
    asset.sha256 = createHash('sha256')
      .update(asset.parts.map((part) => part.sha256 ?? '').join(''))
      .digest('hex');
    reply.status(200);
    return {};
  }
}

/**
 * The upload URLs initializeUpload gives (www.linkedin.com/dms-uploads/… on LinkedIn): the bytes
 * of a file, or of one part of a video, as the body, with the member's Bearer token; a part's
 * answer carries its ETag, which finalizeUpload lists.
 */
export function registerLinkedInUploads(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  void fastify.register(
    async (uploads) => {
      uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
      uploads.put<{ Params: { asset: string; part: string } }>(
        '/:asset/:part',
        { bodyLimit: UPLOAD_BODY_LIMIT },
        async (request, reply) => {
          const { member } = requireLinkedInToken(state, request);
          const asset = [...state.objects.of(LINKEDIN_ASSETS).values()].find((candidate) =>
            candidate.urn.endsWith(`:${request.params.asset}`),
          );
          if (!asset) throw linkedInErrors.notFound('Upload not found');
          if (asset.owner !== member.urn && !member.organizations.some((org) => org.urn === asset.owner))
            throw linkedInErrors.forbidden('The upload belongs to another owner');
          const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const sha256 = createHash('sha256').update(bytes).digest('hex');
          if (asset.kind === 'videos') {
            const part = asset.parts[Number(request.params.part)];
            if (!part) throw linkedInErrors.notFound('Upload part not found');
            if (bytes.length !== part.lastByte - part.firstByte + 1)
              throw linkedInErrors.badRequest(
                `The part must hold bytes ${part.firstByte} to ${part.lastByte} (got ${bytes.length} bytes)`,
              );
            part.sha256 = sha256;
            part.etag = `/ambry-video/signedId/${randomBase62(24)}`;
            return reply.status(200).header('ETag', part.etag).send();
          }
          if (bytes.length === 0) throw linkedInErrors.badRequest('The upload is empty');
          if (bytes.length > rules[asset.kind].maxBytes)
            throw linkedInErrors.badRequest(`The file is larger than ${rules[asset.kind].maxBytes} bytes`);
          asset.size = bytes.length;
          asset.sha256 = sha256;
          asset.contentType = String(request.headers['content-type'] ?? 'application/octet-stream');
          return reply.status(201).send();
        },
      );
    },
    { prefix: LINKEDIN_UPLOAD_PREFIX },
  );
}
