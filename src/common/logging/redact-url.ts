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
  // Bound to its token, but with it enough to call an app that requires the app secret.
  'appsecret_proof',
  'input_token',
  'api_key',
  'apikey',
  'key',
  'password',
  'client_assertion',
  'id_token',
  // Signed links (our media URLs, presigned S3, OAuth 1.0a): with the signature a link reaches the file.
  'signature',
  'sig',
  'oauth_signature',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

/**
 * Our bearer secrets, wherever a client puts them: API keys, live (`sps_…`) or test
 * (`sps_test_…`), and pending-session tokens (`ps_…`, which `sps_` also ends with).
 */
const SECRET_SHAPED = /(?:sps_(?:test_)?|ps_)[0-9A-Za-z]{20,}/;

/**
 * A secret may arrive percent-encoded once, twice (`%2573ps_…`), with `+` for spaces, in either
 * case of hex: it is looked for in every decoding up to this depth. A part still changing after it
 * is not judged at all (see `readable`).
 */
const MAX_DECODINGS = 4;

/** Every form a URL part takes as it is decoded, raw first; undefined when it cannot be decoded to the end. */
function decodings(part: string, plusIsSpace: boolean): string[] | undefined {
  const forms = [part];
  let current = part;
  for (let round = 0; round < MAX_DECODINGS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(plusIsSpace ? current.replace(/\+/g, ' ') : current);
    } catch {
      return undefined;
    }
    if (next === current) return forms;
    forms.push(next);
    current = next;
  }
  return undefined;
}

/** True when a part, in any of its decodings, holds something shaped like one of our secrets. */
function holdsSecret(forms: string[]): boolean {
  // Separators a client may slip between the characters are not in the shape, so a raw match is
  // enough per form; the decoded forms catch `%73ps_…` and `sps%5F…`.
  return forms.some((form) => SECRET_SHAPED.test(form));
}

function redactPathSegment(
  segment: string,
  previousDecoded: string | undefined,
): { logged: string; decoded: string | undefined } {
  const forms = decodings(segment, false);
  if (!forms) return { logged: '[undecodable]', decoded: undefined };
  const decoded = forms[forms.length - 1]!;
  // The pending-session token is the segment after `pending`, whatever it looks like.
  if (previousDecoded === 'pending' || holdsSecret(forms)) return { logged: '[redacted]', decoded };
  return { logged: segment, decoded };
}

function redactQueryPair(pair: string): string {
  const separator = pair.indexOf('=');
  const rawName = separator === -1 ? pair : pair.slice(0, separator);
  const nameForms = decodings(rawName, true);
  // A name that cannot be decoded cannot be judged either: keep it out of the log.
  if (!nameForms) return '[undecodable]';
  if (holdsSecret(nameForms)) return '[redacted]';
  if (separator === -1) return pair;
  const name = nameForms[nameForms.length - 1]!.toLowerCase();
  const valueForms = decodings(pair.slice(separator + 1), true);
  if (SECRET_QUERY_PARAMS.has(name) || !valueForms || holdsSecret(valueForms)) return `${rawName}=[redacted]`;
  return pair;
}

/**
 * A URL as it may appear in a log line: the pending-session token in the path, secret query
 * values and anything shaped like an API key or session token (in any encoding) are replaced;
 * everything else is kept, as the client spelled it, for tracing.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  let previousDecoded: string | undefined;
  const safePath = path
    .split('/')
    .map((segment) => {
      const { logged, decoded } = redactPathSegment(segment, previousDecoded);
      previousDecoded = decoded;
      return logged;
    })
    .join('/');
  if (queryStart === -1) return safePath;
  const safeQuery = url
    .slice(queryStart + 1)
    .split('&')
    .map(redactQueryPair)
    .join('&');
  return `${safePath}?${safeQuery}`;
}
