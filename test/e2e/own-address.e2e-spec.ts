import request from 'supertest';
import { connectAccount, createEmulatorUser } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { TestApp, TestCustomer } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const TENANT = 'tenant-self';
const SECRET = 'whsec-self-test-0123456789abcdef';

/**
 * Development settings (ALLOW_PRIVATE_URLS=true, the emulator mounted in the service): a
 * customer's webhook or media URL must still never reach the service itself, where the emulator's
 * keyless control API listens (a POST to /emulator/control/reset would wipe everyone's sandbox).
 */
describe('URLs at the service itself are refused, even with ALLOW_PRIVATE_URLS=true', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;

  const users = async (): Promise<string[]> => {
    const listed = (await (await fetch(`${t.baseUrl}/emulator/control/users`)).json()) as {
      data: Array<{ id: string }>;
    };
    return listed.data.map((user) => user.id);
  };
  const putWebhook = (url: string) =>
    request(t.server)
      .put('/api/v1/webhooks')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({ url, webhook_secret: SECRET });

  beforeAll(async () => {
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    customer = await t.createCustomer();
    await createEmulatorUser(t, 'keeper');
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['PUBLIC_URL', () => `${t.baseUrl}/emulator/control/reset`],
    ['localhost at its port', () => `http://localhost:${new URL(t.baseUrl).port}/emulator/control/reset`],
  ])('refuses a webhook URL at the service itself (%s), and nothing is reset', async (_, url) => {
    const response = await putWebhook(url());
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([
      { field: 'url', message: expect.stringMatching(/must not point at this service itself/) },
    ]);
    expect(await users()).toContain('keeper');
  });

  it('does not send to a stored webhook URL that points at the service itself', async () => {
    const receiver = new WebhookReceiver();
    await receiver.up();
    try {
      expect((await putWebhook(receiver.url)).status).toBe(200);
      // As an endpoint set before this check existed would be.
      await t.db.query('UPDATE webhook_endpoints SET url = $1 WHERE customer_id = $2', [
        `${t.baseUrl}/emulator/control/reset`,
        customer.id,
      ]);
      const tested = await request(t.server)
        .post('/api/v1/webhooks/test')
        .set('Authorization', `Bearer ${customer.apiKey}`);
      expect(tested.status).toBe(200);
      expect(tested.body.data).toEqual(
        expect.objectContaining({ delivered: false, error: expect.stringMatching(/this service itself/) }),
      );
      expect(await users()).toContain('keeper');
    } finally {
      await receiver.down();
    }
  });

  it('refuses a media URL at the service itself', async () => {
    const account = (await connectAccount(t, customer, 'x', TENANT)).id;
    const response = await request(t.server)
      .post('/api/v1/posts/validate')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({
        tenant_id: TENANT,
        accounts: [account],
        containers: [{ content: 'hi', media: [{ url: `${t.baseUrl}/emulator/control/reset.jpg` }] }],
      });
    expect(response.status).toBe(200);
    expect(response.body.data.problems).toEqual([
      {
        field: 'containers[0].media[0].url',
        rule: 'media_url_private',
        message: expect.stringMatching(/must not point at this service itself/),
      },
    ]);
  });
});
