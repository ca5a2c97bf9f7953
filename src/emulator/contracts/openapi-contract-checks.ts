import { FastifyInstance, FastifyRequest } from 'fastify';
import { OpenApiContract } from '../../contracts';
import type { MultipartFile } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { isMultipartBody } from '../http/multipart';
import { contractLog } from './contract-log';

/** The body as the contract checks it: JSON as parsed, forms as fields, multipart files by name, type and size. */
function contractBody(body: unknown): unknown {
  if (!isMultipartBody(body)) return body;
  const files: Record<string, MultipartFile> = {};
  for (const [name, file] of Object.entries(body.files))
    files[name] = { filename: file.filename ?? '', contentType: file.contentType ?? '', size: file.data.length };
  return { ...body.fields, ...files };
}

function bearerScopes(context: EmulatorContext, request: FastifyRequest): string[] | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match ? context.state.credentials.findToken(match[1]!)?.scopes : undefined;
}

export interface OpenApiChecks {
  /** The contract for a path (relative to the host, as the contract writes it). */
  contractFor(path: string): OpenApiContract;
  /** What the scope's prefix leaves out of the host's path (Instagram's `/oauth` of api.instagram.com). */
  pathPrefix?: string;
  /** A route the contract does not name: logged (the adapters must not call it), or left alone where the scope also serves other contracts' routes. */
  unmatched: 'log' | 'ignore';
}

/**
 * Checks every call to an emulated host described by an OpenAPI document (X's API, X's and Meta's
 * OAuth endpoints): a request outside it, and a successful answer outside it, are logged, and fail
 * the e2e test that caused them. Refusing is the routes' own part, with the very answers the
 * network gives, so the hook never answers in the network's place. Successful answers only: the
 * networks' errors are the shapes of their error guides, which the documents describe only in part
 * (X's problem `type` URIs leave out `about:blank`, which X sends).
 */
export function registerOpenApiChecks(fastify: FastifyInstance, context: EmulatorContext, checks: OpenApiChecks): void {
  const prefix = fastify.prefix;
  const pathOf = (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? '';
    return `${checks.pathPrefix ?? ''}${path.startsWith(prefix) ? path.slice(prefix.length) || '/' : path}`;
  };

  fastify.addHook('preHandler', async (request) => {
    const path = pathOf(request);
    const contract = checks.contractFor(path);
    if (!contract.match(request.method, path)) {
      if (checks.unmatched === 'log') contractLog.record(contract.checkRequest({ method: request.method, path }));
      return;
    }
    contractLog.record(
      contract.checkRequest({
        method: request.method,
        path,
        query: request.query as Record<string, string | string[]>,
        contentType: request.headers['content-type'],
        body: contractBody(request.body),
        scopes: bearerScopes(context, request),
      }),
    );
  });

  fastify.addHook('onSend', async (request, reply, payload) => {
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (reply.statusCode >= 300 || typeof payload !== 'string' || !contentType.includes('json')) return payload;
    const path = pathOf(request);
    const contract = checks.contractFor(path);
    if (!contract.match(request.method, path)) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    contractLog.record(contract.checkResponse({ method: request.method, path }, reply.statusCode, body, contentType));
    return payload;
  });
}

/** api.x.com: X's API document, and its OAuth 2.0 endpoints. */
export function registerXContractChecks(fastify: FastifyInstance, context: EmulatorContext): void {
  registerOpenApiChecks(fastify, context, {
    contractFor: (path) => (path.startsWith('/2/oauth2/') ? OpenApiContract.xOAuth() : OpenApiContract.x()),
    unmatched: 'log',
  });
}
