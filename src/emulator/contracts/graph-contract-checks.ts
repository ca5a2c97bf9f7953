import { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphContract } from '../../contracts';
import type { GraphLogin } from '../../contracts';
import { graphErrors } from '../graph/graph-errors';
import { EmulatorContext } from '../emulator-context';
import { checkAppSecretProof, GraphHost, presentedGraphToken } from '../graph/graph-access';
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

/** The login a token of this host came from, for a node of this network, as the permission table names it. */
function loginOf(host: GraphHost, network: 'facebook' | 'instagram'): GraphLogin {
  if (host === 'instagram') return 'instagram_login';
  return network === 'instagram' ? 'instagram_facebook_login' : 'facebook';
}

/**
 * Refuses, as Graph does (code 10 or 200, 403), a call whose token holds none of the permission sets the
 * table (written from Meta's reference pages) says the call needs. Rows no reference page states
 * directly (`verified: false`) are only logged. An unknown or expired token, or one of another host, is left to the route,
 * which answers it as Graph does.
 */
function enforcePermissionTable(
  context: EmulatorContext,
  request: FastifyRequest,
  params: Record<string, string>,
  contract: GraphContract,
  call: { host: GraphHost; node: string; edge: string | undefined; network: 'facebook' | 'instagram' },
): void {
  const token = context.state.credentials.check(presentedGraphToken(request, params));
  // A token of another host (Instagram Login's on Facebook's Graph) is the route's to refuse (190).
  if (!token.ok || token.token.network !== (call.host === 'instagram' ? 'instagram' : 'facebook')) return;
  // Graph authenticates the call (its appsecret_proof) before it looks at permissions: the route answers that.
  try {
    checkAppSecretProof(context.state, token.token, params);
  } catch {
    return;
  }
  const query = {
    login: loginOf(call.host, call.network),
    node: call.node,
    method: request.method,
    edge: call.edge ?? null,
  };
  const violations = contract.checkPermissions({ ...query, network: call.network, granted: token.token.scopes });
  if (violations.length === 0) return;
  contractLog.record(violations);
  if (!contract.permissionVerified(query)) return;
  // Graph's permission codes as its references show them: 10 for reads and for Instagram, 200 for Page writes.
  const code = call.network === 'instagram' || request.method === 'GET' ? 10 : 200;
  const refusal = graphErrors.permission(
    code,
    `Requires ${violations[0]!.message.replace(/^missing permissions: /, '')}`,
  );
  throw call.network === 'instagram' ? refusal.forInstagram() : refusal;
}

/**
 * Checks every call to a Graph host's emulator against Meta's published specs (contracts/meta): an
 * API the specs do not list for the node, a parameter or field it does not have, a removed metric,
 * and an answer with fields the node does not have are logged (and fail the e2e test that caused
 * them). Refusing is the routes' own part, with Graph's own errors. Registered in the scope of the
 * routes it checks (`prefix` is that scope's).
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
    contractLog.record(
      contract.checkCall({
        network: callNetwork,
        node,
        method: request.method,
        edge: target.edge,
        params: { ...params },
      }),
    );
    calls.set(request, { node, edge: target.edge });
    enforcePermissionTable(context, request, params, contract, { host, node, edge: target.edge, network: callNetwork });
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
