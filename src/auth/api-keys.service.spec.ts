import { TestClock } from '../common/clock/test-clock';
import type { AppConfig } from '../config';
import type { CustomerModes, CustomersStore } from '../customers';
import type { Database } from '../database';
import { generateApiKey, hashApiKey } from './api-key-format';
import type { ApiKeysStore, KeyOwner } from './api-keys.store';
import { ApiKeysService } from './api-keys.service';

/**
 * When a key's last_used_at is written, with the time set by a TestClock. The api_keys table is a
 * stand-in that keeps what touch wrote; which lookups write, and what, is the service's own. The
 * cache is not listening here (no database to hear revocations from), so every request looks the
 * key up, as a request does once the cache has let the key go.
 */

const MINUTE = 60_000;

function world(lastUsedAt: Date | null) {
  const clock = new TestClock('2026-11-21T12:00:00Z');
  const secret = generateApiKey('live');
  const row: KeyOwner = {
    keyId: 'key_1',
    customerId: 'cus_1',
    customerName: 'Acme',
    mode: 'live',
    liveCustomerId: 'cus_1',
    lastUsedAt,
  };
  const writes: Date[] = [];
  const store = {
    findActiveByHash: jest.fn((hash: string) =>
      Promise.resolve(hash === hashApiKey(secret.plaintext) ? { ...row } : undefined),
    ),
    touch: jest.fn((id: string, at: Date) => {
      expect(id).toBe('key_1');
      writes.push(at);
      row.lastUsedAt = at;
      return Promise.resolve();
    }),
  };
  const config = { keyLookups: { burst: 1000, perSecond: 1000 }, apiKeysPerCustomer: 50 } as AppConfig;
  const service = new ApiKeysService(
    store as unknown as ApiKeysStore,
    {} as CustomersStore,
    {} as Database,
    {} as CustomerModes,
    config,
    clock,
  );
  const use = async () => {
    const caller = await service.authenticate(secret.plaintext, '203.0.113.7');
    expect(caller).toEqual(expect.objectContaining({ apiKeyId: 'key_1', customerId: 'cus_1' }));
  };
  return { clock, writes, use };
}

describe('ApiKeysService: last_used_at', () => {
  it("is written at the clock's time on a key's first use", async () => {
    const { writes, use } = world(null);
    await use();
    expect(writes).toEqual([new Date('2026-11-21T12:00:00Z')]);
  });

  it('is written at most once per minute, and again once the minute has passed', async () => {
    const { clock, writes, use } = world(null);
    await use();
    clock.advance(30_000);
    await use();
    clock.advance(30_000); // exactly a minute after the write: still within it
    await use();
    expect(writes).toEqual([new Date('2026-11-21T12:00:00Z')]);
    clock.advance(1);
    await use();
    await use();
    expect(writes).toEqual([new Date('2026-11-21T12:00:00Z'), new Date('2026-11-21T12:01:00.001Z')]);
  });

  it('is written at once for a key last used long ago, and not for one used a moment ago', async () => {
    const stale = world(new Date('2026-11-21T11:00:00Z'));
    await stale.use();
    expect(stale.writes).toEqual([new Date('2026-11-21T12:00:00Z')]);

    const fresh = world(new Date('2026-11-21T11:59:30Z'));
    await fresh.use();
    expect(fresh.writes).toEqual([]);
    fresh.clock.advance(MINUTE / 2);
    await fresh.use();
    expect(fresh.writes).toEqual([]);
    fresh.clock.advance(1);
    await fresh.use();
    expect(fresh.writes).toEqual([new Date('2026-11-21T12:00:30.001Z')]);
  });
});
