import { createECDH, createHash, createPrivateKey, hkdfSync, KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * DPoP (https://datatracker.ietf.org/doc/html/rfc9449) as atproto OAuth requires it
 * (https://atproto.com/specs/oauth#dpop): every call to the authorization server and to the PDS
 * carries a proof, an ES256 JWT signed by the key the tokens are bound to.
 */

/** A P-256 key as a private JWK (RFC 7517), the form it is stored in. */
export interface EcPrivateJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  d: string;
}

/** The order of P-256's group: a private scalar is in [1, n-1]. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/**
 * The DPoP key of a connect attempt, derived from its secret (HKDF-SHA256): the callback derives the
 * same key to redeem the code with, so nothing but the sealed secret is kept between the two.
 */
export function dpopKeyFromSecret(secret: string): EcPrivateJwk {
  const okm = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), 'bluesky-dpop-key', 40));
  // 40 bytes reduced modulo n-1 (+1): a scalar in range, with a bias far below anything measurable.
  const scalar = (BigInt(`0x${okm.toString('hex')}`) % (P256_ORDER - 1n)) + 1n;
  const d = Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey(); // 0x04 || x || y
  return {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
    d: d.toString('base64url'),
  };
}

/** The public half of a JWK, as a proof's header carries it. */
export function publicJwk(jwk: { kty: string; crv: string; x: string; y: string }): {
  kty: string;
  crv: string;
  x: string;
  y: string;
} {
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
}

/** The JWK thumbprint (RFC 7638) of an EC key: what a bound token's `cnf.jkt` names. */
export function jwkThumbprint(jwk: { crv: string; kty: string; x: string; y: string }): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** A compact JWS signed with ES256 (R || S, as JWS writes ECDSA signatures). */
export function signEs256(header: object, claims: object, key: KeyObject): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part(header)}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/** `ath`: the base64url SHA-256 of the access token a resource request carries. */
export function accessTokenHash(accessToken: string): string {
  return createHash('sha256').update(accessToken, 'ascii').digest('base64url');
}

/** The URL a proof names (`htu`): without query and fragment. */
export function proofUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** One DPoP key, signing proofs. */
export class DpopKey {
  private readonly key: KeyObject;
  readonly jwk: EcPrivateJwk;

  constructor(jwk: EcPrivateJwk) {
    this.jwk = jwk;
    this.key = createPrivateKey({ key: { ...jwk }, format: 'jwk' });
  }

  get thumbprint(): string {
    return jwkThumbprint(this.jwk);
  }

  /** A proof for one request; `accessToken` for a resource request (its `ath`), `nonce` once the server gave one. */
  proof(method: string, url: string, options: { nonce?: string; accessToken?: string; now?: Date } = {}): string {
    const now = options.now ?? new Date();
    return signEs256(
      { typ: 'dpop+jwt', alg: 'ES256', jwk: publicJwk(this.jwk) },
      {
        jti: randomBytes(16).toString('base64url'),
        htm: method.toUpperCase(),
        htu: proofUrl(url),
        iat: Math.floor(now.getTime() / 1000),
        ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
        ...(options.accessToken === undefined ? {} : { ath: accessTokenHash(options.accessToken) }),
      },
      this.key,
    );
  }
}
