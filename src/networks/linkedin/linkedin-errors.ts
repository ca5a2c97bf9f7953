import { linkedInApiRules } from '../../contracts';
import { isRecord, stringField } from '../http/json-fields';
import { NetworkResponse } from '../http/network-http.client';
import { NetworkError } from '../network-error';
import { safeNetworkMessage } from '../safe-network-message';

const rules = linkedInApiRules();
/** "Content is a duplicate of urn:li:share:…" (422): the same post again. */
export const LINKEDIN_DUPLICATE = rules.errors.duplicate;
/** A LinkedIn-Version LinkedIn no longer (or never) answers: the deployment's setting, not the post. */
export const LINKEDIN_INACTIVE_VERSION = rules.versions.inactive;
/** OAuth errors a retry can get past (RFC 6749 §4.1.2.1). */
const TRANSIENT_OAUTH_ERRORS = new Set(['server_error', 'temporarily_unavailable']);

/**
 * When a throttled call may be tried again: LinkedIn's limits are per day and "reset at midnight
 * UTC", and its 429 carries no header saying when (rate-limits page): the next midnight UTC.
 */
export function linkedInRetryAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** The code and message of LinkedIn's `{status, code, message}`, or OAuth's `{error, error_description}`. */
function describe(body: unknown): { code?: string; message: string; oauth: boolean } {
  if (!isRecord(body))
    return { message: typeof body === 'string' && body ? body.slice(0, 200) : 'no message', oauth: false };
  const oauthError = stringField(body, 'error');
  if (oauthError)
    return { code: oauthError, message: stringField(body, 'error_description') ?? oauthError, oauth: true };
  const code = stringField(body, 'code') ?? stringField(body, 'serviceErrorCode');
  return { ...(code ? { code } : {}), message: stringField(body, 'message') ?? 'no message', oauth: false };
}

/**
 * LinkedIn's answer classified (error shape `{status, code, message}`): 401 a token that expired or
 * was revoked; 403 a permission (scope or organization role) the login lacks; 426 a LinkedIn-Version
 * no longer active (a setting of the deployment: permanent until it changes); 422 a duplicate post
 * (permanent); 429 the day's limit (until the next midnight UTC); 5xx transient; any other 4xx
 * permanent. OAuth's token endpoint answers `{error, error_description}`: `invalid_grant` is a
 * refresh token that expired or was revoked.
 */
export function linkedInResponseError(network: string, response: NetworkResponse, now: Date): NetworkError | undefined {
  const { status, body } = response;
  if (status >= 200 && status < 300) return undefined;
  const { code, message: raw, oauth } = describe(body);
  const message = `LinkedIn answered ${status}${code ? ` ${code}` : ''}: ${safeNetworkMessage(raw)}`;
  const details = { status, ...(code ? { code } : {}) };
  if (oauth) {
    if (code && TRANSIENT_OAUTH_ERRORS.has(code)) return new NetworkError(network, 'transient', message, details);
    if (code === 'invalid_grant') return new NetworkError(network, 'auth_expired', message, details);
    return new NetworkError(network, status >= 500 ? 'transient' : 'permanent', message, details);
  }
  if (status === 401) return new NetworkError(network, 'auth_expired', message, details);
  if (status === 403) return new NetworkError(network, 'permanent', message, { ...details, permissionDenied: true });
  if (status === 429)
    return new NetworkError(network, 'rate_limited', message, { ...details, retryAt: linkedInRetryAt(now) });
  if (status === LINKEDIN_INACTIVE_VERSION.status)
    return new NetworkError(
      network,
      'permanent',
      `${message} (the deployment's LINKEDIN_VERSION is no longer answered: set a version LinkedIn lists as active)`,
      details,
    );
  if (status >= 500) return new NetworkError(network, 'transient', message, details);
  return new NetworkError(network, 'permanent', message, details);
}

/** A post or comment LinkedIn no longer has. */
export function isLinkedInGone(error: unknown): boolean {
  return error instanceof NetworkError && (error.details.status === 404 || error.details.status === 410);
}
