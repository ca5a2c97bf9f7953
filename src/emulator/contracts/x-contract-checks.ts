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

function pathOf(request: FastifyRequest, prefix: string): string {
  const path = request.url.split('?')[0] ?? '';
  return path.startsWith(prefix) ? path.slice(prefix.length) || '/' : path;
}

function contractFor(path: string): OpenApiContract {
  return path.startsWith('/2/oauth2/') ? OpenApiContract.xOAuth() : OpenApiContract.x();
}

function bearerScopes(context: EmulatorContext, request: FastifyRequest): string[] | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match ? context.state.credentials.findToken(match[1]!)?.scopes : undefined;
}

/**
 * Checks every call to api.x.com's emulator against X's published OpenAPI document (contracts/x):
 * a request outside it, and a successful answer outside it, are logged (and fail the e2e test that
 * caused them). Refusing is the routes' own part, with the very answers X gives (invalid request,
 * missing scope), so the hook never answers in X's place.
 */
export function registerXContractChecks(fastify: FastifyInstance, context: EmulatorContext): void {
  const prefix = fastify.prefix;
  fastify.addHook('preHandler', async (request) => {
    const path = pathOf(request, prefix);
    contractLog.record(
      contractFor(path).checkRequest({
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
    // Successful answers only: X's errors are the problem documents of its error guide
    // (docs.x.com/x-api/fundamentals/response-codes-and-errors), which the document's `default`
    // answer describes only in part (its `type` URIs, for one, leave out `about:blank`).
    if (reply.statusCode >= 300 || typeof payload !== 'string' || !contentType.includes('json')) return payload;
    const path = pathOf(request, prefix);
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    contractLog.record(
      contractFor(path).checkResponse({ method: request.method, path }, reply.statusCode, body, contentType),
    );
    return payload;
  });
}
