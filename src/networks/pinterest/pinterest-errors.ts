import { pinterestError } from '../../contracts';
import { isRecord, numberField, stringField } from '../http/json-fields';
import { NetworkResponse } from '../http/network-http.client';
import { NetworkError } from '../network-error';
import { safeNetworkMessage } from '../safe-network-message';

/** Pinterest's code for a token without the scopes an operation names (401 code 3, its own example). */
const INSUFFICIENT_SCOPE = pinterestError(3).code;
/** Pinterest's limits are per minute per user per app: without a Retry-After, the next minute. */
const RATE_WINDOW_MS = 60_000;

function retryAt(response: NetworkResponse, now: Date): Date {
  const header = response.headers['retry-after'];
  const seconds = header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
  return new Date(now.getTime() + (seconds !== undefined ? seconds * 1000 : RATE_WINDOW_MS));
}

/**
 * Pinterest's answer classified (error shape `{code, message}`): 401 a token that expired or was
 * revoked (a refresh token too, at the token endpoint), but code 3, a token without the scopes the
 * operation names, is a permission the login lacks; 403 a board or pin the account may not touch
 * (permanent, a permission); 429 (code 8) a per-minute limit, until Retry-After or the next minute;
 * 5xx transient; any other 4xx permanent (a 404: the pin or board is gone).
 */
export function pinterestResponseError(
  network: string,
  response: NetworkResponse,
  now: Date,
): NetworkError | undefined {
  const { status, body } = response;
  if (status >= 200 && status < 300) return undefined;
  const code = isRecord(body) ? numberField(body, 'code') : undefined;
  const raw = isRecord(body) ? (stringField(body, 'message') ?? 'no message') : typeof body === 'string' ? body : '';
  const message = `Pinterest answered ${status}${code !== undefined ? ` (code ${code})` : ''}: ${safeNetworkMessage(raw.slice(0, 300) || 'no message')}`;
  const details = { status, ...(code !== undefined ? { code } : {}) };
  if (status === 401 && code === INSUFFICIENT_SCOPE)
    return new NetworkError(network, 'permanent', message, { ...details, permissionDenied: true });
  if (status === 401) return new NetworkError(network, 'auth_expired', message, details);
  if (status === 403) return new NetworkError(network, 'permanent', message, { ...details, permissionDenied: true });
  if (status === 429)
    return new NetworkError(network, 'rate_limited', message, { ...details, retryAt: retryAt(response, now) });
  if (status >= 500) return new NetworkError(network, 'transient', message, details);
  return new NetworkError(network, 'permanent', message, details);
}

/** A pin (or medium) Pinterest no longer has. */
export function isPinterestGone(error: unknown): boolean {
  return error instanceof NetworkError && error.details.status === 404;
}
