import type { Pagination } from '../http/paginated';
import { FieldError } from './api-exception';

export interface ErrorBody {
  code: string;
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
