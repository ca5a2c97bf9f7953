import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeysService, authenticateRequest, presentedKey, unauthorized } from '../auth';
import { sendError } from '../common/errors/send-error';
import { UrlSafety } from '../common/url-safety';
import { ApiKeyRateLimiter } from '../rate-limit';
import { loadCatalogue, McpCatalogue } from './api-document';
import { InjectApiCaller } from './inject-api-caller';
import { createMcpServer } from './mcp-server';
import { HttpUrlDownloads } from './url-download';

/** The MCP endpoint: outside /api/v1 (it is no route of the API, and the API document leaves it out). */
export const MCP_PATH = '/mcp';

/**
 * The MCP server over the Streamable HTTP transport, at /mcp on the service itself. Stateless: each
 * POST carries its own `Authorization: Bearer <API key>`, is answered with JSON, and builds its
 * server for that key, so no session outlives a request and any instance answers any request.
 * The request is authenticated and counted against the key's rate limit as an API request is (a
 * missing or refused key is the API's 401); each tool then calls the API's own routes in this
 * process with the caller's key (InjectApiCaller), so what the API allows that key is all the
 * agent gets: a test key's agent stays in its test world.
 */
@Injectable()
export class McpHttpRoutes implements OnModuleInit {
  private readonly logger = new Logger('MCP');
  private catalogue: Promise<McpCatalogue> | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly apiKeys: ApiKeysService,
    private readonly rateLimiter: ApiKeyRateLimiter,
    @Inject(UrlSafety) private readonly urls: UrlSafety,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost?.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return; // A CLI context has no HTTP server.
    void fastify.register(async (scope) => {
      scope.setErrorHandler((error, request, reply) => sendError(error, request, reply, this.logger));
      // As the API's early key check does: the key and the rate limit as soon as the headers are
      // in, so a caller without a valid key, or over its limit, never has its body read.
      scope.addHook('onRequest', async (request, reply) => {
        const customer = await authenticateRequest(request, this.apiKeys);
        if (!customer) throw unauthorized(presentedKey(request));
        this.rateLimiter.enforce(request, customer.customerId, reply);
      });
      scope.post(MCP_PATH, (request, reply) => this.handle(fastify, request, reply));
      // No server-initiated stream and no session to end: the transport's stateless form takes POST only.
      scope.route({
        method: ['GET', 'DELETE'],
        url: MCP_PATH,
        handler: async (_request, reply) =>
          reply
            .status(405)
            .header('Allow', 'POST')
            .send({
              jsonrpc: '2.0',
              error: { code: -32000, message: 'Method not allowed: POST JSON-RPC messages to /mcp' },
              id: null,
            }),
      });
    });
  }

  private async handle(fastify: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Set by the scope's onRequest hook, which refused the request otherwise.
    const customer = request.customer;
    if (!customer) throw unauthorized(presentedKey(request));
    const caller = new InjectApiCaller(fastify, {
      authorization: `Bearer ${presentedKey(request)!}`,
      clientAddress: request.ip,
      requestId: String(request.id),
    });
    const catalogue = await this.catalogueOf(caller);
    const server = createMcpServer(
      catalogue.tools,
      catalogue.docs,
      {
        caller,
        mode: customer.mode,
        downloads: new HttpUrlDownloads({ safety: this.urls, owner: customer.customerId }),
        // This POST was counted against the key's limit, as each API call its tool makes will be.
        transportRequests: 1,
      },
      catalogue.version,
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // From here the transport writes the answer itself; the headers set so far (the request id, the
    // rate limit's) go with it.
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value as string | string[] | number);
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      this.logger.error({ msg: 'MCP request failed', reqId: request.id, err: String(error) });
      if (!reply.raw.headersSent) {
        reply.raw.statusCode = 500;
        reply.raw.setHeader('Content-Type', 'application/json');
        reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }));
      }
    }
  }

  /** Read once per process from the document the service serves (the first request pays for it); retried after a failure. */
  private catalogueOf(caller: InjectApiCaller): Promise<McpCatalogue> {
    this.catalogue ??= loadCatalogue(caller).catch((error: unknown) => {
      this.catalogue = undefined;
      throw error;
    });
    return this.catalogue;
  }
}
