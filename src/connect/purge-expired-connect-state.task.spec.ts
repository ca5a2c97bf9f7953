import { TestClock } from '../common/clock/test-clock';
import type { TaskRegistry } from '../queue';
import type { ConnectStore } from './connect.store';
import { PurgeExpiredConnectState } from './purge-expired-connect-state.task';

describe('PurgeExpiredConnectState', () => {
  it("deletes what expired more than a day before the clock's time", async () => {
    const clock = new TestClock('2026-11-21T12:00:00Z');
    const store = { purgeExpiredBefore: jest.fn().mockResolvedValue({ attempts: 0, sessions: 0 }) };
    const purge = new PurgeExpiredConnectState(
      store as unknown as ConnectStore,
      { register: jest.fn() } as unknown as TaskRegistry,
      clock,
    );
    await purge.run();
    clock.advance(3_600_000);
    await purge.run();
    expect(store.purgeExpiredBefore.mock.calls).toEqual([
      [new Date('2026-11-20T12:00:00Z')],
      [new Date('2026-11-20T13:00:00Z')],
    ]);
  });
});
