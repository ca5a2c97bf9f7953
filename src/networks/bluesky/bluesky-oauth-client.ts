import { createPrivateKey, createPublicKey, JsonWebKey, KeyObject, randomBytes } from 'node:crypto';
import { ConfigError } from '../../config';
import { jwkThumbprint, publicJwk, signEs256 } from './bluesky-dpop';

/** The scopes the service asks (https://atproto.com/specs/oauth#authorization-scopes): what an app password may do. */
export const BLUESKY_OAUTH_SCOPE = 'atproto transition:generic';

/** How long a client assertion is good for: the reference server takes them up to a minute old. */
const ASSERTION_LIFETIME_SECONDS = 60;

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** What the flow needs of a client: its id, and the form fields that authenticate it to an issuer. */
export interface BlueskyClientIdentity {
  readonly clientId: string;
  authentication(issuer: string): Record<string, string>;
}

/**
 * atproto's development client (https://atproto.com/specs/oauth#localhost-client-development): a
 * public client whose id is `http://localhost` with its redirect URI and scope in the query, known
 * to every authorization server without a metadata document, and without client authentication. The
 * service never configures it: it is how the tests drive a real PDS, which cannot fetch a metadata
 * document from a test's http address.
 */
export class BlueskyLoopbackClient implements BlueskyClientIdentity {
  readonly clientId: string;

  /** `redirectUri`: an http://127.0.0.1 URL (the spec refuses `localhost` there). */
  constructor(readonly redirectUri: string) {
    const query = new URLSearchParams({ redirect_uri: redirectUri, scope: BLUESKY_OAUTH_SCOPE });
    this.clientId = `http://localhost?${query.toString()}`;
  }

  authentication(): Record<string, string> {
    return { client_id: this.clientId };
  }
}

/**
 * The service as an atproto OAuth client: a confidential web client (https://atproto.com/specs/oauth#clients)
 * that authenticates with `private_key_jwt`. Confidential, not public, because the reference
 * authorization server keeps a confidential client's session for up to two years, refreshed at
 * least every three months, and a public client's for two weeks only: an account connected once
 * keeps publishing. Its client id is the URL of its metadata document, which the service serves
 * itself, with the public key at `jwks_uri`.
 */
export class BlueskyOAuthClient implements BlueskyClientIdentity {
  readonly clientId: string;
  readonly jwksUri: string;
  readonly redirectUri: string;
  private readonly clientUri: string;
  private readonly publicKey: { kty: string; crv: string; x: string; y: string };

  constructor(
    publicUrl: string,
    private readonly key: KeyObject,
    readonly keyId: string,
    private readonly clientName: string,
  ) {
    this.clientId = `${publicUrl}/oauth/bluesky/client-metadata.json`;
    this.jwksUri = `${publicUrl}/oauth/bluesky/jwks.json`;
    // The service's own callback for the network (connect's callbackUrlFor), the one redirect URI.
    this.redirectUri = `${publicUrl}/oauth/bluesky/callback`;
    this.publicKey = ecPublicJwk(key);
    this.clientUri = publicUrl;
  }

  /** The client metadata document (served at clientId). */
  metadata(): Record<string, unknown> {
    return {
      client_id: this.clientId,
      client_name: this.clientName,
      client_uri: this.clientUri,
      application_type: 'web',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: BLUESKY_OAUTH_SCOPE,
      redirect_uris: [this.redirectUri],
      token_endpoint_auth_method: 'private_key_jwt',
      token_endpoint_auth_signing_alg: 'ES256',
      jwks_uri: this.jwksUri,
      dpop_bound_access_tokens: true,
    };
  }

  /** The public key set (served at jwksUri). */
  jwks(): { keys: Record<string, string>[] } {
    return { keys: [{ ...this.publicKey, kid: this.keyId, use: 'sig', alg: 'ES256' }] };
  }

  /** The form fields that authenticate the client to `issuer` (RFC 7523 §2.2): a fresh assertion each time. */
  authentication(issuer: string, now: Date = new Date()): Record<string, string> {
    const iat = Math.floor(now.getTime() / 1000);
    const assertion = signEs256(
      { alg: 'ES256', kid: this.keyId, typ: 'JWT' },
      {
        iss: this.clientId,
        sub: this.clientId,
        aud: issuer,
        jti: randomBytes(16).toString('base64url'),
        iat,
        exp: iat + ASSERTION_LIFETIME_SECONDS,
      },
      this.key,
    );
    return { client_id: this.clientId, client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: assertion };
  }
}

/**
 * The client from BLUESKY_OAUTH_PRIVATE_KEY (a P-256 private key, PEM or JWK JSON), or undefined
 * when it is not set (users then connect with app passwords only).
 */
export function loadBlueskyOAuthClient(
  publicUrl: string,
  privateKey: string | undefined,
  keyId: string | undefined,
  clientName: string,
): BlueskyOAuthClient | undefined {
  if (!privateKey) return undefined;
  let key: KeyObject;
  try {
    const text = privateKey.replace(/\\n/g, '\n').trim();
    key = text.startsWith('{')
      ? createPrivateKey({ key: JSON.parse(text) as JsonWebKey, format: 'jwk' })
      : createPrivateKey(text);
  } catch {
    throw new ConfigError(['BLUESKY_OAUTH_PRIVATE_KEY: not a private key (PEM or JWK)']);
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new ConfigError(['BLUESKY_OAUTH_PRIVATE_KEY: must be a P-256 (ES256) key']);
  const kid = keyId || jwkThumbprint(ecPublicJwk(key));
  return new BlueskyOAuthClient(publicUrl, key, kid, clientName);
}

/** The public JWK of an EC key. */
function ecPublicJwk(key: KeyObject): { kty: string; crv: string; x: string; y: string } {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  if (jwk.kty !== 'EC' || !jwk.crv || !jwk.x || !jwk.y)
    throw new ConfigError(['BLUESKY_OAUTH_PRIVATE_KEY: not an EC key']);
  return publicJwk({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y });
}
