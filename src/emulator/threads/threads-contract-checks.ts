import { FastifyInstance, FastifyRequest } from 'fastify';
import { ThreadsContract } from '../../contracts';
import { contractLog } from '../contracts/contract-log';
import { requestParams } from '../http/request-params';

/**
 * Checks every call to the emulated graph.threads.net against Meta's Threads contract (the Postman
 * collection and the reference pages' rules): a request outside it is logged and fails the e2e
 * test that made it. Refusing is the routes' part, with the answers Threads gives (a container the
 * pages' rules refuse is answered code 100 by its route); Graph takes parameters it does not know
 * without a word, so the hook never answers in its place.
 */
export function registerThreadsContractChecks(fastify: FastifyInstance): void {
  const prefix = fastify.prefix;
  const pathOf = (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? '';
    return path.startsWith(prefix) ? path.slice(prefix.length) || '/' : path;
  };
  fastify.addHook('preHandler', async (request) => {
    contractLog.record(
      ThreadsContract.load().checkRequest({
        method: request.method,
        path: pathOf(request),
        params: { ...requestParams(request) },
      }),
    );
  });
}
