import { FastifyInstance, FastifyRequest } from 'fastify';
import { YouTubeContract, YouTubeViolation } from '../../contracts';
import { contractLog } from '../contracts/contract-log';
import { YouTubeError } from './youtube-errors';

/** The request as the contract reads it: below youtube.googleapis.com, its query, its JSON body (bytes are no body). */
function violationsOf(request: FastifyRequest, prefix: string): YouTubeViolation[] {
  const raw = request.url.split('?')[0] ?? '';
  const path = raw.startsWith(prefix) ? raw.slice(prefix.length) || '/' : raw;
  const query = Object.fromEntries(
    Object.entries(request.query as Record<string, unknown>).map(([name, value]) => [name, String(value)]),
  );
  // The bytes of a resumable session (upload_id) are the upload protocol's, not a method of the document.
  if (query.upload_id !== undefined) return [];
  const body = request.body;
  const json = typeof body === 'object' && body !== null && !Buffer.isBuffer(body) ? body : undefined;
  return YouTubeContract.load().checkRequest({ method: request.method, path, query, body: json });
}

/**
 * Checks every call to the emulated youtube.googleapis.com against Google's discovery document and
 * the reference pages' rules: what departs from them is logged (it fails the e2e test that made it).
 * Refusing is the routes' part (`refuseContractViolations`), after the token and the quota, as
 * YouTube checks a request's credentials before its content.
 */
export function registerYouTubeContractChecks(fastify: FastifyInstance): void {
  const prefix = fastify.prefix;
  fastify.addHook('preHandler', async (request) => {
    contractLog.record(violationsOf(request, prefix));
  });
}

/** Throws YouTube's answer to the first way the request departs from the contract. */
export function refuseContractViolations(request: FastifyRequest, prefix: string): void {
  const [first] = violationsOf(request, prefix);
  if (first) throw new YouTubeError(first.status, first.reason, first.message);
}
