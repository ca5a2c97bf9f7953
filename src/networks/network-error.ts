/**
 * How a failed network call should be treated:
 * - `transient`: retry soon with backoff (5xx, timeouts, Graph codes 1 and 2);
 * - `rate_limited`: wait until `retryAt`, then retry;
 * - `auth_expired`: the token is invalid or revoked; the account needs reconnecting;
 * - `permanent`: retrying will not help (invalid content, duplicate, policy block, permission).
 */
export type NetworkErrorKind = 'transient' | 'rate_limited' | 'auth_expired' | 'permanent';

export interface NetworkErrorDetails {
  status?: number;
  /** The network's own error code (Graph `code`, X `title`, OAuth `error`). */
  code?: string | number;
  subcode?: number;
  /** For `rate_limited`: the earliest time to try again. */
  retryAt?: Date;
  /** The network refused because the token lacks a permission (the account may have lost one). */
  permissionDenied?: boolean;
  /**
   * A medium could not be fetched from its URL (the origin answered an error, or its address is
   * refused), by the network (Instagram 2207052, Facebook 324) or by us before an upload (X).
   */
  mediaUnavailable?: boolean;
  /**
   * For `rate_limited`: the wait is for a usage cap of the app (X's UsageCapExceeded), not a
   * rate-limit window; `retryAt` is when the cap's period ends.
   */
  usageCap?: UsageCapPeriod;
}

/** The period of a usage cap: it opens again at the start of the next one. */
export type UsageCapPeriod = 'Monthly' | 'Daily';

export class NetworkError extends Error {
  constructor(
    readonly network: string,
    readonly kind: NetworkErrorKind,
    message: string,
    readonly details: NetworkErrorDetails = {},
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}
