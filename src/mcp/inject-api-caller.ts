import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { ApiAnswer, ApiCaller, ApiRequest, parseAnswerBody, pathWithQuery, UploadBody } from './api-caller';
import { putFile } from './put-file';

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

  /**
   * The upload route over the service's own socket, not injected: the route stops reading a body it
   * refuses (a 415 after the first bytes), which an injected request takes for a broken connection
   * and loses the answer. The URL's path and signature are what the route checks, never a key.
   */
  async upload(uploadUrl: string, body: UploadBody): Promise<ApiAnswer> {
    return putFile(uploadUrl, body, ownSocket(this.fastify));
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

/** Where this process listens for HTTP, as a client on this machine reaches it (an unspecified address is loopback). */
function ownSocket(fastify: FastifyInstance): { host: string; port: number } {
  const address = fastify.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') throw new Error('The service is not listening on a TCP port');
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return { host, port: address.port };
}
