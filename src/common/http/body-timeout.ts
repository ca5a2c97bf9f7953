import { LoggerService } from '@nestjs/common';
import { FastifyInstance } from 'fastify';
import { ApiException } from '../errors/api-exception';
import { sendError } from '../errors/send-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads its body itself, as a stream of any length (a media upload), so the body
     * timeout does not apply; the connection's idle timeout still does.
     */
    streamedBody?: boolean;
  }
}

/**
 * Answers 408 `request_timeout`, and closes the connection, when a request's body has not fully
 * arrived `timeoutMs` after its headers: a client that stalls, or trickles a byte now and then, no
 * longer holds a connection (and the request's memory) for as long as it likes. Node's own
 * requestTimeout would do it for every route alike, media uploads of up to 1 GB included; this
 * one leaves those out (`streamedBody`).
 */
export function timeOutSlowBodies(fastify: FastifyInstance, timeoutMs: number, logger: LoggerService): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.raw.complete || request.routeOptions.config.streamedBody) return;
    const timer = setTimeout(() => {
      if (request.raw.complete || reply.sent) return;
      // The body parser is still waiting for the rest: it must not answer again when the socket closes.
      request.raw.removeAllListeners('data').removeAllListeners('end').removeAllListeners('error');
      request.raw.on('error', () => undefined);
      reply.header('Connection', 'close');
      sendError(
        new ApiException('request_timeout', `The request body did not arrive within ${timeoutMs} ms`),
        request,
        reply,
        logger,
      );
    }, timeoutMs);
    timer.unref();
    request.raw.once('end', () => clearTimeout(timer));
    reply.raw.once('close', () => clearTimeout(timer));
  });
}
