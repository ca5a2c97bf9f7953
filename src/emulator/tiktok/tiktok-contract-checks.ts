import { FastifyInstance } from 'fastify';
import { TikTokContract } from '../../contracts';
import { contractLog } from '../contracts/contract-log';
import { requestParams } from '../http/request-params';

/**
 * Checks every call to the emulated open.tiktokapis.com against the contract written from
 * TikTok's reference pages: a request outside it is logged and fails the e2e test that made it.
 * Refusing is the routes' part, with TikTok's own answers.
 */
export function registerTikTokContractChecks(fastify: FastifyInstance): void {
  const prefix = fastify.prefix;
  fastify.addHook('preHandler', async (request) => {
    const raw = request.url.split('?')[0] ?? '';
    const path = raw.startsWith(prefix) ? raw.slice(prefix.length) || '/' : raw;
    const query = Object.fromEntries(
      Object.entries(request.query as Record<string, unknown>).map(([name, value]) => [name, String(value)]),
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [
        name.toLowerCase(),
        Array.isArray(value) ? value[0] : value,
      ]),
    );
    const isForm = String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    contractLog.record(
      TikTokContract.load().checkRequest({
        method: request.method,
        path,
        headers,
        query,
        body: isForm ? { ...requestParams(request) } : request.body,
      }),
    );
  });
}
