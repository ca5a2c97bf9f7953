import { isRecord, recordField, stringField } from '../http/json-fields';
import { NetworkResponse } from '../http/network-http.client';
import { NetworkError } from '../network-error';
import { safeNetworkMessage } from '../safe-network-message';

/** OAuth errors a retry can get past (RFC 6749 §4.1.2.1). */
const TRANSIENT_OAUTH_ERRORS = new Set(['server_error', 'temporarily_unavailable']);
/** TikTok's limits are per minute per user token; its 429 says nothing of when: a minute. */
export const TIKTOK_RATE_WAIT_MS = 60_000;
/**
 * The creator reached TikTok's cap of posts through the API (spam_risk_too_many_posts; third
 * parties say about 15 a day, on a rolling window): looked at again in an hour.
 */
export const TIKTOK_POST_CAP_WAIT_MS = 3600_000;

/** Codes that say the request, the post or the app is refused for good. */
const PERMANENT_CODES: Record<string, string> = {
  unaudited_client_can_only_post_to_private_accounts:
    'TikTok has not audited the app: it posts privately only (privacyLevel SELF_ONLY) until TikTok audits it',
  url_ownership_unverified:
    "the media's URL is not on a domain or prefix the app verified with TikTok (set TIKTOK_PULL_URL_PREFIXES to the verified ones)",
  privacy_level_option_mismatch: "the privacy level is not one the creator's account offers now",
  spam_risk_user_banned_from_posting: 'TikTok has banned the creator from posting',
  reached_active_user_cap: "the app reached TikTok's cap of active users for its audit level",
};

/** The code and message of TikTok's `{error: {code, message, log_id}}`, or OAuth's `{error, error_description}`. */
function describe(body: unknown): { code?: string; message: string; oauth: boolean } {
  if (!isRecord(body))
    return { message: typeof body === 'string' && body ? body.slice(0, 200) : 'no message', oauth: false };
  const envelope = recordField(body, 'error');
  if (envelope) {
    const code = stringField(envelope, 'code');
    return {
      ...(code ? { code } : {}),
      message: stringField(envelope, 'message') || code || 'no message',
      oauth: false,
    };
  }
  const oauthError = stringField(body, 'error');
  if (oauthError)
    return { code: oauthError, message: stringField(body, 'error_description') ?? oauthError, oauth: true };
  return { message: 'no message', oauth: false };
}

/**
 * TikTok's answer classified. open.tiktokapis.com answers `{data, error: {code, message, log_id}}`,
 * `error.code` `ok` on success: `access_token_invalid` (401) is an expired or revoked login;
 * `scope_not_authorized` (401) a scope the creator did not grant (permanent, a permission);
 * `rate_limit_exceeded` (429) a minute's wait; `spam_risk_too_many_posts` the creator's post cap (an
 * hour); the refusals of the app or the post (unaudited app, unverified URL, privacy level) are
 * permanent with a message saying what to change; 5xx transient; any other 4xx permanent. The
 * OAuth endpoints answer `{error, error_description}`: `invalid_grant` is a login to renew.
 */
export function tiktokResponseError(network: string, response: NetworkResponse, now: Date): NetworkError | undefined {
  const { status, body } = response;
  const { code, message: raw, oauth } = describe(body);
  if (status >= 200 && status < 300 && (code === undefined || code === 'ok')) return undefined;
  const message = `TikTok answered ${status}${code ? ` ${code}` : ''}: ${safeNetworkMessage(raw)}`;
  const details = { status, ...(code ? { code } : {}) };
  if (oauth) {
    if (code && TRANSIENT_OAUTH_ERRORS.has(code)) return new NetworkError(network, 'transient', message, details);
    if (code === 'invalid_grant') return new NetworkError(network, 'auth_expired', message, details);
    return new NetworkError(network, status >= 500 ? 'transient' : 'permanent', message, details);
  }
  if (code === 'access_token_invalid') return new NetworkError(network, 'auth_expired', message, details);
  if (code === 'scope_not_authorized' || code === 'scope_permission_missed')
    return new NetworkError(network, 'permanent', message, { ...details, permissionDenied: true });
  if (status === 429 || code === 'rate_limit_exceeded')
    return new NetworkError(network, 'rate_limited', message, {
      ...details,
      retryAt: new Date(now.getTime() + TIKTOK_RATE_WAIT_MS),
    });
  if (code === 'spam_risk_too_many_posts' || code === 'spam_risk_too_many_pending_share')
    return new NetworkError(network, 'rate_limited', message, {
      ...details,
      retryAt: new Date(now.getTime() + TIKTOK_POST_CAP_WAIT_MS),
    });
  if (code && PERMANENT_CODES[code])
    return new NetworkError(network, 'permanent', `${message} (${PERMANENT_CODES[code]})`, details);
  if (status >= 500) return new NetworkError(network, 'transient', message, details);
  if (status === 401) return new NetworkError(network, 'auth_expired', message, details);
  return new NetworkError(network, 'permanent', message, details);
}
