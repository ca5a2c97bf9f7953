import { FastifyRequest } from 'fastify';
import { absoluteUrl, requestPath } from '../http/public-url';
import { collectionKey } from '../state/object-collections';
import { EmulatorState } from '../state/emulator-state';

/**
 * What the emulated authorization server keeps between the steps of atproto OAuth, as plain data in
 * the world's state: the pushed requests (until authorize and the code use them) and, per grant,
 * the DPoP key its tokens are bound to.
 */

/** A pushed authorization request (RFC 9126), by its request_uri. */
export interface PushedRequest {
  requestUri: string;
  clientId: string;
  /** The authorize parameters as pushed. */
  params: Record<string, string>;
  /** The thumbprint of the PAR's DPoP key: the code is redeemed with a proof of the same key. */
  jkt: string;
  expiresAt: number;
  /** Set once the authorize page was opened with it. */
  used: boolean;
}
export const PUSHED_REQUESTS = collectionKey<PushedRequest>('bluesky.oauth.par');

/** How long a request_uri is good for (@atproto/oauth-provider PAR_EXPIRES_IN: 5 minutes). */
export const PAR_LIFETIME_SECONDS = 300;

/** One OAuth grant's binding: its client and the DPoP key (thumbprint) every use of its tokens must prove. */
export interface BoundGrant {
  clientId: string;
  jkt: string;
  scopes: string[];
}
export const BOUND_GRANTS = collectionKey<BoundGrant>('bluesky.oauth.grant');

export function boundGrant(state: EmulatorState, grantId: string): BoundGrant | undefined {
  return state.objects.of(BOUND_GRANTS).get(grantId);
}

/** The pushed request a code's PKCE challenge came from (each attempt has its own challenge). */
export function pushedRequestFor(
  state: EmulatorState,
  clientId: string,
  codeChallenge: string,
): PushedRequest | undefined {
  for (const pushed of state.objects.of(PUSHED_REQUESTS).values())
    if (pushed.clientId === clientId && pushed.params.code_challenge === codeChallenge) return pushed;
  return undefined;
}

/**
 * The emulated Bluesky's base URL as the caller reached it (the issuer, the PDS and the PLC
 * directory all live below it): the request's path up to the emulator's Bluesky routes.
 */
export function blueskyBaseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  const path = requestPath(request);
  const at = path.search(/\/(oauth|\.well-known|plc|xrpc)(\/|$)/);
  return absoluteUrl(request, at === -1 ? path : path.slice(0, at), publicUrl);
}

/** The service's public base URL each Bluesky request was served under (EmulatorContext.publicUrl), for its proof's `htu`. */
const publicUrls = new WeakMap<FastifyRequest, string | undefined>();

export function rememberPublicUrl(request: FastifyRequest, publicUrl: string | undefined): void {
  publicUrls.set(request, publicUrl);
}

export function publicUrlOf(request: FastifyRequest): string | undefined {
  return publicUrls.get(request);
}
