import { FastifyInstance, FastifyRequest } from 'fastify';
import { LexiconContract } from '../../contracts';
import type { ContractViolation } from '../../contracts';
import { contractLog } from '../contracts/contract-log';

type Params = Record<string, unknown>;

/** The NSID of an XRPC call (`/xrpc/<nsid>` below the scope). */
export function nsidOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return path.slice(path.lastIndexOf('/') + 1);
}

interface ParamDef {
  type?: string;
  items?: { type?: string };
}

/** The query as the lexicon types it, as xrpc-server decodes it before validating (`limit=50` is an integer). */
function decodedParams(contract: LexiconContract, nsid: string, query: Params): Params {
  const def = contract.definition(nsid) as { parameters?: { properties?: Record<string, ParamDef> } };
  const properties = def.parameters?.properties ?? {};
  const decode = (type: string | undefined, value: unknown) =>
    type === 'integer' ? Number(value) : type === 'boolean' ? value === 'true' : value;
  const params: Params = {};
  for (const [name, value] of Object.entries(query)) {
    const property = properties[name];
    if (property?.type === 'array') {
      const values = Array.isArray(value) ? value : [value];
      params[name] = values.map((one) => decode(property.items?.type, one));
    } else params[name] = decode(property?.type, Array.isArray(value) ? value[0] : value);
  }
  return params;
}

function requestViolations(contract: LexiconContract, request: FastifyRequest): ContractViolation[] {
  const nsid = nsidOf(request);
  if (!contract.has(nsid))
    return [{ network: 'bluesky', operation: nsid, kind: 'request', message: 'not a lexicon of the contract' }];
  const def = contract.definition(nsid) as { type?: string; input?: { encoding?: string } };
  const violations = contract.checkParams(nsid, decodedParams(contract, nsid, (request.query ?? {}) as Params));
  if (def.type === 'procedure' && def.input?.encoding === 'application/json')
    violations.push(...contract.checkInput(nsid, request.body));
  return violations;
}

/**
 * Checks every XRPC call against the lexicons (contracts/bluesky/lexicons.json): a call to a
 * method the contract does not hold, parameters or a JSON input outside it, and a successful JSON
 * answer outside its output, are logged, and fail the e2e test that caused them. The routes refuse
 * what a PDS refuses themselves; the hooks never answer.
 */
export function registerBlueskyContractChecks(fastify: FastifyInstance): void {
  const contract = LexiconContract.bluesky();
  fastify.addHook('preHandler', async (request) => {
    contractLog.record(requestViolations(contract, request));
  });
  fastify.addHook('onSend', async (request, reply, payload) => {
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (reply.statusCode >= 300 || typeof payload !== 'string' || !contentType.includes('json')) return payload;
    const nsid = nsidOf(request);
    if (!contract.has(nsid)) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    contractLog.record(contract.checkOutput(nsid, body));
    return payload;
  });
}
