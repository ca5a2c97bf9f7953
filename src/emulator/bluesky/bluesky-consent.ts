import { ConsentNetwork } from '../consent/consent-flow';
import { ConsentPageError } from '../consent/consent-page';
import { Params } from '../http/request-params';
import { EmulatorState } from '../state/emulator-state';
import { PUSHED_REQUESTS, pushedRequestFor } from './bluesky-oauth-grants';

/** The scopes of atproto OAuth the emulator knows (https://atproto.com/specs/oauth#authorization-scopes). */
export const BLUESKY_SCOPES: ReadonlySet<string> = new Set(['atproto', 'transition:generic', 'transition:chat.bsky']);

/**
 * The redirect names its issuer (`iss`, RFC 9207), as an atproto authorization server adds it; the
 * emulator's issuer is its own URL as reached, which bluesky-oauth.routes.ts writes over this one.
 */
export const BLUESKY_ISSUER = 'https://bsky.social';

/**
 * The authorize page takes only what was pushed (PAR is required): `client_id` and `request_uri`
 * name it, once; the page's own form posts the request back, matched to its PAR by client, state
 * and challenge. The emulator's own parameters (`emulator_*`) are kept.
 */
function pushedRequest(state: EmulatorState, params: Params, method: string): Params {
  if (method === 'POST') {
    const pushed =
      params.client_id && params.code_challenge
        ? pushedRequestFor(state, params.client_id, params.code_challenge)
        : undefined;
    if (!pushed || pushed.params.state !== params.state || pushed.expiresAt <= state.now())
      throw new ConsentPageError('Bluesky', 'This authorization request is unknown or expired.');
    return params;
  }
  if (!params.request_uri)
    throw new ConsentPageError('Bluesky', 'Pushed authorization request required: request_uri is missing.');
  const pushed = state.objects.of(PUSHED_REQUESTS).get(params.request_uri);
  if (!pushed || pushed.used || pushed.expiresAt <= state.now())
    throw new ConsentPageError('Bluesky', 'This request_uri is unknown, used or expired.');
  if (params.client_id !== pushed.clientId)
    throw new ConsentPageError('Bluesky', 'client_id does not match the pushed request.');
  pushed.used = true;
  const emulatorOwn = Object.fromEntries(Object.entries(params).filter(([name]) => name.startsWith('emulator_')));
  return { ...pushed.params, ...emulatorOwn };
}

/**
 * The authorize page of atproto OAuth (authorization code with PKCE S256, after a pushed request):
 * all or nothing, as Bluesky's consent screen is. The token side is bluesky-oauth.routes.ts.
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
  pushedRequest,
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
