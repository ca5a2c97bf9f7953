import { builtInEmulatorRegistry } from '../emulated-networks';
import { findPage } from '../facebook/facebook-test-user';
import { findInstagramAccount } from '../instagram/instagram-test-user';
import { findXProfile } from '../x/x-test-user';
import { EmulatorState } from './emulator-state';
import { stateFromSnapshot, snapshotOf } from './state-snapshot';
import { buildTestUser } from './test-user-factory';

describe('EmulatorState user lookups', () => {
  const registry = builtInEmulatorRegistry();
  const newUser = (id: string) => {
    const problems: string[] = [];
    const user = buildTestUser(
      registry,
      { id, name: id },
      () => ({ pages: [{ name: `${id} page`, instagram: { username: `${id}_ig` } }], x: { username: `${id}_x` } }),
      problems,
    );
    expect(problems).toEqual([]);
    return user;
  };

  it('finds an added user by id and by each of its accounts, on every network', () => {
    const state = new EmulatorState({ registry });
    const carol = newUser('carol');
    state.addUser(carol);
    expect(state.findUser('carol')).toBe(carol);
    const page = carol.pages[0]!;
    expect(findPage(state, page.id)).toEqual({ user: carol, page });
    expect(findInstagramAccount(state, page.instagram!.id)).toEqual({
      account: page.instagram,
      page,
      users: [carol],
    });
    expect(findXProfile(state, carol.x!.id)).toEqual({ user: carol, profile: carol.x });
    expect(state.usersHolding(carol.facebookUserId)).toEqual([carol]);
    expect(state.usersHolding('0')).toEqual([]);
  });

  it('forgets added users on reset and keeps the seeded ones; a restored world is looked up the same', () => {
    const state = new EmulatorState({ registry });
    const dave = newUser('dave');
    state.addUser(dave);
    const back = stateFromSnapshot(registry, JSON.parse(JSON.stringify(snapshotOf(state, []))), {});
    expect(back.findUser('dave')?.pages[0]?.id).toBe(dave.pages[0]!.id);
    expect(findPage(back, dave.pages[0]!.id)?.user.id).toBe('dave');

    state.reset();
    expect(state.findUser('dave')).toBeUndefined();
    expect(findPage(state, dave.pages[0]!.id)).toBeUndefined();
    const seeded = state.listUsers()[0]!;
    expect(state.findUser(seeded.id)).toBe(seeded);
    expect(findPage(state, seeded.pages[0]!.id)?.user).toBe(seeded);
  });
});
