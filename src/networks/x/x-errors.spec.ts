import { answer, NOW } from '../http/recording-http.testing';
import { NetworkError, NetworkErrorKind } from '../network-error';
import { DEFAULT_X_BACKOFF_MS, usageCapEnd, xResponseError } from './x-errors';
import {
  duplicateContent,
  invalidGrant,
  invalidRequest,
  invalidRequestProblem,
  serviceUnavailable,
  tooManyRequests,
  unauthorizedClient,
  unauthorizedProblem,
  usageCapped,
} from './x.fixtures';

function classify(status: number, body: unknown, headers: Record<string, string> = {}): NetworkError {
  const error = xResponseError('x', answer(status, body, headers), NOW);
  if (!error) throw new Error('expected an error');
  return error;
}

const RESET_SECONDS = Math.floor(NOW.getTime() / 1000) + 600;

describe('X error classification', () => {
  it.each<[string, number, unknown, NetworkErrorKind, string | number | undefined]>([
    ['401 problem (token expired or revoked)', 401, unauthorizedProblem, 'auth_expired', 'Unauthorized'],
    ['429 too many requests', 429, tooManyRequests, 'rate_limited', 'Too Many Requests'],
    ['429 usage capped', 429, usageCapped, 'rate_limited', 'UsageCapExceeded'],
    ['403 duplicate content', 403, duplicateContent, 'permanent', 'Forbidden'],
    ['400 invalid request problem', 400, invalidRequestProblem, 'permanent', 'Invalid Request'],
    ['500 without a body', 500, '', 'transient', undefined],
    ['503 problem', 503, serviceUnavailable, 'transient', 'Service Unavailable'],
    ['502 HTML page', 502, '<html>Bad Gateway</html>', 'transient', undefined],
    ['invalid_grant on the token endpoint', 400, invalidGrant, 'permanent', 'invalid_grant'],
    ['invalid_request on the token endpoint', 400, invalidRequest, 'permanent', 'invalid_request'],
    [
      'unauthorized_client (bad app credentials), even as 401',
      401,
      unauthorizedClient,
      'permanent',
      'unauthorized_client',
    ],
    ['temporarily_unavailable', 400, { error: 'temporarily_unavailable' }, 'transient', 'temporarily_unavailable'],
    [
      '404 problem',
      404,
      { title: 'Not Found Error', detail: 'Could not find user', type: 'about:blank' },
      'permanent',
      'Not Found Error',
    ],
    ['200 with only errors', 200, { errors: [{ code: 88, message: 'Rate limit exceeded' }] }, 'permanent', 88],
  ])('%s is %s', (_name, status, body, kind, code) => {
    const error = classify(status, body, {
      'x-rate-limit-reset': String(RESET_SECONDS),
      'x-rate-limit-remaining': '0',
    });
    expect(error.kind).toBe(kind);
    expect(error.network).toBe('x');
    expect(error.details.status).toBe(status);
    expect(error.details.code).toBe(code);
    expect(error.details.retryAt !== undefined).toBe(kind === 'rate_limited');
  });

  it('keeps the duplicate-content detail in the message', () => {
    expect(classify(403, duplicateContent).message).toBe(
      'You are not allowed to create a Tweet with duplicate content. (HTTP 403)',
    );
  });

  it('waits until x-rate-limit-reset (Unix seconds)', () => {
    const error = classify(429, tooManyRequests, {
      'x-rate-limit-limit': '100',
      'x-rate-limit-remaining': '0',
      'x-rate-limit-reset': String(RESET_SECONDS),
    });
    expect(error.details.retryAt).toEqual(new Date(RESET_SECONDS * 1000));
  });

  it('waits for an exhausted 24-hour limit rather than the 15-minute window', () => {
    const dailyReset = RESET_SECONDS + 20_000;
    const error = classify(429, tooManyRequests, {
      'x-rate-limit-remaining': '40',
      'x-rate-limit-reset': String(RESET_SECONDS),
      'x-user-limit-24hour-remaining': '0',
      'x-user-limit-24hour-reset': String(dailyReset),
    });
    expect(error.details.retryAt).toEqual(new Date(dailyReset * 1000));
  });

  it("tells a used-up monthly usage cap from a rate limit, and waits for the next UTC month, not the window's reset", () => {
    const error = classify(429, usageCapped, {
      'x-rate-limit-limit': '40000',
      'x-rate-limit-remaining': '39999',
      'x-rate-limit-reset': String(RESET_SECONDS),
    });
    expect(error.kind).toBe('rate_limited');
    expect(error.details).toMatchObject({ usageCap: 'Monthly', code: 'UsageCapExceeded', status: 429 });
    expect(error.details.retryAt).toEqual(new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() + 1, 1)));
    expect(error.message).toBe('Usage cap exceeded: Monthly product cap (HTTP 429)');
  });

  it('waits for the next UTC day for a daily cap (api.x.com problem type), and for the window too when it is spent', () => {
    const daily = { title: 'UsageCapExceeded', period: 'Daily', type: 'https://api.x.com/2/problems/usage-capped' };
    const nextDay = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate() + 1));
    expect(classify(429, daily, { 'x-rate-limit-remaining': '7' }).details).toMatchObject({
      usageCap: 'Daily',
      retryAt: nextDay,
    });
    const later = Math.floor(nextDay.getTime() / 1000) + 3600;
    expect(
      classify(429, daily, { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(later) }).details.retryAt,
    ).toEqual(new Date(later * 1000));
    expect(classify(429, tooManyRequests).details.usageCap).toBeUndefined();
  });

  it('knows the end of a cap period across a year', () => {
    expect(usageCapEnd('Monthly', new Date('2026-12-31T23:59:59Z'))).toEqual(new Date('2027-01-01T00:00:00Z'));
    expect(usageCapEnd('Daily', new Date('2026-02-28T10:00:00Z'))).toEqual(new Date('2026-03-01T00:00:00Z'));
  });

  it('backs off by default without a reset header, and never into the past', () => {
    expect(classify(429, tooManyRequests).details.retryAt).toEqual(new Date(NOW.getTime() + DEFAULT_X_BACKOFF_MS));
    expect(classify(429, tooManyRequests, { 'x-rate-limit-reset': 'soon' }).details.retryAt).toEqual(
      new Date(NOW.getTime() + DEFAULT_X_BACKOFF_MS),
    );
    expect(
      classify(429, tooManyRequests, { 'x-rate-limit-reset': String(RESET_SECONDS - 3600) }).details.retryAt,
    ).toEqual(NOW);
  });

  it('returns nothing for a success', () => {
    expect(xResponseError('x', answer(200, { data: { id: '1', text: 'hi' } }), NOW)).toBeUndefined();
    expect(
      xResponseError('x', answer(201, { data: { id: '1' }, errors: [{ message: 'partial' }] }), NOW),
    ).toBeUndefined();
    expect(xResponseError('x', answer(200, { revoked: true }), NOW)).toBeUndefined();
  });

  it('never repeats a token the network quoted', () => {
    const token = 'VGhpc0lzQVJlZnJlc2hUb2tlbjEyMzQ1Njc4OTA6MTc0MDAwMDAwMDox';
    const error = classify(400, {
      error: 'invalid_request',
      error_description: `Value passed for the token was invalid: ${token}`,
    });
    expect(error.message).not.toContain(token);
    expect(error.message).toBe('Value passed for the token was invalid: [redacted] (HTTP 400)');
  });
});
