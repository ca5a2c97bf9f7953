import { ConsentNetwork } from '../consent/consent-flow';

/** The scopes of atproto OAuth the emulator knows (https://atproto.com/specs/oauth#authorization-scopes). */
export const BLUESKY_SCOPES: ReadonlySet<string> = new Set(['atproto', 'transition:generic', 'transition:chat.bsky']);

/** The issuer the redirect names (`iss`, RFC 9207), as an atproto authorization server adds it. */
export const BLUESKY_ISSUER = 'https://bsky.social';

/**
 * The authorize page of the subset of atproto OAuth the emulator takes (authorization code with
 * PKCE S256; no pushed request, no DPoP): all or nothing, as Bluesky's consent screen is.
 */
export const blueskyConsent: ConsentNetwork = {
  title: 'Bluesky',
  rules: {
    scopeSeparator: /\s+/,
    knownScopes: BLUESKY_SCOPES,
    responseTypeOptional: false,
    pkce: true,
    granular: false,
  },
  codeLifetimeMs: 5 * 60_000,
  codePrefix: 'cod-',
  subject: (user) =>
    user.bluesky
      ? { heading: 'Bluesky account', items: [`@${user.bluesky.handle} (${user.bluesky.displayName})`] }
      : undefined,
  approve: (url, code, state) => {
    url.searchParams.set('code', code);
    url.searchParams.set('state', state);
    url.searchParams.set('iss', BLUESKY_ISSUER);
  },
  deny: (url, state) => {
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('error_description', 'This request was denied by the user');
    url.searchParams.set('state', state);
    url.searchParams.set('iss', BLUESKY_ISSUER);
  },
};
