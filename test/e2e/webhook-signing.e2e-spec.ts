import { Database } from '../../src/database/database';
import { createHmac } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { SecretBox } from '../../src/common/crypto/secret-box';
import { EventOutbox } from '../../src/webhooks/event-outbox';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';
import { Receipt, WebhookReceiver } from '../support/webhook-receiver';

/** Fast retries, so a retry is seen within the test. */
const SCHEDULE = '0s,1s,1s';
const GENERATED_SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

/** The hex signature, as docs/webhooks.md has receivers check it. */
const hexValid = (receipt: Receipt, secret: string) =>
  receipt.headers['x-service-signature'] === createHmac('sha256', secret).update(receipt.raw).digest('hex');

function standardHeaders(receipt: Receipt): Record<string, string> {
  return {
    'webhook-id': String(receipt.headers['webhook-id']),
    'webhook-timestamp': String(receipt.headers['webhook-timestamp']),
    'webhook-signature': String(receipt.headers['webhook-signature']),
  };
}

/** Verified by the standardwebhooks npm package, as a receiver would. */
function libraryAccepts(receipt: Receipt, librarySecret: string): boolean {
  try {
    new Webhook(librarySecret).verify(receipt.raw.toString('utf8'), standardHeaders(receipt));
    return true;
  } catch {
    return false;
  }
}

/** What the docs tell a customer with a secret of their own to give the library. */
const librarySecretOf = (customerSecret: string) => `whsec_${Buffer.from(customerSecret, 'utf8').toString('base64')}`;

describe('Webhook signing', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  const api = (customer: TestCustomer) => ({
    put: (body: object) =>
      request(t.server).put('/api/v1/webhooks').set('Authorization', `Bearer ${customer.apiKey}`).send(body),
    get: () => request(t.server).get('/api/v1/webhooks').set('Authorization', `Bearer ${customer.apiKey}`),
    rotate: (body: object = {}) =>
      request(t.server)
        .post('/api/v1/webhooks/secret/rotate')
        .set('Authorization', `Bearer ${customer.apiKey}`)
        .send(body),
    test: () => request(t.server).post('/api/v1/webhooks/test').set('Authorization', `Bearer ${customer.apiKey}`),
  });

  /** Sends the test event and answers what the receiver got. */
  async function testDelivery(customer: TestCustomer): Promise<Receipt> {
    const sent = await api(customer).test();
    expect(sent.body.data.delivered).toBe(true);
    return receiver.receiptsOf(sent.body.data.eventId)[0]!;
  }

  beforeAll(async () => {
    receiver = await WebhookReceiver.started();
    t = await startTestApp({
      env: { ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: SCHEDULE, WEBHOOK_TIMEOUT_MS: '2000' },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.down();
  });

  describe('secrets the service makes', () => {
    it('a PUT without webhook_secret gets one, whsec_ and 32 random bytes, shown once', async () => {
      const customer = await t.createCustomer();
      const put = await api(customer).put({ url: receiver.url });
      expect(put.status).toBe(200);
      const secret = put.body.data.webhookSecret as string;
      expect(secret).toMatch(GENERATED_SECRET);
      expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
      expect(put.body.data.secretLast4).toBe(secret.slice(-4));
      const got = await api(customer).get();
      expect(got.body.data).not.toHaveProperty('webhookSecret');
      expect(JSON.stringify(got.body)).not.toContain(secret);
      const [stored] = await t.db.query<{ secret_encrypted: string }>(
        'SELECT secret_encrypted FROM webhook_endpoints WHERE customer_id = $1',
        [customer.id],
      );
      expect(stored!.secret_encrypted).not.toContain(secret.slice('whsec_'.length, 20));
      // Two customers never get the same one.
      const other = await api(await t.createCustomer()).put({ url: receiver.url });
      expect(other.body.data.webhookSecret).not.toBe(secret);
    });

    it('a secret the customer chooses is not shown back, and must have 24 characters (400 in the envelope)', async () => {
      const customer = await t.createCustomer();
      const chosen = await api(customer).put({ url: receiver.url, webhook_secret: 'my-own-secret-of-24-char' });
      expect(chosen.status).toBe(200);
      expect(chosen.body.data).not.toHaveProperty('webhookSecret');
      const short = await api(customer).put({ url: receiver.url, webhook_secret: 'only-23-characters-long' });
      expect(short.status).toBe(400);
      expect(short.body).toEqual({
        success: false,
        error: expect.objectContaining({
          code: 'validation_failed',
          details: [{ field: 'webhook_secret', message: 'webhook_secret must be 24-256 characters' }],
        }),
      });
    });

    it('an endpoint set earlier with a 16-character secret keeps being signed with it', async () => {
      const customer = await t.createCustomer();
      await api(customer).put({ url: receiver.url });
      const legacy = 'sixteen-chars-ok';
      const sealed = t.app.get(SecretBox).encrypt(legacy, `webhook_endpoints.secret:${customer.id}`);
      await t.db.query(
        "UPDATE webhook_endpoints SET secret_encrypted = $2, secret_last4 = 's-ok' WHERE customer_id = $1",
        [customer.id, sealed],
      );
      const receipt = await testDelivery(customer);
      expect(hexValid(receipt, legacy)).toBe(true);
      expect(libraryAccepts(receipt, librarySecretOf(legacy))).toBe(true);
    });
  });

  describe('the Standard Webhooks headers', () => {
    it('verify with the standardwebhooks package, next to the unchanged hex signature (a made secret)', async () => {
      const customer = await t.createCustomer();
      const secret = (await api(customer).put({ url: receiver.url })).body.data.webhookSecret as string;
      const receipt = await testDelivery(customer);
      expect(receipt.headers['webhook-id']).toBe(receipt.body.id);
      expect(receipt.headers['webhook-timestamp']).toBe(receipt.headers['x-service-timestamp']);
      expect(Math.abs(Number(receipt.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
      expect(receipt.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(libraryAccepts(receipt, secret)).toBe(true);
      expect(hexValid(receipt, secret)).toBe(true);
      // Tampering with the body, the id or the timestamp breaks it.
      const tampered = {
        ...receipt,
        raw: Buffer.from(receipt.raw.toString('utf8').replace('"livemode":true', '"livemode":false')),
      };
      expect(libraryAccepts(tampered, secret)).toBe(false);
      expect(hexValid(tampered, secret)).toBe(false);
      expect(libraryAccepts({ ...receipt, headers: { ...receipt.headers, 'webhook-id': 'evt_other' } }, secret)).toBe(
        false,
      );
      const later = String(Number(receipt.headers['webhook-timestamp']) + 1);
      expect(libraryAccepts({ ...receipt, headers: { ...receipt.headers, 'webhook-timestamp': later } }, secret)).toBe(
        false,
      );
    });

    it('verify with a secret the customer chose, given to the library as whsec_ + base64 of its bytes', async () => {
      const customer = await t.createCustomer();
      const chosen = 'a customer’s own secret, not whsec_ form';
      await api(customer).put({ url: receiver.url, webhook_secret: chosen });
      const receipt = await testDelivery(customer);
      expect(hexValid(receipt, chosen)).toBe(true);
      expect(libraryAccepts(receipt, librarySecretOf(chosen))).toBe(true);
      expect(libraryAccepts(receipt, librarySecretOf(`${chosen}x`))).toBe(false);
    });

    it("keep the event id on a retry, with the retry's own timestamp", async () => {
      const customer = await t.createCustomer();
      const secret = (await api(customer).put({ url: receiver.url })).body.data.webhookSecret as string;
      receiver.answerNext({ status: 500 });
      const eventId = await t.app.get(Database).transaction((transaction) =>
        t.app.get(EventOutbox).record(transaction, {
          customerId: customer.id,
          tenantId: 'tenant-signing',
          type: 'account.token_expired',
          data: {
            connectedAccountId: 'acc_0000000000000000000000',
            platform: 'x',
            username: 'someone',
            reason: 'test',
          },
        }),
      );
      const [first, second] = await until(
        'a retry',
        async () => receiver.receiptsOf(eventId).length >= 2 && receiver.receiptsOf(eventId),
      );
      for (const receipt of [first!, second!]) {
        expect(receipt.headers['webhook-id']).toBe(eventId);
        expect(libraryAccepts(receipt, secret)).toBe(true);
      }
    });
  });

  describe('rotation', () => {
    it('signs with both secrets during the overlap and with the new one after it', async () => {
      const customer = await t.createCustomer();
      const oldSecret = (await api(customer).put({ url: receiver.url })).body.data.webhookSecret as string;
      const rotated = await api(customer).rotate({ overlapSeconds: 2 });
      expect(rotated.status).toBe(200);
      const newSecret = rotated.body.data.webhookSecret as string;
      expect(newSecret).toMatch(GENERATED_SECRET);
      expect(newSecret).not.toBe(oldSecret);
      expect(rotated.body.data.secretLast4).toBe(newSecret.slice(-4));
      const overlapEnd = Date.parse(rotated.body.data.previousSecretExpiresAt);
      expect(overlapEnd - Date.now()).toBeGreaterThan(0);
      expect(overlapEnd - Date.now()).toBeLessThanOrEqual(2500);
      expect((await api(customer).get()).body.data).toEqual(
        expect.objectContaining({ previousSecretExpiresAt: rotated.body.data.previousSecretExpiresAt }),
      );
      expect(JSON.stringify((await api(customer).get()).body)).not.toContain(newSecret);

      const during = await testDelivery(customer);
      expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(libraryAccepts(during, newSecret)).toBe(true);
      expect(libraryAccepts(during, oldSecret)).toBe(true);
      expect(hexValid(during, newSecret)).toBe(true);

      await until('the overlap to end', async () => Date.now() > overlapEnd + 100);
      const after = await testDelivery(customer);
      expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect(libraryAccepts(after, newSecret)).toBe(true);
      expect(libraryAccepts(after, oldSecret)).toBe(false);
      expect((await api(customer).get()).body.data.previousSecretExpiresAt).toBeNull();
    });

    it('overlap 0 stops the old secret at once; a PUT ends an overlap too', async () => {
      const customer = await t.createCustomer();
      const first = (await api(customer).put({ url: receiver.url })).body.data.webhookSecret as string;
      const second = (await api(customer).rotate({ overlap_seconds: 0 })).body.data.webhookSecret as string;
      const receipt = await testDelivery(customer);
      expect(libraryAccepts(receipt, second)).toBe(true);
      expect(libraryAccepts(receipt, first)).toBe(false);

      const third = (await api(customer).rotate()).body.data;
      // The default overlap is a day.
      expect(Date.parse(third.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
      const put = await api(customer).put({ url: receiver.url });
      expect(put.body.data.previousSecretExpiresAt).toBeNull();
      const afterPut = await testDelivery(customer);
      expect(String(afterPut.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect(libraryAccepts(afterPut, third.webhookSecret)).toBe(false);
    });

    it.each([
      ['more than 7 days', { overlapSeconds: 7 * 24 * 3600 + 1 }],
      ['a negative overlap', { overlapSeconds: -1 }],
      ['a fraction', { overlapSeconds: 1.5 }],
      ['a negative overlap under the deprecated name', { overlap_seconds: -1 }],
      ['both names with two values', { overlapSeconds: 60, overlap_seconds: 0 }],
      ['an unknown field', { overlap: 60 }],
    ])('refuses %s with a 400', async (_, body) => {
      const customer = await t.createCustomer();
      await api(customer).put({ url: receiver.url });
      const answer = await api(customer).rotate(body);
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
    });

    it('is a 404 without an endpoint', async () => {
      const answer = await api(await t.createCustomer()).rotate();
      expect(answer.status).toBe(404);
    });
  });
});
