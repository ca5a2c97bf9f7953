import { FastifyReply } from 'fastify';

/**
 * An answer in a network's own error shape. Handlers throw these; the emulator's error handler
 * sends them, so a handler never has to remember how its network spells an error.
 */
export abstract class EmulatorError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** The response body, as the network would send it. */
  abstract body(): unknown;

  contentType(): string {
    return 'application/json; charset=utf-8';
  }

  send(reply: FastifyReply): FastifyReply {
    return reply.status(this.status).headers(this.headers).type(this.contentType()).send(this.body());
  }
}
