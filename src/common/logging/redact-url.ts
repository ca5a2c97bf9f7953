/** Query parameters whose values are secrets or single-use credentials. */
const SECRET_QUERY_PARAMS = new Set(['code', 'state', 'session', 'access_token', 'refresh_token', 'token', 'client_secret', 'code_verifier']);

/**
 * A URL as it may appear in a log line: the pending-session token in the path and secret query
 * values are replaced, everything else is kept for tracing.
 */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(/(\/pending\/)[^/]+/, '$1[redacted]');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      return SECRET_QUERY_PARAMS.has(decodeURIComponent(name).toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}
