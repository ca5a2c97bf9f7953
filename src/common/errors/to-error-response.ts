import { HttpException, HttpStatus } from '@nestjs/common';
import { ApiException, FieldError } from './api-exception';
import { isDatabaseUnavailable } from './database-unavailable';
import { ERROR_STATUS, ErrorCode } from './error-code';
import { sqlState } from './sql-state';

export interface ErrorResponse {
  status: number;
  code: ErrorCode;
  message: string;
  details?: FieldError[];
  headers: Record<string, string>;
  /** True for errors that are our fault (5xx that is not an outage) and must be logged with their stack. */
  unexpected: boolean;
}

/** Fastify's own errors (body parsing, content types) mapped to our codes and messages. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is larger than the limit' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'The request body must be JSON (Content-Type: application/json)',
  },
  // Fastify's parser does not say which: broken JSON, or JSON refused for a prototype-polluting key.
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'invalid_json',
    message: 'The request body is not valid JSON, or uses a forbidden property name (__proto__, constructor.prototype)',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid_json',
    message: 'The request body is empty but Content-Type is application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'Content-Length does not match the body' },
};

/**
 * Framework errors (Nest's, Fastify's, Node's HTTP parser's) get a code and a fixed message by
 * status: their own messages may echo the URL or internals.
 */
const BY_STATUS: Partial<Record<number, { code: ErrorCode; message: string }>> = {
  400: { code: 'bad_request', message: 'Malformed request' },
  404: { code: 'not_found', message: 'Route not found' },
  405: { code: 'method_not_allowed', message: 'Method not allowed' },
  408: { code: 'request_timeout', message: 'The request took too long to arrive' },
  413: { code: 'payload_too_large', message: 'The request body is larger than the limit' },
  414: { code: 'uri_too_long', message: 'The URL is too long' },
  415: { code: 'unsupported_media_type', message: 'The request body must be JSON (Content-Type: application/json)' },
  431: { code: 'request_header_too_large', message: 'The request headers are too large' },
};

export function fromStatus(status: number): ErrorResponse {
  if (status >= 500)
    return { status: 500, code: 'internal_error', message: 'Internal server error', headers: {}, unexpected: true };
  const known: { code: ErrorCode; message: string } = BY_STATUS[status] ?? {
    code: 'bad_request',
    message: 'Bad request',
  };
  return { status, ...known, headers: {}, unexpected: false };
}

/** SQLSTATEs a value sent by a client can cause (a NUL byte, a string too long for its column). */
const CLIENT_DATA_SQLSTATES = new Set(['22021', '22P05', '22001', '22P02', '22003', '22007', '22008']);

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
  if (error instanceof HttpException) return fromStatus(error.getStatus());
  const state = sqlState(error);
  if (state && CLIENT_DATA_SQLSTATES.has(state)) {
    // Validation should have caught it; still, a client's value is never a 500.
    return {
      status: 400,
      code: 'bad_request',
      message: 'The request contains a value that cannot be stored',
      headers: {},
      unexpected: false,
    };
  }
  const fastifyError = error as { code?: unknown; statusCode?: unknown; message?: unknown };
  if (typeof fastifyError?.code === 'string' && FASTIFY_ERRORS[fastifyError.code]) {
    const { code, message } = FASTIFY_ERRORS[fastifyError.code]!;
    return {
      status: ERROR_STATUS[code],
      code,
      message,
      headers: {},
      unexpected: false,
    };
  }
  if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return fromStatus(fastifyError.statusCode);
  }
  return fromStatus(HttpStatus.INTERNAL_SERVER_ERROR);
}
