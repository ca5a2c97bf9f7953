import { EmulatorState } from '../state/emulator-state';
import { textField } from '../state/test-user-fields';
import { buildTestUser } from '../state/test-user-factory';
import { TestUser } from '../state/test-users';
import { ControlError, objectBody } from './control-error';

const USER_ID = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * `{ id, name, …each network's fields }` (Facebook `pages`, Instagram `instagram` and
 * `pages[].instagram`, X `x`: see the networks' TestUserParts) → a new test user with fresh
 * network ids.
 */
export function parseTestUser(state: EmulatorState, input: unknown): TestUser {
  const body = objectBody(input);
  const problems: string[] = [];
  const id = typeof body.id === 'string' ? body.id : '';
  if (!USER_ID.test(id)) problems.push('id: must be 1 to 40 of A-Z a-z 0-9 _ -');
  else if (state.findUser(id)) problems.push(`id: a test user "${id}" already exists`);
  const name = textField(body.name, 'name', problems);
  const user = buildTestUser(state.registry, { id, name }, () => body, problems);
  if (problems.length) throw new ControlError('Invalid test user.', problems);
  return user;
}
