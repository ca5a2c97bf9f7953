import { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphContract } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { GraphHost, presentedGraphToken } from '../graph/graph-access';
import { graphErrors } from '../graph/graph-errors';
import { requestParams } from '../http/request-params';
import { contractLog } from './contract-log';
import { graphNodeType } from './graph-node-type';

/** What a Graph route serves: the node's id (or `me`) and the edge, from the route's template below the host's version prefix. */
function routeTarget(request: FastifyRequest, prefix: string): { id: string; edge: string | undefined } | undefined {
  const template = request.routeOptions.url ?? '';
  const path = template.startsWith(prefix) ? template.slice(prefix.length) : template;
  const [first, edge, ...rest] = path.split('/').filter(Boolean);
  if (!first || rest.length) return undefined;
  const id = first === ':id' ? (request.params as { id?: string }).id : first;
  // The OAuth and token endpoints are not Graph nodes: their contract is the login's, not the specs'.
  if (!id || id === 'oauth' || id === 'access_token' || id === 'refresh_access_token') return undefined;
  return { id, edge };
}

/**
 * Holds a Graph host's emulator to Meta's published specs (contracts/meta): a call with a parameter
 * or field the node's API does not have is refused as Graph refuses it (code 100) and logged; a
 * call to an API the specs do not list, and an answer with fields the node does not have, are
 * logged. Registered in the scope of the routes it checks (`prefix` is that scope's).
 */
export function registerGraphContractChecks(fastify: FastifyInstance, context: EmulatorContext, host: GraphHost): void {
  const prefix = fastify.prefix;
  const network = host === 'instagram' ? 'instagram' : 'facebook';
  const calls = new WeakMap<FastifyRequest, { node: string; edge: string | undefined }>();

  fastify.addHook('preHandler', async (request) => {
    const target = routeTarget(request, prefix);
    if (!target) return;
    const params = requestParams(request);
    const node = graphNodeType(context.state, host, target.id, presentedGraphToken(request, params));
    if (!node) return;
    const callNetwork = node.startsWith('IG') || node === 'ShadowIGMediaBuilder' ? 'instagram' : network;
    const contract = GraphContract.load();
    const violations = contract.checkCall({
      network: callNetwork,
      node,
      method: request.method,
      edge: target.edge,
      params: { ...params },
    });
    calls.set(request, { node, edge: target.edge });
    if (violations.length === 0) return;
    contractLog.record(violations);
    // An API the specs do not list is logged (the adapters must not call it) but still served.
    if (!contract.hasApi(node, request.method, target.edge)) return;
    const refusal = graphErrors.invalidParameter(violations.map((violation) => violation.message).join('; '));
    throw callNetwork === 'instagram' ? refusal.forInstagram() : refusal;
  });

  fastify.addHook('onSend', async (request, reply, payload) => {
    const call = calls.get(request);
    if (!call || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    // Writes answer ids and flags, not the node: only reads are held to the node's fields.
    if (request.method === 'GET')
      contractLog.record(GraphContract.load().checkNodeResponse(call.node, body, call.edge));
    return payload;
  });
}
