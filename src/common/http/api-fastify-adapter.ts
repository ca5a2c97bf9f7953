import { IncomingMessage } from 'node:http';
import { LoggerService } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { FastifyReply, FastifyRequest, LogController } from 'fastify';
import { Logger } from 'pino';
import { ApiException } from '../errors/api-exception';
import { sendError } from '../errors/send-error';
import { acceptEmptyJsonBodies } from './json-body-parser';
import { drainUnreadBodies } from './unread-body-drain';
import { timeOutSlowBodies } from './body-timeout';
import { boundConnectionsPerAddress } from './connection-bound';
import type { HttpTimeouts } from '../../config';
import { requestContext } from '../logging/request-context';
import { answerRawClientError } from './raw-client-error';
import { requestIdFor } from './request-id';

export interface ApiFastifyAdapterOptions {
  logger: Logger;
  httpLogger: LoggerService;
  bodyLimitBytes: number;
  /**
   * Reverse proxies to believe about the client's address (X-Forwarded-For), counted from the
   * service outwards; false or unset: none, request.ip is the connection's address.
   */
  trustProxyHops?: number | false;
  timeouts: HttpTimeouts;
  /** Open connections one client address may hold; 0 or unset: no bound. */
  maxConnectionsPerAddress?: number;
}

/** Node looks for requests past their headers timeout this often (its default, 30 s, would let a 10 s timeout run to 40 s). */
function checkingIntervalMs(timeouts: HttpTimeouts): number {
  return Math.max(50, Math.min(1000, Math.floor(timeouts.headersMs / 4)));
}

/**
 * Fastify as the service uses it: a body limit, JSON the only body type, a request id on every
 * response and one log line per request.
 *
 * Errors Fastify raises itself (body too large, not JSON, malformed JSON, a broken URL), requests
 * Node cannot parse, and requests arriving during shutdown are all answered in our error envelope. Nest would install a handler that keeps only their status and message, so
 * `setErrorHandler` installs ours instead of the one Nest passes.
 */
export class ApiFastifyAdapter extends FastifyAdapter {
  private readonly answerError: (error: unknown, request: FastifyRequest, reply: FastifyReply) => void;

  constructor(options: ApiFastifyAdapterOptions) {
    const { timeouts } = options;
    const answerError = (error: unknown, request: FastifyRequest, reply: FastifyReply) =>
      sendError(error, request, reply, options.httpLogger);
    super({
      loggerInstance: options.logger,
      bodyLimit: options.bodyLimitBytes,
      genReqId: (request: IncomingMessage) => requestIdFor(request.headers['x-request-id']),
      // Requests are logged once, by the onResponse hook below, with their outcome.
      logController: new LogController({ disableRequestLogging: true }),
      // A hop count, never `true`: trusting every hop would let a client name its own address.
      trustProxy: options.trustProxyHops || false,
      // Our onRequest hook answers requests during shutdown, in the envelope.
      return503OnClosing: false,
      frameworkErrors: answerError,
      clientErrorHandler: answerRawClientError,
      // Headers that take too long: Node answers 408 (through clientErrorHandler) and closes.
      http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: checkingIntervalMs(timeouts) },
      keepAliveTimeout: timeouts.keepAliveMs,
      // Bytes neither way for this long: the socket is closed.
      connectionTimeout: timeouts.idleMs,
      // Bodies are timed by timeOutSlowBodies, which spares streamed media uploads.
      requestTimeout: 0,
    });
    this.answerError = answerError;

    const fastify = this.getInstance();
    boundConnectionsPerAddress(fastify.server, options.maxConnectionsPerAddress ?? 0);
    let closing = false;
    fastify.addHook('preClose', async () => {
      closing = true;
    });
    // JSON only: Fastify also parses text/plain by default, which would reach validation as a string.
    fastify.removeContentTypeParser(['text/plain']);
    acceptEmptyJsonBodies(fastify);
    // Up to four bodies' worth, for up to 10 s: enough for a client writing a body a few times too
    // large to finish and read its 413; a client sending more is cut off.
    drainUnreadBodies(fastify, { maxBytes: 4 * options.bodyLimitBytes, maxMs: 10_000 });
    timeOutSlowBodies(fastify, timeouts.bodyMs, options.httpLogger);
    // Everything that runs for the request, down to the services, logs with its id: one context per
    // request, entered first. Fastify resumes after reading a body in the context the request began
    // in, so it holds there too (request-logging.e2e-spec.ts tries a slow body).
    fastify.addHook('onRequest', (request, _reply, done) => requestContext.run({ requestId: request.id }, done));
    fastify.addHook('onRequest', async (request, reply) => {
      reply.header('X-Request-Id', request.id);
      if (closing) {
        reply.header('Connection', 'close');
        const shuttingDown = new ApiException(
          'shutting_down',
          'The service is restarting; retry shortly',
          undefined,
          undefined,
          { 'Retry-After': '1' },
        );
        sendError(shuttingDown, request, reply, options.httpLogger);
        return reply;
      }
    });
    fastify.addHook('onResponse', async (request, reply) => {
      request.log.info(
        {
          req: request,
          requestId: request.id,
          status: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime),
        },
        'request',
      );
    });
  }

  override setErrorHandler(): ReturnType<FastifyAdapter['setErrorHandler']> {
    return this.getInstance().setErrorHandler(this.answerError);
  }
}
