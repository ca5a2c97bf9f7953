import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';

/** Whether a Facebook token may act for a Page: its own Page token, or a user token of one of its admins. */
export function tokenActsForPage(state: EmulatorState, token: IssuedToken, pageId: string): boolean {
  if (token.network !== 'facebook') return false;
  if (token.kind === 'page') return token.subjectId === pageId;
  return token.kind === 'user' && (state.findUser(token.userId)?.pages.some((page) => page.id === pageId) ?? false);
}

/**
 * Whether a token may act for an Instagram account: an Instagram Login token of that account, or
 * (Facebook Login) a user token of an admin of the linked Page, or that Page's token.
 */
export function tokenActsForInstagram(state: EmulatorState, token: IssuedToken, igUserId: string): boolean {
  if (token.network === 'instagram') return token.subjectId === igUserId;
  if (token.network !== 'facebook') return false;
  const found = state.findInstagramAccount(igUserId);
  if (!found?.page) return false;
  if (token.kind === 'page') return token.subjectId === found.page.id;
  return token.kind === 'user' && found.users.some((user) => user.id === token.userId && user.pages.includes(found.page!));
}

export function hasScope(token: IssuedToken, ...anyOf: string[]): boolean {
  return anyOf.some((scope) => token.scopes.includes(scope));
}
