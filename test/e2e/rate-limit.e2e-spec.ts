import request from 'supertest';
import { generateApiKey } from '../../src/auth/api-key-format';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { CustomerKeysService } from '../../src/auth/customer-keys.service';
import { ApiException } from '../../src/common/errors/api-exception';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';
import { pace } from '../support/until';

/**
 * 1 request a second, 3 at once: the 4th quick request of a key is over the limit. (A slow refill
 * keeps "quick" true even on a busy machine.)
 */
const PER_SECOND = 1;
const BURST = 3;
/** Active keys a customer may hold per mode, small enough to reach. */
const KEYS_PER_CUSTOMER = 4;
const LIST = '/api/v1/social-accounts?tenantId=t1';
const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'];

describe('Rate limits per customer and mode, and the keys a customer may hold', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        RATE_LIMIT_PER_SECOND: String(PER_SECOND),
        RATE_LIMIT_BURST: String(BURST),
        API_KEYS_PER_CUSTOMER: String(KEYS_PER_CUSTOMER),
      },
    });
  });
  afterAll(() => t.close());

  const list = (apiKey: string) => request(t.server).get(LIST).set('Authorization', `Bearer ${apiKey}`);

  /** Uses up a new key's burst, checking the headers of each success on the way. */
  async function exhaust(customer: TestCustomer): Promise<void> {
    for (let remaining = BURST - 1; remaining >= 0; remaining--) {
      const response = await list(customer.apiKey).expect(200);
      expect(response.headers['x-ratelimit-limit']).toBe(String(BURST));
      expect(response.headers['x-ratelimit-remaining']).toBe(String(remaining));
    }
  }

  it('puts the headers on successes: the limit, what is left, and the seconds until the bucket is full again', async () => {
    const customer = await t.createCustomer();
    const response = await list(customer.apiKey).expect(200);
    expect(response.headers).toMatchObject({
      'x-ratelimit-limit': '3',
      'x-ratelimit-remaining': '2',
      'x-ratelimit-reset': '1',
    });
    expect(response.headers['retry-after']).toBeUndefined();
    // Errors after the key is accepted carry them too.
    const missing = await request(t.server)
      .delete('/api/v1/social-accounts/acc_unknown')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .expect(404);
    expect(missing.headers['x-ratelimit-remaining']).toBe('1');
  });

  it('answers the 4th quick request with 429 rate_limited in the envelope, with Retry-After and the headers', async () => {
    const customer = await t.createCustomer();
    await exhaust(customer);
    const refused = await list(customer.apiKey).expect(429);
    expect(refused.body).toEqual({
      success: false,
      error: { code: 'rate_limited', message: expect.any(String), requestId: refused.headers['x-request-id'] },
    });
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-ratelimit-reset']).toMatch(/^[123]$/);
    expect(refused.headers['retry-after']).toBe('1');
  });

  it('succeeds again after waiting Retry-After seconds', async () => {
    const customer = await t.createCustomer();
    await exhaust(customer);
    const refused = await list(customer.apiKey).expect(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
    await pace(retryAfter * 1000, 'the bucket refills over Retry-After seconds');
    const again = await list(customer.apiKey).expect(200);
    expect(again.headers['x-ratelimit-limit']).toBe('3');
  });

  it("gives all of a customer's keys of one mode one bucket: more keys never give more rate (a test key counts apart)", async () => {
    const customer = await t.createCustomer();
    await exhaust(customer);
    await list(customer.apiKey).expect(429);
    // Every further key the customer may hold is refused as well: the bucket is the customer's.
    const keys = t.app.get(ApiKeysService);
    for (let held = 1; held < KEYS_PER_CUSTOMER; held++) {
      const another = await keys.create(customer.id, `another ${held}`);
      const refused = await list(another.plaintext).expect(429);
      expect(refused.body.error.code).toBe('rate_limited');
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    }
    // The test world is another bucket: throttling live keys leaves test keys alone, and back.
    const testKey = await t.app.get(CustomerKeysService).create(customer.id, 'test');
    const test = await list(testKey.plaintext).expect(200);
    expect(test.headers['x-ratelimit-remaining']).toBe('2');
    await list(customer.apiKey).expect(429);
  });

  it('bounds the active keys of a customer per mode (API_KEYS_PER_CUSTOMER): one more is 409 api_key_limit_reached until one is revoked', async () => {
    const customer = await t.createCustomer();
    const keys = t.app.get(ApiKeysService);
    const made = [customer.apiKeyId];
    for (let held = 1; held < KEYS_PER_CUSTOMER; held++) made.push((await keys.create(customer.id)).key.id);
    const refusal = await keys.create(customer.id).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ApiException);
    expect(refusal).toMatchObject({ status: 409, code: 'api_key_limit_reached' });
    expect((refusal as ApiException).message).toMatch(/API_KEYS_PER_CUSTOMER/);
    // Many at once cannot slip past the bound together either.
    await keys.revoke(made[0]!);
    const racing = await Promise.allSettled(Array.from({ length: 5 }, () => keys.create(customer.id)));
    expect(racing.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect((await keys.list(customer.id)).filter((key) => !key.revokedAt)).toHaveLength(KEYS_PER_CUSTOMER);
    // The test world has its own bound.
    const worlds = t.app.get(CustomerKeysService);
    for (let held = 0; held < KEYS_PER_CUSTOMER; held++) await worlds.create(customer.id, 'test');
    await expect(worlds.create(customer.id, 'test')).rejects.toMatchObject({ code: 'api_key_limit_reached' });
  });

  it('refuses a throttled request before reading its body', async () => {
    const customer = await t.createCustomer();
    await exhaust(customer);
    // A text body would be a 415, and one over BODY_LIMIT_BYTES a 413, had the body been read.
    await request(t.server)
      .post('/api/v1/posts')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .set('Content-Type', 'text/plain')
      .send('x'.repeat(2 * 1024 * 1024))
      .expect(429);
  });

  it('neither counts nor reveals anything for a request without a valid key (401), even when the key it names is throttled', async () => {
    const customer = await t.createCustomer();
    const revoked = await t.app.get(ApiKeysService).create(customer.id, 'revoked');
    await t.app.get(ApiKeysService).revoke(revoked.key.id);
    const bad = [
      () => request(t.server).get(LIST),
      () => request(t.server).get(LIST).set('Authorization', `Bearer ${generateApiKey().plaintext}`),
      () => request(t.server).get(LIST).set('Authorization', 'Bearer not-a-key'),
      () => request(t.server).get(LIST).set('Authorization', `Bearer ${revoked.plaintext}`),
      () => request(t.server).get(LIST).set('Authorization', `Basic ${customer.apiKey}`),
    ];
    for (let round = 0; round < 3; round++) {
      for (const call of bad) {
        const response = await call().expect(401);
        expect(response.body.error.code).toBe('unauthorized');
        for (const header of RATE_HEADERS) expect(response.headers[header]).toBeUndefined();
      }
    }
    // The customer's key still has its whole burst.
    const first = await list(customer.apiKey).expect(200);
    expect(first.headers['x-ratelimit-remaining']).toBe('2');

    // Throttled or not, the key's bucket is no one else's business: a wrong key still gets only 401.
    await list(customer.apiKey).expect(200);
    await list(customer.apiKey).expect(200);
    await list(customer.apiKey).expect(429);
    const stranger = await request(t.server).get(LIST).set('Authorization', `Bearer ${revoked.plaintext}`).expect(401);
    for (const header of RATE_HEADERS) expect(stranger.headers[header]).toBeUndefined();
  });

  it('does not limit the routes outside the API: health and the docs', async () => {
    const customer = await t.createCustomer();
    await exhaust(customer);
    for (let i = 0; i < BURST + 2; i++) {
      const health = await request(t.server)
        .get('/health')
        .set('Authorization', `Bearer ${customer.apiKey}`)
        .expect(200);
      expect(health.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const docs = await request(t.server)
      .get('/api/docs.json')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .expect(200);
    expect(docs.headers['x-ratelimit-limit']).toBeUndefined();
  });
});
