import { EmulatorState } from '../state/emulator-state';
import { graphId } from '../state/emulator-ids';
import { newFacebookPage, newInstagramAccount, newXProfile, TestUser } from '../state/test-users';
import { ControlError, objectBody } from './control-error';

const USER_ID = /^[A-Za-z0-9_-]{1,40}$/;
const HANDLE = /^[A-Za-z0-9._]{1,30}$/;

function text(value: unknown, name: string, problems: string[]): string {
  if (typeof value !== 'string' || !value.trim() || value.length > 100) problems.push(`${name}: must be 1 to 100 characters`);
  return typeof value === 'string' ? value.trim() : '';
}

function handle(value: unknown, fallbackName: string, name: string, problems: string[]): { username: string; name: string } {
  const body = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (typeof body.username !== 'string' || !HANDLE.test(body.username)) problems.push(`${name}.username: must be 1 to 30 of A-Z a-z 0-9 . _`);
  return { username: String(body.username ?? ''), name: body.name === undefined ? fallbackName : text(body.name, `${name}.name`, problems) };
}

/**
 * `{ id, name, pages?: [{ name, instagram?: { username, name? } }], instagram?: {…}, x?: { username, name? } }`
 * → a new test user with fresh network ids.
 */
export function parseTestUser(state: EmulatorState, input: unknown): TestUser {
  const body = objectBody(input);
  const problems: string[] = [];
  const id = typeof body.id === 'string' ? body.id : '';
  if (!USER_ID.test(id)) problems.push('id: must be 1 to 40 of A-Z a-z 0-9 _ -');
  else if (state.findUser(id)) problems.push(`id: a test user "${id}" already exists`);
  const name = text(body.name, 'name', problems);
  const pagesInput = body.pages ?? [];
  if (!Array.isArray(pagesInput) || pagesInput.length > 20) problems.push('pages: must be an array of at most 20 pages');
  const pages = (Array.isArray(pagesInput) ? pagesInput : []).map((page: unknown, index) => {
    const pageBody = typeof page === 'object' && page !== null ? (page as Record<string, unknown>) : {};
    const pageName = text(pageBody.name, `pages[${index}].name`, problems);
    const instagram = pageBody.instagram === undefined ? undefined : handle(pageBody.instagram, pageName, `pages[${index}].instagram`, problems);
    return newFacebookPage(pageName, instagram && newInstagramAccount(instagram.username, instagram.name));
  });
  const instagram = body.instagram === undefined ? undefined : handle(body.instagram, name, 'instagram', problems);
  const x = body.x === undefined ? undefined : handle(body.x, name, 'x', problems);
  if (problems.length) throw new ControlError('Invalid test user.', problems);
  // The same handle on a Page and for Instagram Login is one account, reachable both ways.
  const linked = instagram && pages.find((page) => page.instagram?.username === instagram.username)?.instagram;
  return {
    id,
    name,
    facebookUserId: graphId(),
    pages,
    instagram: linked ?? (instagram && newInstagramAccount(instagram.username, instagram.name)),
    x: x && newXProfile(x.username, x.name),
  };
}
