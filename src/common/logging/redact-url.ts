/** Query parameters whose values are secrets or single-use credentials. */
const SECRET_QUERY_PARAMS = new Set([
  'code',
  'state',
  'session',
  'access_token',
  'refresh_token',
  'token',
  'client_secret',
  'code_verifier',
  'fb_exchange_token',
  'input_token',
  'api_key',
  'apikey',
  'key',
]);

/** An API key, live (`sps_…`) or test (`sps_test_…`), put where it does not belong (a path, a query value) is still a secret. */
const API_KEY_ANYWHERE = /sps_(?:test_)?[0-9A-Za-z]{20,}/g;

function decodedName(pair: string): string | undefined {
  const [name = ''] = pair.split('=', 1);
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * A URL as it may appear in a log line: the pending-session token in the path, secret query
 * values and anything shaped like an API key are replaced; everything else is kept for tracing.
 */
export function redactUrl(url: string): string {
  const withoutKeys = url.replace(API_KEY_ANYWHERE, 'sps_[redacted]');
  const queryStart = withoutKeys.indexOf('?');
  const path = queryStart === -1 ? withoutKeys : withoutKeys.slice(0, queryStart);
  const safePath = path.replace(/(\/pending\/)[^/]+/, '$1[redacted]');
  if (queryStart === -1) return safePath;
  const safeQuery = withoutKeys
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = decodedName(pair);
      // A name that cannot be decoded cannot be judged either: keep it out of the log.
      if (name === undefined) return '[undecodable]';
      return SECRET_QUERY_PARAMS.has(name) ? `${pair.split('=', 1)[0]}=[redacted]` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}
