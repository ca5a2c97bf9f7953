import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import { FastifyRequest } from 'fastify';
import { absoluteUrl, requestPath } from '../http/public-url';
import { collectionKey } from '../state/object-collections';
import { EmulatorState } from '../state/emulator-state';

/**
 * DPoP proofs (https://datatracker.ietf.org/doc/html/rfc9449 §4.3) checked as an atproto
 * authorization server and PDS check them: an ES256 JWT of type dpop+jwt carrying its public key,
 * for this method and URL, fresh, never seen before, and with the server's current nonce (a proof
 * without it is answered `use_dpop_nonce`, with the nonce to use).
 */

/** How long a nonce is good for (@atproto/oauth-provider DPOP_NONCE_MAX_AGE: 3 minutes). */
export const DPOP_NONCE_LIFETIME_MS = 3 * 60_000;
/** How far a proof's `iat` may be from the server's time. */
const IAT_SKEW_SECONDS = 60;

interface NonceRecord {
  value: string;
  previous: string | undefined;
  issuedAt: number;
}
const NONCES = collectionKey<NonceRecord>('bluesky.dpop.nonce');
/** Proofs seen (jti → when they stop mattering): a replayed proof is refused. */
const SEEN_PROOFS = collectionKey<number>('bluesky.dpop.jti');

/** The nonce to hand out now: rotated every DPOP_NONCE_LIFETIME_MS, the previous one still taken. */
export function currentNonce(state: EmulatorState): string {
  const nonces = state.objects.of(NONCES);
  const now = state.now();
  const record = nonces.get('current');
  if (record && now - record.issuedAt < DPOP_NONCE_LIFETIME_MS) return record.value;
  const value = randomBytes(16).toString('base64url');
  nonces.set('current', { value, previous: record?.value, issuedAt: now });
  return value;
}

function nonceAccepted(state: EmulatorState, nonce: unknown): boolean {
  const record = state.objects.of(NONCES).get('current');
  if (!record || typeof nonce !== 'string') return false;
  if (nonce === record.value) return state.now() - record.issuedAt < DPOP_NONCE_LIFETIME_MS;
  // The previous nonce still works until the current one is a lifetime old.
  return nonce === record.previous && state.now() - record.issuedAt < DPOP_NONCE_LIFETIME_MS;
}

export type ProofCheck =
  | { ok: true; jkt: string }
  | { ok: false; problem: 'use_dpop_nonce'; message: string }
  | { ok: false; problem: 'invalid_dpop_proof'; message: string };

function decodePart(part: string | undefined): Record<string, unknown> | undefined {
  if (!part) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The JWK thumbprint (RFC 7638) of an EC public key. */
export function thumbprintOf(jwk: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
    .digest('base64url');
}

/** Verifies an ES256 compact JWS with a public EC JWK; false for anything malformed. */
export function verifyEs256(jws: string, jwk: Record<string, unknown>): boolean {
  const [header, claims, signature] = jws.split('.');
  if (!header || !claims || !signature) return false;
  try {
    const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y } as never, format: 'jwk' });
    return verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
  } catch {
    return false;
  }
}

/** The URL a proof must name for this request (`htu`): as the client reached it, without query. */
export function requestHtu(request: FastifyRequest, publicUrl: string | undefined): string {
  return absoluteUrl(request, requestPath(request), publicUrl);
}

/**
 * Checks the request's DPoP header. `accessToken` for a resource request: the proof must carry its
 * hash (`ath`). The nonce is checked last, as the reference server does, so a client learns of a
 * malformed proof before it is told to fetch a nonce.
 */
export function checkDpopProof(
  state: EmulatorState,
  request: FastifyRequest,
  options: { publicUrl: string | undefined; accessToken?: string },
): ProofCheck {
  const { accessToken } = options;
  const invalid = (message: string): ProofCheck => ({ ok: false, problem: 'invalid_dpop_proof', message });
  const header = request.headers.dpop;
  if (typeof header !== 'string' || !header) return invalid('DPoP proof required');
  const [headerPart, claimsPart] = header.split('.');
  const jose = decodePart(headerPart);
  const claims = decodePart(claimsPart);
  if (!jose || !claims) return invalid('Invalid DPoP proof');
  if (jose.typ !== 'dpop+jwt') return invalid('Invalid DPoP proof: typ must be dpop+jwt');
  if (jose.alg !== 'ES256') return invalid('Unsupported DPoP proof alg');
  const jwk = typeof jose.jwk === 'object' && jose.jwk !== null ? (jose.jwk as Record<string, unknown>) : undefined;
  if (!jwk || jwk.kty !== 'EC' || jwk.crv !== 'P-256' || 'd' in jwk) return invalid('Invalid DPoP proof: jwk');
  if (!verifyEs256(header, jwk)) return invalid('Invalid DPoP proof signature');
  if (claims.htm !== request.method) return invalid('DPoP htm mismatch');
  if (typeof claims.htu !== 'string' || normalUrl(claims.htu) !== normalUrl(requestHtu(request, options.publicUrl)))
    return invalid('DPoP htu mismatch');
  const now = Math.floor(state.now() / 1000);
  if (typeof claims.iat !== 'number' || Math.abs(claims.iat - now) > IAT_SKEW_SECONDS)
    return invalid('DPoP proof iat is not recent enough');
  if (typeof claims.jti !== 'string' || !claims.jti) return invalid('DPoP proof jti missing');
  if (accessToken !== undefined) {
    const ath = createHash('sha256').update(accessToken, 'ascii').digest('base64url');
    if (claims.ath !== ath) return invalid('DPoP ath mismatch');
  }
  if (!nonceAccepted(state, claims.nonce)) {
    currentNonce(state);
    return {
      ok: false,
      problem: 'use_dpop_nonce',
      message: 'Authorization server requires nonce in DPoP proof',
    };
  }
  const seen = state.objects.of(SEEN_PROOFS);
  if (seen.has(claims.jti)) return invalid('DPoP proof replayed');
  seen.set(claims.jti, state.now() + 2 * IAT_SKEW_SECONDS * 1000);
  for (const [jti, until] of seen) if (until < state.now()) seen.delete(jti);
  return { ok: true, jkt: thumbprintOf(jwk) };
}

/** A URL as RFC 9449 §4.3 compares them: scheme and host in lower case, default port left out; no query. */
function normalUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}
