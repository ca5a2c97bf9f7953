import { IssuedToken } from '../state/credentials';

/** Whether the token was granted any of these permissions (Graph names the same right differently per login). */
export function hasScope(token: IssuedToken, ...anyOf: string[]): boolean {
  return anyOf.some((scope) => token.scopes.includes(scope));
}
