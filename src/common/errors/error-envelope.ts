import type { Pagination } from '../http/paginated';
import { FieldError } from './api-exception';
import type { ErrorCode } from './error-code';

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: FieldError[];
  requestId: string;
}

export interface ErrorEnvelope {
  success: false;
  error: ErrorBody;
}

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  /** Only on paginated lists. */
  pagination?: Pagination;
}
