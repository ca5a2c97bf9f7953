import { youTubeQuotaDay } from '../../contracts';
import { arrayField, isRecord, recordField, stringField } from '../http/json-fields';
import { NetworkResponse } from '../http/network-http.client';
import { NetworkError } from '../network-error';
import { safeNetworkMessage } from '../safe-network-message';

/** OAuth errors a retry can get past. */
const TRANSIENT_OAUTH_ERRORS = new Set(['server_error', 'temporarily_unavailable', 'internal_failure']);
/** YouTube's reasons for a spent quota: the project's, until midnight Pacific. */
const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded']);
/** Its reasons for calls too fast (per user or per project and minute): a short wait. */
const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'uploadRateLimitExceeded']);
/** A rate limit without a time: Google asks for exponential backoff; a minute is the first step. */
const RATE_WAIT_MS = 60_000;

/** The reason and message of Google's `{error:{code,message,errors:[{reason}]}}`, or OAuth's `{error, error_description}`. */
export function describeGoogleError(body: unknown): { reason?: string; message: string; oauth: boolean } {
  if (!isRecord(body))
    return { message: typeof body === 'string' && body ? body.slice(0, 200) : 'no message', oauth: false };
  const error = recordField(body, 'error');
  if (!error) {
    const oauthError = stringField(body, 'error');
    return {
      ...(oauthError ? { reason: oauthError } : {}),
      message: stringField(body, 'error_description') ?? oauthError ?? 'no message',
      oauth: true,
    };
  }
  const [first] = (arrayField(error, 'errors') ?? []).filter(isRecord);
  const reason = first ? stringField(first, 'reason') : stringField(error, 'status');
  return { ...(reason ? { reason } : {}), message: stringField(error, 'message') ?? 'no message', oauth: false };
}

/**
 * YouTube's answer classified: 401 a token that expired or was revoked; 403 quotaExceeded the
 * project's daily quota (rate_limited until midnight Pacific, when it resets); 403 otherwise a
 * permission the login or channel lacks; 429 and the rate reasons a short wait; 5xx transient; any
 * other 4xx permanent. Google's token endpoint answers `{error, error_description}`: `invalid_grant`
 * is a refresh token that expired or was revoked (the user signs in again).
 */
export function youTubeResponseError(network: string, response: NetworkResponse, now: Date): NetworkError | undefined {
  const { status, body } = response;
  if ((status >= 200 && status < 300) || status === 308) return undefined;
  const { reason, message: raw, oauth } = describeGoogleError(body);
  const message = `YouTube answered ${status}${reason ? ` ${reason}` : ''}: ${safeNetworkMessage(raw)}`;
  const details = { status, ...(reason ? { code: reason } : {}) };
  if (oauth) {
    if (reason && TRANSIENT_OAUTH_ERRORS.has(reason)) return new NetworkError(network, 'transient', message, details);
    if (reason === 'invalid_grant') return new NetworkError(network, 'auth_expired', message, details);
    return new NetworkError(network, status >= 500 ? 'transient' : 'permanent', message, details);
  }
  if (status === 401) return new NetworkError(network, 'auth_expired', message, details);
  if (reason && QUOTA_REASONS.has(reason))
    return new NetworkError(network, 'rate_limited', message, {
      ...details,
      retryAt: new Date(youTubeQuotaDay(now.getTime()).endsAt),
    });
  if (status === 429 || (reason && RATE_REASONS.has(reason)))
    return new NetworkError(network, 'rate_limited', message, {
      ...details,
      retryAt: new Date(now.getTime() + RATE_WAIT_MS),
    });
  if (status === 403) return new NetworkError(network, 'permanent', message, { ...details, permissionDenied: true });
  if (status >= 500) return new NetworkError(network, 'transient', message, details);
  return new NetworkError(network, 'permanent', message, details);
}

/** A video or comment YouTube no longer has. */
export function isYouTubeGone(error: unknown): boolean {
  return error instanceof NetworkError && error.details.status === 404;
}
