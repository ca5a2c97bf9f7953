import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';

/** Whether a Facebook token may act for a Page: its own Page token, or a user token of one of its admins. */
export function tokenActsForPage(state: EmulatorState, token: IssuedToken, pageId: string): boolean {
  if (token.network !== 'facebook') return false;
  if (token.kind === 'page') return token.subjectId === pageId;
  return token.kind === 'user' && (state.findUser(token.userId)?.pages.some((page) => page.id === pageId) ?? false);
}
