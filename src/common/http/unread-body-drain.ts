import { FastifyInstance, FastifyRequest } from 'fastify';

/** How often a connection whose answer went out before its body arrived is looked at. */
const CHECK_EVERY_MS = 50;

export interface UnreadBodyLimits {
  /** Bytes of the rest of the body read (and thrown away) at most after the answer. */
  maxBytes: number;
  /** How long the rest of the body may take to arrive after the answer. */
  maxMs: number;
}

/**
 * Answers given before the request's body has arrived (413 for a body over the limit, 401 for a
 * missing key, checked before the body is read) are read by the client, instead of being lost to a
 * reset. A client usually reads the answer only after sending its whole body; closing the
 * connection while its bytes are still coming makes the kernel answer them with a reset, which
 * discards the answer the client had not read yet. So the connection stays open and the rest of
 * the body is read and thrown away (Node does that for an answered request whose body nobody
 * reads), but bounded: past `maxBytes` more bytes or `maxMs`, the connection is closed. A body
 * that does finish leaves a connection that serves the next request as usual.
 */
export function drainUnreadBodies(fastify: FastifyInstance, limits: UnreadBodyLimits): void {
  fastify.addHook('onSend', async (request, reply) => {
    // A 408 (the body stopped coming) closes at once: there is nothing left to wait for.
    if (request.raw.complete || reply.statusCode === 408) return;
    // Fastify asks to close after a body error (413), which would cut the client off mid-write.
    if (String(reply.getHeader('connection')).toLowerCase() === 'close') reply.removeHeader('connection');
    watchRestOfBody(request, limits);
  });
}

function watchRestOfBody(request: FastifyRequest, limits: UnreadBodyLimits): void {
  const socket = request.raw.socket;
  // An injected request (light-my-request, in tests and in-process calls) has no real connection to close.
  if (typeof socket?.destroy !== 'function' || typeof socket.bytesRead !== 'number') return;
  const startedAt = performance.now();
  const bytesAtAnswer = socket.bytesRead;
  const timer = setInterval(() => {
    if (request.raw.complete || socket.destroyed) {
      clearInterval(timer);
      return;
    }
    if (socket.bytesRead - bytesAtAnswer > limits.maxBytes || performance.now() - startedAt > limits.maxMs) {
      clearInterval(timer);
      socket.destroy();
    }
  }, CHECK_EVERY_MS);
  timer.unref();
}
