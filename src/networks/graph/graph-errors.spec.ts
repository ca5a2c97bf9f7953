import { NetworkError, NetworkErrorKind } from '../network-error';
import { graphResponseError } from './graph-errors';
import { DEFAULT_GRAPH_BACKOFF_MS, graphRetryAt } from './graph-usage';
import { answer, NOW } from '../http/recording-http.testing';

const MINUTE = 60_000;

function graphError(code: number, subcode?: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    error: {
      message: 'An error happened',
      type: 'OAuthException',
      code,
      ...(subcode !== undefined ? { error_subcode: subcode } : {}),
      fbtrace_id: 'AbCdEf123',
      ...extra,
    },
  };
}

function classify(status: number, body: unknown, headers: Record<string, string> = {}): NetworkError {
  const error = graphResponseError('facebook', answer(status, body, headers), NOW);
  if (!error) throw new Error('expected an error');
  return error;
}

describe('Graph error classification', () => {
  it.each<[string, number, number | undefined, NetworkErrorKind]>([
    ['API unknown', 1, undefined, 'transient'],
    ['API service', 2, undefined, 'transient'],
    ['app rate limit', 4, undefined, 'rate_limited'],
    ['user rate limit', 17, undefined, 'rate_limited'],
    ['page rate limit', 32, undefined, 'rate_limited'],
    ['call volume', 613, undefined, 'rate_limited'],
    ['pages BUC', 80001, undefined, 'rate_limited'],
    ['instagram BUC', 80002, undefined, 'rate_limited'],
    ['token invalid', 190, undefined, 'auth_expired'],
    ['app removed', 190, 458, 'auth_expired'],
    ['password changed', 190, 460, 'auth_expired'],
    ['token expired', 190, 463, 'auth_expired'],
    ['token invalid session', 190, 467, 'auth_expired'],
    ['permission', 10, undefined, 'permanent'],
    ['permission 200', 200, undefined, 'permanent'],
    ['permission 230', 230, undefined, 'permanent'],
    ['permission 299', 299, undefined, 'permanent'],
    ['API session (login expired or invalid)', 102, undefined, 'auth_expired'],
    ['application limit reached', 341, undefined, 'rate_limited'],
    ['temporarily blocked for policy violations', 368, undefined, 'transient'],
    ['duplicate post', 506, undefined, 'permanent'],
    ['invalid parameter', 100, undefined, 'permanent'],
    ['IG download timeout', 9004, 2207003, 'transient'],
    ['IG server error', -1, 2207001, 'transient'],
    ['IG container failure', 9004, 2207032, 'transient'],
    ['IG container failure 2', 9004, 2207053, 'transient'],
    ['IG publishing limit', 9, 2207042, 'rate_limited'],
    ['IG not ready', 9007, 2207027, 'transient'],
    ['IG media expired (new container)', -2, 2207020, 'transient'],
    ['IG unknown upload error (new container)', -1, 2207053, 'transient'],
    ['IG spam restriction', 9004, 2207051, 'permanent'],
    ['IG account restricted', 9004, 2207050, 'permanent'],
    ['IG media not found', 9004, 2207006, 'permanent'],
    ['IG container expired', 9004, 2207008, 'permanent'],
    ['IG unknown media type', 9004, 2207023, 'permanent'],
    ['IG carousel size', 9004, 2207028, 'permanent'],
    ['IG unsupported video', 9004, 2207026, 'permanent'],
    ['IG media URL unfetchable', 9004, 2207052, 'permanent'],
    ['IG image too large', 9004, 2207004, 'permanent'],
    ['IG image format', 9004, 2207005, 'permanent'],
    ['IG aspect ratio', 9004, 2207009, 'permanent'],
    ['IG caption too long', 9004, 2207010, 'permanent'],
  ])('%s (code %s, subcode %s) is %s', (_name, code, subcode, kind) => {
    const error = classify(400, graphError(code, subcode));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.kind).toBe(kind);
    expect(error.network).toBe('facebook');
    expect(error.details).toMatchObject({ status: 400, code, ...(subcode !== undefined ? { subcode } : {}) });
    expect(error.details.retryAt !== undefined).toBe(kind === 'rate_limited');
  });

  it('classifies on the code, not on the HTTP status', () => {
    expect(classify(500, graphError(100)).kind).toBe('permanent');
    expect(classify(500, graphError(190, 463)).kind).toBe('auth_expired');
    expect(classify(400, graphError(2)).kind).toBe('transient');
    expect(classify(200, graphError(506)).kind).toBe('permanent');
  });

  it('trusts Instagram is_transient for codes it does not know', () => {
    expect(classify(400, graphError(9999, undefined, { is_transient: true })).kind).toBe('transient');
    expect(classify(400, graphError(9999, undefined, { is_transient: false })).kind).toBe('permanent');
  });

  it('uses the HTTP status only when the code is unknown or missing', () => {
    expect(classify(503, graphError(12345)).kind).toBe('transient');
    expect(classify(400, graphError(12345)).kind).toBe('permanent');
    expect(classify(502, '<html>Bad Gateway</html>').kind).toBe('transient');
    expect(classify(500, undefined).kind).toBe('transient');
    expect(classify(404, 'Not Found').kind).toBe('permanent');
    expect(classify(429, '').kind).toBe('rate_limited');
  });

  it('returns nothing for a success', () => {
    expect(graphResponseError('facebook', answer(200, { id: '1' }), NOW)).toBeUndefined();
    expect(graphResponseError('facebook', answer(200, true), NOW)).toBeUndefined();
  });

  it('reads Instagram Login token errors', () => {
    const refused = classify(400, {
      error_type: 'OAuthException',
      code: 400,
      error_message: 'Invalid authorization code',
    });
    expect(refused.kind).toBe('permanent');
    expect(refused.message).toContain('Invalid authorization code');
    expect(
      classify(400, { error_type: 'OAuthException', code: 190, error_message: 'Invalid OAuth access token' }).kind,
    ).toBe('auth_expired');
    expect(
      classify(400, { error_type: 'OAuthException', code: 400, error_message: 'Error validating access token' }).kind,
    ).toBe('auth_expired');
    expect(classify(500, { error_type: 'InternalError', code: 500, error_message: 'Please retry' }).kind).toBe(
      'transient',
    );
  });

  it('never repeats a token the network quoted', () => {
    const token = 'EAAB' + 'x7Yq'.repeat(40);
    const error = classify(400, graphError(190, 467, { message: `Malformed access token ${token}` }));
    expect(error.message).not.toContain(token);
    expect(error.message).toContain('Malformed access token [redacted]');
    expect(error.message).toContain('(Graph code 190, subcode 467)');
  });

  describe('retry time of a rate limit', () => {
    it('takes the longest estimated_time_to_regain_access (minutes) of X-Business-Use-Case-Usage', () => {
      const headers = {
        'x-business-use-case-usage': JSON.stringify({
          '1234': [
            { type: 'pages', call_count: 100, total_cputime: 20, total_time: 30, estimated_time_to_regain_access: 12 },
          ],
          '5678': [
            {
              type: 'instagram',
              call_count: 100,
              total_cputime: 20,
              total_time: 30,
              estimated_time_to_regain_access: 30,
            },
          ],
        }),
        'x-app-usage': JSON.stringify({ call_count: 100, total_cputime: 10, total_time: 10 }),
      };
      const error = classify(400, graphError(80001), headers);
      expect(error.details.retryAt).toEqual(new Date(NOW.getTime() + 30 * MINUTE));
    });

    it('falls back to X-App-Usage: at 100 % the rolling hour must pass', () => {
      const headers = {
        'x-business-use-case-usage': JSON.stringify({
          '1234': [{ type: 'pages', call_count: 40, estimated_time_to_regain_access: 0 }],
        }),
        'x-app-usage': JSON.stringify({ call_count: 102, total_cputime: 10, total_time: 10 }),
      };
      expect(classify(400, graphError(4), headers).details.retryAt).toEqual(new Date(NOW.getTime() + 60 * MINUTE));
    });

    it('uses the default back-off without a usable header', () => {
      const defaultAt = new Date(NOW.getTime() + DEFAULT_GRAPH_BACKOFF_MS);
      expect(DEFAULT_GRAPH_BACKOFF_MS).toBe(15 * MINUTE);
      expect(classify(400, graphError(17)).details.retryAt).toEqual(defaultAt);
      expect(graphRetryAt({ 'x-app-usage': JSON.stringify({ call_count: 80 }) }, NOW)).toEqual(defaultAt);
      expect(graphRetryAt({ 'x-business-use-case-usage': 'not json', 'x-app-usage': '{' }, NOW)).toEqual(defaultAt);
    });

    it('applies to Instagram publishing limits too', () => {
      const headers = {
        'x-business-use-case-usage': JSON.stringify({
          '1784': [{ type: 'instagram', estimated_time_to_regain_access: 5 }],
        }),
      };
      expect(classify(400, graphError(9, 2207042), headers).details.retryAt).toEqual(
        new Date(NOW.getTime() + 5 * MINUTE),
      );
    });
  });
});

describe('media a network could not fetch', () => {
  it.each([
    ['Instagram 2207052', 9004, 2207052, true],
    ['Facebook 324', 324, undefined, true],
    ['Instagram unsupported video', 9004, 2207026, false],
  ])('%s is marked mediaUnavailable: %s', (_name, code, subcode, unavailable) => {
    const error = graphResponseError(
      'facebook',
      { status: 400, headers: {}, body: { error: { message: 'no', code, error_subcode: subcode } } },
      new Date(),
    );
    expect({ kind: error?.kind, mediaUnavailable: error?.details.mediaUnavailable === true }).toEqual({
      kind: 'permanent',
      mediaUnavailable: unavailable,
    });
  });
});
