import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { PreparedStatements } from '../../src/database/prepared-statements';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';

/** The settings' defaults, set here explicitly: the other tests lift them (test/support/test-app.ts). */
const KEY_LOOKUP_BURST = 20;

const madeUpKey = () =>
  `sps_${randomBytes(32)
    .toString('hex')
    .slice(0, 43)
    .replace(/[^0-9A-Za-z]/g, 'a')}`;

/** A storm of invalid keys must not become a database load: lookups per address are bounded. */
describe('A bad-key storm (TRUST_PROXY=1: the address is the forwarded one)', () => {
  let t: TestApp;
  let customer: TestCustomer;
  let lookups = 0;

  beforeAll(async () => {
    t = await startTestApp({
      env: { TRUST_PROXY: '1', KEY_LOOKUP_BURST: String(KEY_LOOKUP_BURST), KEY_LOOKUP_PER_SECOND: '1' },
    });
    customer = await t.createCustomer();
    // Count the key lookups the service makes (its only query through PreparedStatements that reads api_keys).
    const statements = t.app.get(PreparedStatements);
    const query = statements.query.bind(statements);
    statements.query = (async (text: string, params: unknown[]) => {
      if (text.includes('FROM api_keys')) lookups += 1;
      return query(text, params);
    }) as typeof statements.query;
  });
  afterAll(() => t.close());

  const get = (key: string, address: string) =>
    request(t.server)
      .get('/api/v1/social-accounts?tenantId=t')
      .set('Authorization', `Bearer ${key}`)
      .set('X-Forwarded-For', address);

  it('answers 401 for a while, then 429 with Retry-After, with at most a burst of lookups; a good key elsewhere still works', async () => {
    const statuses: number[] = [];
    const started = performance.now();
    for (let i = 0; i < 200; i++) {
      const key = i % 2 === 0 ? madeUpKey() : `sps_${'Z'.repeat(43)}`;
      statuses.push((await get(key, '198.51.100.7')).status);
    }
    // The bucket refills one lookup per second (KEY_LOOKUP_PER_SECOND) of however long the storm took
    // on this machine: a count of refills, not a wall-time bound.
    const refills = Math.ceil((performance.now() - started) / 1000);
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
    // Once the burst is spent, a key is looked up (and answered 401) only when a refill allows.
    const afterBurst = statuses.slice(statuses.indexOf(429));
    expect(afterBurst.filter((status) => status === 401).length).toBeLessThanOrEqual(refills);
    expect(lookups).toBeLessThanOrEqual(KEY_LOOKUP_BURST + refills);

    const last = await get(madeUpKey(), '198.51.100.7');
    expect(last.status).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(last.body).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'rate_limited', requestId: expect.any(String) }),
    });

    const good = await get(customer.apiKey, '198.51.100.8');
    expect(good.status).toBe(200);
    expect(t.app.get(ApiKeysService).recentlyInvalid.size).toBeLessThanOrEqual(
      t.app.get(ApiKeysService).recentlyInvalid.maxSize,
    );
  });

  it("never refuses a valid key for another client's bad keys from the same address (one load balancer)", async () => {
    const shared = '198.51.100.20';
    const honest = await t.createCustomer();
    expect((await get(honest.apiKey, shared)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < KEY_LOOKUP_BURST + 5; i++) statuses.push((await get(madeUpKey(), shared)).status);
    expect(statuses.at(-1)).toBe(429);
    // The cache forgets (its TTL passes, or a gap in hearing revocations): the key is looked up again.
    const apiKeys = t.app.get(ApiKeysService);
    apiKeys.cache.setListening(false);
    apiKeys.cache.setListening(true);
    const before = lookups;
    const served = await Promise.all([1, 2, 3].map(async () => (await get(honest.apiKey, shared)).status));
    expect(served).toEqual([200, 200, 200]);
    expect(lookups - before).toBe(1);
    // The bad keys are still refused: the honest key's lookup gave the address no token.
    expect((await get(madeUpKey(), shared)).status).toBe(429);
  });

  it('serves a burst of concurrent requests with one valid key not cached yet: one lookup, no 429', async () => {
    const fresh = await t.createCustomer();
    const before = lookups;
    // Twice the burst at once, from one address: each used to take a token before the first lookup answered.
    const statuses = await Promise.all(
      Array.from({ length: KEY_LOOKUP_BURST * 2 }, async () => (await get(fresh.apiKey, '198.51.100.9')).status),
    );
    expect(statuses).toEqual(Array.from({ length: KEY_LOOKUP_BURST * 2 }, () => 200));
    expect(lookups - before).toBe(1);
  });
});
