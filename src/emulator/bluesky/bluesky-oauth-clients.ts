import { collectionKey } from '../state/object-collections';
import { EmulatorState } from '../state/emulator-state';
import { BlueskyOAuthError } from './bluesky-oauth-error';
import { verifyEs256 } from './bluesky-dpop-proof';

/**
 * atproto OAuth clients as the authorization server knows them (https://atproto.com/specs/oauth#clients):
 * nothing is registered; the client id is the URL of the client's metadata document, fetched at
 * each request, and a confidential client proves itself with a `private_key_jwt` assertion signed
 * by a key of its JWKS (RFC 7523 §2.2). The emulator takes http client ids (tests run on http);
 * Bluesky takes https ones only.
 */
export interface KnownClient {
  clientId: string;
  redirectUris: string[];
  scopes: string[];
  keys: Record<string, unknown>[];
}

const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const FETCH_TIMEOUT_MS = 5_000;
/** The reference server takes assertions up to a minute old (CLIENT_ASSERTION_MAX_AGE). */
const ASSERTION_MAX_AGE_SECONDS = 60;
const SEEN_ASSERTIONS = collectionKey<number>('bluesky.oauth.assertion-jti');

async function fetchJson(url: string): Promise<unknown> {
  const answer = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
  if (answer.status !== 200) throw new Error(`HTTP ${answer.status}`);
  return answer.json();
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The client's metadata document, checked as a confidential web client's must be. */
export async function loadClient(clientId: string | undefined): Promise<KnownClient> {
  if (!clientId || !/^https?:\/\/[^#]+$/.test(clientId))
    throw new BlueskyOAuthError('invalid_client', 'client_id must be the URL of a client metadata document');
  let document: Record<string, unknown> | undefined;
  try {
    document = record(await fetchJson(clientId));
  } catch (error) {
    throw new BlueskyOAuthError(
      'invalid_client_metadata',
      `Unable to obtain client metadata for "${clientId}" (${error instanceof Error ? error.message : 'unreadable'})`,
    );
  }
  const problem = (what: string) =>
    new BlueskyOAuthError('invalid_client_metadata', `Invalid client metadata: ${what}`);
  if (!document) throw problem('not a JSON object');
  if (document.client_id !== clientId) throw problem('client_id does not match the document URL');
  if (document.token_endpoint_auth_method !== 'private_key_jwt')
    throw problem('the emulator takes confidential clients (token_endpoint_auth_method private_key_jwt)');
  if (document.dpop_bound_access_tokens !== true) throw problem('dpop_bound_access_tokens must be true');
  const grantTypes = Array.isArray(document.grant_types) ? document.grant_types : [];
  if (!grantTypes.includes('authorization_code')) throw problem('grant_types must include authorization_code');
  const redirectUris = Array.isArray(document.redirect_uris)
    ? document.redirect_uris.filter((uri): uri is string => typeof uri === 'string')
    : [];
  if (redirectUris.length === 0) throw problem('redirect_uris is required');
  const scopes = typeof document.scope === 'string' ? document.scope.split(' ').filter(Boolean) : [];
  if (!scopes.includes('atproto')) throw problem('scope must include atproto');
  let keys: unknown;
  if (typeof document.jwks_uri === 'string') {
    try {
      keys = record(await fetchJson(document.jwks_uri))?.keys;
    } catch {
      throw problem('jwks_uri could not be fetched');
    }
  } else keys = record(document.jwks)?.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw problem('jwks_uri or jwks with keys is required');
  return { clientId, redirectUris, scopes, keys: keys.map(record).filter((key) => key !== undefined) };
}

/** Checks the request's client assertion (RFC 7523 §3) for `issuer`; throws invalid_client otherwise. */
export function authenticateClient(
  state: EmulatorState,
  client: KnownClient,
  params: Record<string, string | undefined>,
  issuer: string,
): void {
  const refused = (why: string) => new BlueskyOAuthError('invalid_client', `Client authentication failed: ${why}`);
  if (params.client_assertion_type !== CLIENT_ASSERTION_TYPE) throw refused('client_assertion_type is required');
  const assertion = params.client_assertion ?? '';
  const [headerPart, claimsPart] = assertion.split('.');
  let header: Record<string, unknown> | undefined;
  let claims: Record<string, unknown> | undefined;
  try {
    header = record(JSON.parse(Buffer.from(headerPart ?? '', 'base64url').toString('utf8')));
    claims = record(JSON.parse(Buffer.from(claimsPart ?? '', 'base64url').toString('utf8')));
  } catch {
    throw refused('client_assertion is not a JWT');
  }
  if (!header || !claims || header.alg !== 'ES256') throw refused('client_assertion must be an ES256 JWT');
  const key = client.keys.find((candidate) => candidate.kid === header.kid);
  if (!key || !verifyEs256(assertion, key)) throw refused('client_assertion signature does not verify');
  if (claims.iss !== client.clientId || claims.sub !== client.clientId)
    throw refused('iss and sub must be the client_id');
  if (claims.aud !== issuer && !(Array.isArray(claims.aud) && claims.aud.includes(issuer)))
    throw refused('aud must be the issuer');
  const now = Math.floor(state.now() / 1000);
  if (typeof claims.iat !== 'number' || now - claims.iat > ASSERTION_MAX_AGE_SECONDS || claims.iat - now > 60)
    throw refused('client_assertion is too old');
  if (typeof claims.exp === 'number' && claims.exp < now) throw refused('client_assertion expired');
  if (typeof claims.jti !== 'string' || !claims.jti) throw refused('client_assertion jti is required');
  const seen = state.objects.of(SEEN_ASSERTIONS);
  if (seen.has(claims.jti)) throw refused('client_assertion replayed');
  seen.set(claims.jti, state.now() + 2 * ASSERTION_MAX_AGE_SECONDS * 1000);
  for (const [jti, until] of seen) if (until < state.now()) seen.delete(jti);
}
