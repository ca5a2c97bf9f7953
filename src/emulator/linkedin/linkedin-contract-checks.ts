import { FastifyInstance } from 'fastify';
import { LinkedInContract } from '../../contracts';
import { contractLog } from '../contracts/contract-log';
import { requestParams } from '../http/request-params';
import { EmulatorState } from '../state/emulator-state';

/**
 * Checks every call to the emulated api.linkedin.com and OAuth host against the contract written
 * from LinkedIn's reference pages: a request outside it is logged and fails the e2e test that made
 * it. Refusing is the routes' part, with LinkedIn's own answers (426 for an inactive version, 422
 * for a post the schema refuses).
 */
export function registerLinkedInContractChecks(fastify: FastifyInstance, state: EmulatorState, base = ''): void {
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
      LinkedInContract.load().checkRequest({
        method: request.method,
        path: `${base}${path}`,
        headers,
        query,
        body: isForm ? { ...requestParams(request) } : request.body,
        now: new Date(state.now()),
      }),
    );
  });
}
