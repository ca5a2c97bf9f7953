import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a form post came from one of our own pages, as far as the browser tells: `Sec-Fetch-Site`
 * must be `same-origin` and `Origin` our own origin (PUBLIC_URL's), whichever of them it sends.
 * `same-site` is refused too: over plain http a sibling subdomain can plant cookies, so the
 * double-submitted sign-in cookie alone does not stop it posting our form (login CSRF).
 *
 * A request with neither header is let through: it is not from a browser, or from one too old to
 * send them (every current browser sends `Origin` on a POST); the form's token still has to match.
 */
export function comesFromOwnOrigin(headers: IncomingHttpHeaders, ownOrigin: string): boolean {
  const fetchSite = single(headers['sec-fetch-site']);
  if (fetchSite !== undefined && fetchSite.toLowerCase() !== 'same-origin') return false;
  const origin = single(headers.origin);
  if (origin === undefined) return true;
  const sent = originOf(origin);
  return sent !== undefined && sent === originOf(ownOrigin);
}

/** A header sent twice is not trusted as either value. */
function single(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return value.length === 1 ? value[0] : '';
  return value;
}

/** scheme://host[:port] as URL serializes it (lower-case host, default port dropped); `null` and garbage never match. */
function originOf(value: string): string | undefined {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
