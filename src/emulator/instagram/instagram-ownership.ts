import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { findInstagramAccount } from './instagram-test-user';

/**
 * Whether a token may act for an Instagram account: an Instagram Login token of that account, or
 * (Facebook Login) a user token of an admin of the linked Page, or that Page's token.
 */
export function tokenActsForInstagram(state: EmulatorState, token: IssuedToken, igUserId: string): boolean {
  if (token.network === 'instagram') return token.subjectId === igUserId;
  if (token.network !== 'facebook') return false;
  const found = findInstagramAccount(state, igUserId);
  if (!found?.page) return false;
  if (token.kind === 'page') return token.subjectId === found.page.id;
  return (
    token.kind === 'user' && found.users.some((user) => user.id === token.userId && user.pages.includes(found.page!))
  );
}
