import { createHash } from 'node:crypto';
import { randomBase62 } from '../common/ids';

/** A random single-use secret (OAuth state, session token): only its hash is stored. */
export function newOneTimeSecret(prefix: string): { value: string; hash: string } {
  const value = `${prefix}_${randomBase62(32)}`;
  return { value, hash: hashSecret(value) };
}

export function hashSecret(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** PKCE (RFC 7636): a verifier kept by us, and its S256 challenge sent to the network. */
export function newPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBase62(48);
  return { verifier, challenge: createHash('sha256').update(verifier, 'ascii').digest('base64url') };
}
