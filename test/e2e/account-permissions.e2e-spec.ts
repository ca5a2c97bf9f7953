import request from 'supertest';
import { contractLog } from '../../src/emulator/contracts/contract-log';
import { connectAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import { createPost, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';
import { WebhookReceiver } from '../support/webhook-receiver';

const TENANT = 'tenant-permissions';

interface AccountView {
  id: string;
  permissions: string[];
  missingPermissions: Array<{ feature: string; permissions: string[] }>;
}

/**
 * The permissions an account was really granted: a user who declines one in the network's dialog
 * (the emulator's emulator_decline) gets an account that says what it cannot do, posts that need it
 * are refused before anything is published (POST /posts and /posts/validate alike), reconnecting
 * upgrades the same account, and a permission taken back at the network is found on the next
 * refusal and announced.
 */
describe('Account permissions (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let receiver: WebhookReceiver;

  const auth = () => ({ Authorization: `Bearer ${customer.apiKey}` });
  const emulator = (path: string, body?: unknown) =>
    fetch(`${t.baseUrl}/emulator/control${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const publishedBy = async (accountId: string) =>
    ((await (await emulator(`/published?accountId=${accountId}`)).json()) as { data: unknown[] }).data;
  const accountView = async (id: string): Promise<AccountView> => {
    const list = await request(t.server).get(`/api/v1/social-accounts?tenantId=${TENANT}`).set(auth());
    return (list.body.data as AccountView[]).find((account) => account.id === id)!;
  };
  const thread = (accountId: string) => ({
    tenant_id: TENANT,
    accounts: [accountId],
    containers: [
      { content: 'Fresh bread', media: [{ url: media.url('photo.jpg') }] },
      { content: 'Baked this morning' },
    ],
  });

  beforeAll(async () => {
    media = await startMediaServer();
    receiver = await WebhookReceiver.started();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    customer = await t.createCustomer();
    await request(t.server).put('/api/v1/webhooks').set(auth()).send({ url: receiver.url });
  });
  afterAll(async () => {
    await t.close();
    await media.close();
    await receiver.down();
  });

  it.each([
    ['facebook', 'pages_manage_engagement'],
    ['instagram', 'instagram_business_manage_comments'],
  ])(
    '%s: a declined %s shows on the account and refuses a thread before anything is published, until a reconnect',
    async (network, declined) => {
      const user = `perm-${network}-${Date.now()}`;
      const account = await connectAccount(t, customer, network, TENANT, { freshUser: user, decline: [declined] });

      const view = await accountView(account.id);
      expect(view.permissions).not.toContain(declined);
      expect(view.missingPermissions).toEqual(
        expect.arrayContaining([
          { feature: 'thread', permissions: [declined] },
          { feature: 'answer_comments', permissions: [declined] },
        ]),
      );

      const verdict = await request(t.server).post('/api/v1/posts/validate').set(auth()).send(thread(account.id));
      expect(verdict.body.data.accounts[0].problems).toEqual([
        { field: 'accounts[0]', rule: 'account_permission_missing', message: expect.stringContaining(declined) },
      ]);
      const refused = await createPost(t, customer, thread(account.id));
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({
        code: 'permission_missing',
        message: expect.stringMatching(new RegExp(`${declined}.*reconnect the account`)),
        details: [{ field: 'accounts[0]', message: expect.stringContaining(declined) }],
      });
      expect(await publishedBy(account.networkAccountId)).toEqual([]);

      // What does not need the permission still publishes.
      const single = await createPost(t, customer, {
        ...thread(account.id),
        containers: [thread(account.id).containers[0]],
      });
      expect(single.status).toBe(202);
      expect((await settledPost(t, customer, single.body.data.id)).status).toBe('published');

      // Reconnecting (a new auth-url for the same tenant) asks again and upgrades the same account.
      const again = await connectAccount(t, customer, network, TENANT, { emulatorUser: user });
      expect(again.id).toBe(account.id);
      expect((await accountView(account.id)).missingPermissions).toEqual([]);
      const accepted = await createPost(t, customer, thread(account.id));
      expect(accepted.status).toBe(202);
      expect((await settledPost(t, customer, accepted.body.data.id)).status).toBe('published');
    },
  );

  it('a permission taken back at the network is found on the refusal, recorded on the account and announced once', async () => {
    const user = `perm-lost-${Date.now()}`;
    const account = await connectAccount(t, customer, 'facebook', TENANT, { freshUser: user });
    expect((await accountView(account.id)).missingPermissions).toEqual([]);
    expect(
      (
        await emulator('/withdraw-permission', {
          network: 'facebook',
          userId: user,
          permission: 'pages_manage_engagement',
        })
      ).status,
    ).toBe(200);

    const accepted = await createPost(t, customer, thread(account.id));
    expect(accepted.status).toBe(202);
    const post = await settledPost(t, customer, accepted.body.data.id);
    expect(post.status).toBe('failed');
    expect(post.deliveries[0]!.error).toMatchObject({
      code: 'permission_missing',
      message: expect.stringContaining('no longer grants pages_manage_engagement'),
    });
    // The thread's comment went out without the permission, and Graph refused it as its references say.
    expect(contractLog.take()).toEqual([
      expect.objectContaining({ kind: 'permission', operation: 'POST PagePost/comments' }),
    ]);
    const view = await accountView(account.id);
    expect(view.permissions).not.toContain('pages_manage_engagement');
    expect(view.missingPermissions).toEqual(
      expect.arrayContaining([{ feature: 'thread', permissions: ['pages_manage_engagement'] }]),
    );
    const lost = await until('account.permissions_lost to arrive', () =>
      receiver.receipts.find((receipt) => receipt.body.event === 'account.permissions_lost'),
    );
    expect(lost.body.data).toMatchObject({
      connectedAccountId: account.id,
      platform: 'facebook',
      lost: ['pages_manage_engagement'],
      missingPermissions: expect.arrayContaining([{ feature: 'thread', permissions: ['pages_manage_engagement'] }]),
    });

    // Known now: the next thread is refused before anything is sent.
    const next = await createPost(t, customer, thread(account.id));
    expect(next.status).toBe(422);
    expect(next.body.error.code).toBe('permission_missing');
    expect(receiver.receipts.filter((receipt) => receipt.body.event === 'account.permissions_lost')).toHaveLength(1);
  });
});
