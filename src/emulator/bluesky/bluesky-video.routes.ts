import { FastifyInstance, FastifyRequest } from 'fastify';
import { LexiconContract } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { answerLost } from '../state/comment-threads';
import { EmulatorState } from '../state/emulator-state';
import { FaultKind } from '../state/faults';
import { delayCall } from '../worlds/deferred-delay';
import { registerBlueskyContractChecks } from './bluesky-contract-checks';
import { XrpcError, xrpcErrors } from './bluesky-errors';
import { verifyServiceToken } from './bluesky-service-auth';
import {
  BLUESKY_VIDEO_JOBS,
  jobStatusView,
  readVideoJob,
  remainingAllowance,
  startVideoJob,
} from './bluesky-video-jobs';

/** The largest video blob app.bsky.embed.video takes (300,000,000 bytes), read from the contract. */
function videoMaxBytes(): number {
  const def = LexiconContract.bluesky().definition('app.bsky.embed.video') as {
    properties?: { video?: { maxSize?: number } };
  };
  return def.properties?.video?.maxSize ?? 300_000_000;
}

const VIDEO_FAULTS: readonly FaultKind[] = ['rate_limited', 'slow', 'server_error'];

/** The faults injected for the account, as the video service answers them. */
async function videoFaults(state: EmulatorState, did: string): Promise<void> {
  const faults = state.faults.take([{ network: 'bluesky', accountId: did }], VIDEO_FAULTS);
  await delayCall(faults.reduce((total, fault) => total + (fault.kind === 'slow' ? (fault.delayMs ?? 0) : 0), 0));
  const failing = faults.find((fault) => fault.kind !== 'slow');
  if (failing?.kind === 'rate_limited') {
    const reset = Math.ceil((failing.resetAt ?? state.now() + 60_000) / 1000);
    throw xrpcErrors.rateLimited({ 'ratelimit-remaining': '0', 'ratelimit-reset': String(reset) });
  }
  if (failing?.kind === 'server_error') throw xrpcErrors.internal();
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  return (request.query ?? {}) as Record<string, unknown>;
}

/**
 * Bluesky's video service (https://docs.bsky.app/docs/tutorials/video), below /bluesky/video/xrpc:
 * uploadVideo takes the bytes with a service token the PDS signed for this host and
 * com.atproto.repo.uploadBlob, getJobStatus tells the job's state (no token: the job id is enough,
 * as the tutorial reads it), getUploadLimits the account's daily allowance (a token bound to it).
 */
export function registerBlueskyVideoRoutes(fastify: FastifyInstance, { state }: EmulatorContext): void {
  const maxBytes = videoMaxBytes();
  registerBlueskyContractChecks(fastify);
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes + 1 }, (_request, body, done) =>
    done(null, body),
  );

  fastify.post('/app.bsky.video.uploadVideo', { bodyLimit: maxBytes + 1 }, async (request) => {
    const claims = verifyServiceToken(state, request, 'com.atproto.repo.uploadBlob');
    const query = queryOf(request);
    const did = typeof query.did === 'string' ? query.did : '';
    if (!did) throw xrpcErrors.invalidRequest('did is required');
    if (did !== claims.iss) throw new XrpcError(401, 'BadJwtIss', 'jwt iss does not match the did uploaded for');
    await videoFaults(state, did);
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (type !== 'video/mp4') throw xrpcErrors.invalidRequest(`Wrong request encoding (Content-Type): ${type}`);
    const data = request.body;
    if (!Buffer.isBuffer(data) || data.length === 0) throw xrpcErrors.invalidRequest('Request body is empty');
    if (data.length > maxBytes) throw new XrpcError(413, 'PayloadTooLarge', 'request entity too large');
    const allowance = remainingAllowance(state, did);
    if (allowance.videos <= 0 || allowance.bytes < data.length)
      throw xrpcErrors.invalidRequest('You have reached your daily upload limit');
    const fails = state.faults.take([{ network: 'bluesky', accountId: did }], ['container_error']).length > 0;
    const job = startVideoJob(state, did, data, fails);
    if (answerLost(state, [{ network: 'bluesky', accountId: did }])) throw xrpcErrors.internal();
    return { jobStatus: jobStatusView(job) };
  });

  fastify.get('/app.bsky.video.getJobStatus', async (request) => {
    const jobId = queryOf(request).jobId;
    const job = typeof jobId === 'string' ? state.objects.of(BLUESKY_VIDEO_JOBS).get(jobId) : undefined;
    if (!job) throw xrpcErrors.invalidRequest('Job not found');
    await videoFaults(state, job.did);
    return { jobStatus: jobStatusView(readVideoJob(state, job)) };
  });

  fastify.get('/app.bsky.video.getUploadLimits', async (request) => {
    const claims = verifyServiceToken(state, request, 'app.bsky.video.getUploadLimits');
    await videoFaults(state, claims.iss);
    const allowance = remainingAllowance(state, claims.iss);
    const canUpload = allowance.videos > 0 && allowance.bytes > 0;
    return {
      canUpload,
      remainingDailyVideos: allowance.videos,
      remainingDailyBytes: allowance.bytes,
      ...(canUpload
        ? {}
        : { error: 'daily_limit', message: 'You have temporarily reached the limit for video uploads.' }),
    };
  });

  // Any other method: what xrpc-server answers.
  fastify.route({
    method: ['GET', 'POST'],
    url: '/:nsid',
    handler: async () => {
      throw xrpcErrors.methodNotImplemented();
    },
  });
}
