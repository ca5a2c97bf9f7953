import { LoggerService } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorEnvelope } from './error-envelope';
import { toErrorResponse } from './to-error-response';

/**
 * Answers a request with the error envelope for whatever was thrown. Shared by the Nest exception
 * filter (errors in guards, pipes, handlers) and Fastify's error handler (errors while reading the
 * body, before Nest sees the request), so both give the same answer.
 */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply, logger: LoggerService): void {
  const response = toErrorResponse(error);
  if (response.unexpected) {
    const err = error instanceof Error ? error : new Error(String(error));
    logger.error({ msg: 'Unhandled error', reqId: request.id, err: err.message, stack: err.stack }, 'HTTP');
  } else if (response.code === 'database_unavailable') {
    logger.warn({ msg: 'Database unavailable', reqId: request.id }, 'HTTP');
  }
  const body: ErrorEnvelope = {
    success: false,
    error: {
      code: response.code,
      message: response.message,
      ...(response.details ? { details: response.details } : {}),
      requestId: String(request.id),
    },
  };
  // Also here: errors raised before the onRequest hooks ran (a malformed URL) have no header yet.
  void reply
    .status(response.status)
    .headers({ ...response.headers, 'X-Request-Id': String(request.id) })
    .type('application/json; charset=utf-8')
    .send(body);
}
