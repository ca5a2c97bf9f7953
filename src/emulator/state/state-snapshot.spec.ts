import { builtInEmulatorRegistry } from '../emulated-networks';
import { EmulatorState } from './emulator-state';
import { snapshotOf, stateFromSnapshot } from './state-snapshot';
import { worldClientId, worldMark, worldsNamedIn } from '../../networks/apps/test-world-mark';

describe('EmulatorState snapshots (a sandbox kept as JSON)', () => {
  const registry = builtInEmulatorRegistry();

  it('comes back the same after a trip through JSON text, Maps and counters included', () => {
    const state = new EmulatorState({ registry, world: 'cus_abc123' });
    state.credentials.saveCode({
      value: 'c1',
      network: 'x',
      clientId: 'app',
      redirectUri: 'https://s/cb',
      userId: 'ada',
      scopes: ['a'],
      issuedAt: 1,
      expiresAt: 2,
      used: false,
    });
    state.faults.add({ network: 'x', kind: 'server_error', remaining: 2 });
    state.published.record({
      network: 'x',
      accountId: '1',
      postId: 'p',
      text: 'hi',
      media: [],
      permalink: 'https://x/p',
      publishedAt: '2026-01-01T00:00:00.000Z',
    });
    state.objects.of<{ status: string }>({ name: 'things' }).set('t1', { status: 'ready' });
    state.rateWindows.hit('tweets:1', 10, 60_000, true);
    state.apps.register('customer-app', 'its-secret', {
      requireAppSecretProof: true,
      loginConfigurations: [{ id: '42', permissions: ['pages_show_list'] }],
    });
    state.apps.register(worldClientId('cus_abc123'), 'derived');

    const json = JSON.parse(JSON.stringify(snapshotOf(state, [worldClientId('cus_abc123')])));
    const back = stateFromSnapshot(registry, json, { world: 'cus_abc123' });

    expect(back.listUsers()).toEqual(state.listUsers());
    expect(back.credentials.findCode('c1')).toEqual(state.credentials.findCode('c1'));
    expect(back.faults.list()).toEqual(state.faults.list());
    expect(back.faults.add({ network: 'x', kind: 'slow' }).id).toBe(2);
    expect(back.published.list()).toEqual(state.published.list());
    expect(back.objects.of<{ status: string }>({ name: 'things' }).get('t1')).toEqual({ status: 'ready' });
    expect(back.rateWindows.hit('tweets:1', 10, 60_000, true).remaining).toBe(8);
    expect(back.apps.verify('customer-app', 'its-secret')).toBe(true);
    expect(back.apps.requiresAppSecretProof('customer-app')).toBe(true);
    expect(back.apps.loginConfiguration('customer-app', '42')?.permissions).toEqual(['pages_show_list']);
    // The world's own app is never stored: whoever loads the world registers it again.
    expect(json.apps[worldClientId('cus_abc123')]).toBeUndefined();
  });

  it('marks codes and tokens issued in a sandbox with its world, and only there', () => {
    expect(new EmulatorState({ registry, world: 'cus_abc123' }).credentialSuffix).toBe(worldMark('cus_abc123'));
    expect(new EmulatorState({ registry }).credentialSuffix).toBe('');
  });

  it('finds the worlds a request names, in client ids and in token values', () => {
    expect([...worldsNamedIn([`/graph/me?access_token=EAAxyz${worldMark('cus_A1')}`])]).toEqual(['cus_A1']);
    expect([...worldsNamedIn([`client_id=${worldClientId('cus_B2')}&code=abc${worldMark('cus_B2')}`])]).toEqual([
      'cus_B2',
    ]);
    expect(worldsNamedIn(['Bearer EAAplain', 'client_id=emulator-app']).size).toBe(0);
    expect(worldsNamedIn([worldMark('cus_A1'), worldMark('cus_B2')]).size).toBe(2);
  });
});
