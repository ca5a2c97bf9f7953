import type { FastifyInstance } from 'fastify';
import { ApiAnswer, ApiCaller, ApiRequest, parseAnswerBody, pathWithQuery, UploadBody } from './api-caller';

/** Who the MCP request came from: what each of its API calls carries on, so the API sees the same caller. */
export interface InProcessCaller {
  /** The MCP request's own `Authorization` header (the caller's API key). */
  authorization: string;
  /** The client's address as the service determined it (behind TRUST_PROXY_HOPS proxies). */
  clientAddress: string;
  /** The MCP request's id: each API call it makes is `<id>.<n>`, so the log ties them together. */
  requestId: string;
}

/**
 * The API in the service's own process: each tool call is a request injected into the service's
 * Fastify instance (no socket, no port), through every hook, guard, pipe and handler an HTTP
 * request goes through, with the MCP caller's key. So authentication, the rate limit, validation
 * and customer isolation are the API's own, not a copy of them.
 */
export class InjectApiCaller implements ApiCaller {
  private calls = 0;

  constructor(
    private readonly fastify: FastifyInstance,
    private readonly caller: InProcessCaller,
  ) {}

  async call(request: ApiRequest): Promise<ApiAnswer> {
    const response = await this.fastify.inject({
      method: request.method,
      url: pathWithQuery(request),
      headers: {
        authorization: this.caller.authorization,
        accept: 'application/json',
        'x-request-id': this.nextRequestId(),
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...lowerCased(request.headers ?? {}),
      },
      ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
      remoteAddress: this.caller.clientAddress,
    });
    return answerOf(response.statusCode, response.headers, response.body);
  }

  /** The upload route, in process too: the URL's path and signature are what it checks, never a key. */
  async upload(uploadUrl: string, body: UploadBody): Promise<ApiAnswer> {
    const url = new URL(uploadUrl);
    const response = await this.fastify.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: {
        'content-type': body.contentType,
        'content-length': String(body.size),
        'x-request-id': this.nextRequestId(),
      },
      payload: body.bytes,
      remoteAddress: this.caller.clientAddress,
    });
    return answerOf(response.statusCode, response.headers, response.body);
  }

  private nextRequestId(): string {
    this.calls += 1;
    return `${this.caller.requestId}.${this.calls}`;
  }
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function answerOf(
  status: number,
  rawHeaders: Record<string, string | string[] | number | undefined>,
  text: string,
): ApiAnswer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(rawHeaders)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { status, headers, body: parseAnswerBody(text, headers['content-type']) };
}
