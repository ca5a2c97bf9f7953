import request from 'supertest';
import { connectAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { TestApp, TestCustomer } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const TENANT = 'tenant-empty-body';

/**
 * Clients (and SDKs) often send `Content-Type: application/json` on every request, with no body
 * on the routes that take none. That is no body, not malformed JSON: the route answers as it would
 * without the header. A route that needs a body still refuses an empty one, naming what it needs.
 */
describe('An empty body sent as application/json', () => {
  let t: TestApp & { baseUrl: string };
  let receiver: WebhookReceiver;
  let customer: TestCustomer;

  const authed = (call: request.Test) =>
    call.set('Authorization', `Bearer ${customer.apiKey}`).set('Content-Type', 'application/json');

  beforeAll(async () => {
    // The receiver listens on loopback: allowed for local use.
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    receiver = await WebhookReceiver.started();
    customer = await t.createCustomer();
  });
  afterAll(async () => {
    await receiver?.down();
    await t?.close();
  });

  describe('on a route that takes no body, is no body', () => {
    it('DELETE /social-accounts/:id disconnects the account', async () => {
      const account = (await connectAccount(t, customer, 'x', TENANT)).id;
      const response = await authed(request(t.server).delete(`/api/v1/social-accounts/${account}`));
      expect({ status: response.status, body: response.body }).toEqual({
        status: 200,
        body: { success: true, data: { id: account, status: 'disconnected' } },
      });
    });

    it('POST /webhooks/test sends the test event', async () => {
      const put = await request(t.server)
        .put('/api/v1/webhooks')
        .set('Authorization', `Bearer ${customer.apiKey}`)
        .send({ url: receiver.url, webhook_secret: 'whsec-empty-body-0123456789' });
      expect(put.status).toBe(200);
      const response = await authed(request(t.server).post('/api/v1/webhooks/test'));
      expect({ status: response.status, delivered: response.body.data?.delivered }).toEqual({
        status: 200,
        delivered: true,
      });
    });

    it('POST /webhooks/secret/rotate, whose body is all optional, rotates with the default overlap', async () => {
      const response = await authed(request(t.server).post('/api/v1/webhooks/secret/rotate'));
      expect(response.status).toBe(200);
      expect(response.body.data.webhookSecret).toEqual(expect.any(String));
      expect(response.body.data.previousSecretExpiresAt).toEqual(expect.any(String));
    });

    it('DELETE /webhooks removes the endpoint', async () => {
      const response = await authed(request(t.server).delete('/api/v1/webhooks'));
      expect(response.status).toBe(200);
    });
  });

  describe('on a route that needs a body, is still a 400 that says so', () => {
    it.each([
      ['POST /posts', '/api/v1/posts'],
      ['POST /posts/validate', '/api/v1/posts/validate'],
    ])('%s', async (_, path) => {
      const response = await authed(request(t.server).post(path));
      expect(response.status).toBe(400);
      expect(response.body.success).toBe(false);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.error.message).toMatch(/request body is empty/i);
      expect(response.body.error.details).toEqual(
        expect.arrayContaining([{ field: 'tenant_id', message: expect.stringMatching(/required/) }]),
      );
    });

    it('PUT /webhooks', async () => {
      const response = await authed(request(t.server).put('/api/v1/webhooks'));
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.error.message).toMatch(/request body is empty/i);
    });
  });

  it('malformed JSON is still invalid_json', async () => {
    const response = await authed(request(t.server).post('/api/v1/posts')).send('{"tenant_id":');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_json');
  });
});
