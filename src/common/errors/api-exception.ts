import { HttpStatus } from '@nestjs/common';
import { ERROR_STATUS, ErrorCode } from './error-code';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * The one exception domain code throws. It carries a stable code, a human message and, for input
 * problems, the fields at fault. The exception filter turns it into the error envelope.
 */
export class ApiException extends Error {
  readonly status: HttpStatus;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    status?: HttpStatus,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiException';
    this.status = status ?? ERROR_STATUS[code];
  }

  static notFound(what: string): ApiException {
    return new ApiException('not_found', `${what} not found`);
  }

  static validation(details: FieldError[], message = 'The request has invalid fields'): ApiException {
    return new ApiException('validation_failed', message, details);
  }

  static conflict(message: string, code: ErrorCode = 'conflict'): ApiException {
    return new ApiException(code, message, undefined, HttpStatus.CONFLICT);
  }
}
