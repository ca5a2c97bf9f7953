import { HttpStatus } from '@nestjs/common';

/**
 * Every error code the API answers with, mapped to its HTTP status in one place. Clients switch on
 * `error.code`; the message is for people.
 */
export const ERROR_STATUS = {
  validation_failed: HttpStatus.BAD_REQUEST,
  invalid_json: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  not_found: HttpStatus.NOT_FOUND,
  method_not_allowed: HttpStatus.METHOD_NOT_ALLOWED,
  conflict: HttpStatus.CONFLICT,
  payload_too_large: HttpStatus.PAYLOAD_TOO_LARGE,
  uri_too_long: HttpStatus.URI_TOO_LONG,
  request_timeout: HttpStatus.REQUEST_TIMEOUT,
  request_header_too_large: 431 as HttpStatus,
  unsupported_media_type: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  unprocessable_content: HttpStatus.UNPROCESSABLE_ENTITY,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
  bad_request: HttpStatus.BAD_REQUEST,
  internal_error: HttpStatus.INTERNAL_SERVER_ERROR,
  database_unavailable: HttpStatus.SERVICE_UNAVAILABLE,
  shutting_down: HttpStatus.SERVICE_UNAVAILABLE,
} as const satisfies Record<string, HttpStatus>;

export type ErrorCode = keyof typeof ERROR_STATUS;
