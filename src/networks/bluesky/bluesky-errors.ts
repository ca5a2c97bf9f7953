import { isRecord, stringField } from '../http/json-fields';
import type { NetworkResponse } from '../http/network-http.client';
import { NetworkError } from '../network-error';

/**
 * XRPC errors (https://atproto.com/specs/xrpc#error-responses): `{ error, message }` with the HTTP
 * status. 401 and the token errors (`ExpiredToken`, `InvalidToken`, `AuthMissing`) need a new
 * session; 429 waits until the `ratelimit-reset` header's time (seconds since the epoch, the
 * headers https://docs.bsky.app/docs/advanced-guides/rate-limits describes); 5xx and 408 are
 * worth a retry; any other refusal (`InvalidRequest`: a record outside its lexicon) is final.
 */
const TOKEN_ERRORS = new Set(['ExpiredToken', 'InvalidToken', 'AuthMissing', 'AuthenticationRequired']);
const ACCOUNT_ERRORS = new Set(['AccountTakedown', 'AccountDeactivated']);

export function blueskyResponseError(network: string, response: NetworkResponse, now: Date): NetworkError | undefined {
  const { status } = response;
  if (status >= 200 && status < 300) return undefined;
  const body = isRecord(response.body) ? response.body : {};
  const code = stringField(body, 'error') ?? `HTTP ${status}`;
  const said = stringField(body, 'message');
  const message = `Bluesky refused the call: ${code}${said ? ` (${said.slice(0, 300)})` : ''}`;
  if (status === 429) {
    const reset = Number(response.headers['ratelimit-reset']);
    const retryAt = Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : new Date(now.getTime() + 60_000);
    return new NetworkError(network, 'rate_limited', message, { status, code, retryAt });
  }
  if (status === 401 || TOKEN_ERRORS.has(code) || ACCOUNT_ERRORS.has(code))
    return new NetworkError(network, 'auth_expired', message, { status, code });
  if (status >= 500 || status === 408) return new NetworkError(network, 'transient', message, { status, code });
  return new NetworkError(network, 'permanent', message, { status, code });
}
