import { isRecord } from '../http/json-fields';
import { EcPrivateJwk } from './bluesky-dpop';

/**
 * What an atproto OAuth session's tokens are bound to, as the account keeps it
 * (AccountTokens.tokenBinding, sealed with the tokens): the DPoP private key, the authorization
 * server that issued them (refresh and revoke go there) and the PDS they are good at (every XRPC
 * call goes there, not to the entryway). An app-password session has none.
 */
export interface BlueskyTokenBinding {
  key: EcPrivateJwk;
  issuer: string;
  pds: string;
}

export function writeBinding(binding: BlueskyTokenBinding): string {
  return JSON.stringify({ v: 1, ...binding });
}

/** The binding stored with the tokens; undefined for an app-password session. Throws on one we cannot read. */
export function readBinding(stored: string | undefined): BlueskyTokenBinding | undefined {
  if (stored === undefined) return undefined;
  const value: unknown = JSON.parse(stored);
  if (!isRecord(value) || value.v !== 1 || !isRecord(value.key)) throw new Error('An unreadable Bluesky token binding');
  const { key, issuer, pds } = value;
  const text = (field: unknown) => typeof field === 'string' && field.length > 0;
  if (
    key.kty !== 'EC' ||
    key.crv !== 'P-256' ||
    !text(key.x) ||
    !text(key.y) ||
    !text(key.d) ||
    !text(issuer) ||
    !text(pds)
  )
    throw new Error('An unreadable Bluesky token binding');
  return {
    key: { kty: 'EC', crv: 'P-256', x: String(key.x), y: String(key.y), d: String(key.d) },
    issuer: String(issuer),
    pds: String(pds),
  };
}
