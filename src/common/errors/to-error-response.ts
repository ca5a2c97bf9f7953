import { HttpException, HttpStatus } from '@nestjs/common';
import { ApiException, FieldError } from './api-exception';
import { isDatabaseUnavailable } from './database-unavailable';
import { ERROR_STATUS } from './error-code';

export interface ErrorResponse {
  status: number;
  code: string;
  message: string;
  details?: FieldError[];
  headers: Record<string, string>;
  /** True for errors that are our fault (5xx that is not an outage) and must be logged with their stack. */
  unexpected: boolean;
}

/** Fastify's own errors (body parsing, content types) mapped to our codes and messages. */
const FASTIFY_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is larger than the limit' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'The request body must be JSON (Content-Type: application/json)',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'The request body is empty but Content-Type is application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'Content-Length does not match the body' },
};

const CODE_BY_STATUS: Partial<Record<number, string>> = Object.fromEntries(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code]),
);
// Two codes share 400; a generic 4xx from a framework is a plain bad request.
CODE_BY_STATUS[HttpStatus.BAD_REQUEST] = 'bad_request';

function fromStatus(status: number, message: string): ErrorResponse {
  const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
  return { status, code, message, headers: {}, unexpected: status >= 500 };
}

/**
 * Turns anything thrown while handling a request into the status, code and message of the error
 * envelope. A client's mistake is always a 4xx; a database outage is a 503; everything else is a
 * 500 whose message says nothing about the internals.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof ApiException) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      details: error.details,
      headers: error.headers,
      unexpected: error.status >= 500,
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      code: 'database_unavailable',
      message: 'The database is unavailable; retry shortly',
      headers: { 'Retry-After': '5' },
      unexpected: false,
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const message = status >= 500 ? 'Internal server error' : error.message;
    return fromStatus(status, status === HttpStatus.NOT_FOUND ? 'Route not found' : message);
  }
  const fastifyError = error as { code?: unknown; statusCode?: unknown; message?: unknown };
  if (typeof fastifyError?.code === 'string' && FASTIFY_ERRORS[fastifyError.code]) {
    const { code, message } = FASTIFY_ERRORS[fastifyError.code]!;
    return { status: (ERROR_STATUS as Record<string, number>)[code] ?? 400, code, message, headers: {}, unexpected: false };
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === HttpStatus.BAD_REQUEST) {
    // Fastify's JSON parser rejects a malformed body with the SyntaxError itself.
    return { status: HttpStatus.BAD_REQUEST, code: 'invalid_json', message: 'The request body is not valid JSON', headers: {}, unexpected: false };
  }
  if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const message = typeof fastifyError.message === 'string' ? fastifyError.message : 'Bad request';
    return fromStatus(fastifyError.statusCode, message);
  }
  return fromStatus(HttpStatus.INTERNAL_SERVER_ERROR, 'Internal server error');
}
