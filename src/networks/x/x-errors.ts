import { isRecord, JsonRecord, numberField, stringField } from '../http/json-fields';
import { safeNetworkMessage } from '../safe-network-message';
import { NetworkResponse } from '../http/network-http.client';
import { NetworkError, NetworkErrorKind, UsageCapPeriod } from '../network-error';

/** When a 429 names no usable reset time, try again after this long (X's windows are 15 minutes). */
export const DEFAULT_X_BACKOFF_MS = 15 * 60_000;

/** Limits X reports in headers; a 429 is caused by whichever has nothing remaining. */
const LIMIT_HEADER_PREFIXES = ['x-rate-limit', 'x-user-limit-24hour', 'x-app-limit-24hour'];
/** OAuth errors that a retry can get past (RFC 6749 §4.1.2.1). */
const TRANSIENT_OAUTH_ERRORS = new Set(['server_error', 'temporarily_unavailable']);

function resetOf(headers: Readonly<Record<string, string>>, prefix: string): number | undefined {
  const seconds = Number(headers[`${prefix}-reset`]);
  return headers[`${prefix}-reset`] !== undefined && Number.isFinite(seconds) && seconds > 0
    ? seconds * 1000
    : undefined;
}

/**
 * When a rate-limited X call may be tried again: `x-rate-limit-reset` (Unix seconds), or the reset of
 * a 24-hour limit that is exhausted (usage caps), else a default back-off.
 */
export function xRetryAt(headers: Readonly<Record<string, string>>, now: Date): Date {
  const exhausted = LIMIT_HEADER_PREFIXES.filter((prefix) => headers[`${prefix}-remaining`] === '0')
    .map((prefix) => resetOf(headers, prefix))
    .filter((reset): reset is number => reset !== undefined);
  const reset = exhausted.length ? Math.max(...exhausted) : resetOf(headers, 'x-rate-limit');
  if (reset === undefined) return new Date(now.getTime() + DEFAULT_X_BACKOFF_MS);
  return new Date(Math.max(reset, now.getTime()));
}

/**
 * The cap a 429 names, when it is X's usage cap rather than a rate limit: a problem titled
 * `UsageCapExceeded` (type `…/2/problems/usage-capped`) with its `period`, sent while the
 * rate-limit window still has room (github.com/xdevplatform/xdk/issues/25). A period other than
 * Monthly is taken as Daily, the shorter wait: a cap still in force is then simply met again.
 */
export function xUsageCap(status: number, body: unknown): UsageCapPeriod | undefined {
  if (status !== 429 || !isRecord(body)) return undefined;
  const type = stringField(body, 'type') ?? '';
  if (stringField(body, 'title') !== 'UsageCapExceeded' && !type.endsWith('/2/problems/usage-capped')) return undefined;
  return stringField(body, 'period') === 'Monthly' ? 'Monthly' : 'Daily';
}

/**
 * When a usage cap opens again: the start of the next UTC month or day. X resets a project's
 * monthly cap on its billing day (`cap_reset_day` of GET /2/usage/tweets), which the service does
 * not know; a cap still in force then answers 429 again and the wait starts over.
 */
export function usageCapEnd(period: UsageCapPeriod, now: Date): Date {
  const [year, month, day] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  return new Date(period === 'Monthly' ? Date.UTC(year, month + 1, 1) : Date.UTC(year, month, day + 1));
}

/** Whether one of X's limit headers says nothing remains. */
function windowIsSpent(headers: Readonly<Record<string, string>>): boolean {
  return LIMIT_HEADER_PREFIXES.some((prefix) => headers[`${prefix}-remaining`] === '0');
}

interface XErrorFields {
  message: string;
  code?: string | number;
  /** An OAuth token-endpoint error (`{"error","error_description"}`) rather than a problem object. */
  oauthError?: string;
}

/** Problem objects `{title,detail,type,status,errors?}`, v1.1 `{errors:[{code,message}]}` and OAuth `{error,error_description}`. */
function errorFields(body: unknown, status: number): XErrorFields {
  if (!isRecord(body)) return { message: typeof body === 'string' && body ? body : `HTTP ${status}` };
  const oauthError = typeof body['error'] === 'string' ? body['error'] : undefined;
  if (oauthError)
    return { message: stringField(body, 'error_description') ?? oauthError, code: oauthError, oauthError };
  const first = Array.isArray(body['errors']) ? body['errors'].find(isRecord) : undefined;
  const fromFirst = (entry: JsonRecord | undefined): string | undefined =>
    entry ? (stringField(entry, 'detail') ?? stringField(entry, 'message')) : undefined;
  return {
    message: stringField(body, 'detail') ?? fromFirst(first) ?? stringField(body, 'title') ?? `HTTP ${status}`,
    code:
      stringField(body, 'title') ?? (first ? (numberField(first, 'code') ?? stringField(first, 'title')) : undefined),
  };
}

export function xErrorKind(status: number, oauthError: string | undefined): NetworkErrorKind {
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'transient';
  if (oauthError !== undefined) {
    // invalid_grant, invalid_request (a spent code or refresh token), invalid_client: retrying the same request fails again.
    return TRANSIENT_OAUTH_ERRORS.has(oauthError) ? 'transient' : 'permanent';
  }
  if (status === 401) return 'auth_expired';
  // 403 includes "duplicate content" and missing permissions; 400 is an invalid request.
  return 'permanent';
}

function isFailureBody(body: unknown): boolean {
  return (
    isRecord(body) &&
    (typeof body['error'] === 'string' || (Array.isArray(body['errors']) && body['data'] === undefined))
  );
}

/** The NetworkError for an X answer, or undefined when it is a success. Pure: `now` anchors the retry time. */
export function xResponseError(network: string, response: NetworkResponse, now: Date): NetworkError | undefined {
  const { status, headers, body } = response;
  const success = status >= 200 && status < 300;
  if (success && !isFailureBody(body)) return undefined;
  const fields = errorFields(body, status);
  const kind = xErrorKind(status, fields.oauthError);
  const usageCap = xUsageCap(status, body);
  const windowReset = kind === 'rate_limited' ? xRetryAt(headers, now) : undefined;
  // A usage cap waits for its period; should the window be spent too, for whichever ends last.
  const retryAt =
    usageCap && windowReset
      ? new Date(Math.max(usageCapEnd(usageCap, now).getTime(), windowIsSpent(headers) ? windowReset.getTime() : 0))
      : windowReset;
  return new NetworkError(network, kind, `${safeNetworkMessage(fields.message)} (HTTP ${status})`, {
    status,
    ...(fields.code !== undefined ? { code: fields.code } : {}),
    ...(retryAt ? { retryAt } : {}),
    ...(usageCap ? { usageCap } : {}),
  });
}
