import request from 'supertest';
import { AccountsService, ConnectAccountInput } from '../../src/accounts/accounts.service';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';

const ACCESS_TOKEN = 'EAAB-plain-access-token-123456';
const REFRESH_TOKEN = 'refresh-plain-token-abcdef';

function connection(overrides: Partial<ConnectAccountInput> = {}): ConnectAccountInput {
  return {
    tenantId: 'tenant-1',
    platform: 'x',
    networkAccountId: '1234567890',
    username: 'acme',
    nickname: 'Acme Inc.',
    avatarUrl: 'https://pbs.example/acme.jpg',
    tokens: { accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: new Date(Date.now() + 7_200_000) },
    scopes: ['tweet.read', 'tweet.write'],
    ...overrides,
  };
}

describe('Connected accounts API', () => {
  let t: TestApp;
  let alice: TestCustomer;
  let bob: TestCustomer;
  let accounts: AccountsService;

  const list = (customer: TestCustomer, query: string) =>
    request(t.server).get(`/api/v1/social-accounts?${query}`).set('Authorization', `Bearer ${customer.apiKey}`);
  const disconnect = (customer: TestCustomer, id: string) =>
    request(t.server).delete(`/api/v1/social-accounts/${id}`).set('Authorization', `Bearer ${customer.apiKey}`);

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.createCustomer('alice');
    bob = await t.createCustomer('bob');
    accounts = t.app.get(AccountsService);
  });
  afterAll(() => t.close());

  it('lists an empty tenant as an empty array', async () => {
    const response = await list(alice, 'tenantId=nobody-here');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: [], pagination: { nextCursor: null } });
  });

  it("lists a tenant's accounts with the documented fields and never a token", async () => {
    const account = await accounts.connect(alice.id, connection());
    const response = await list(alice, 'tenantId=tenant-1');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      {
        id: account.id,
        platform: 'x',
        username: 'acme',
        nickname: 'Acme Inc.',
        status: 'active',
        tenantId: 'tenant-1',
        avatarUrl: 'https://pbs.example/acme.jpg',
        connectedAt: account.connectedAt.toISOString(),
        // Granted read and write, not users.read nor media.write: what that leaves out is said.
        permissions: ['tweet.read', 'tweet.write'],
        missingPermissions: [
          { feature: 'publish', permissions: ['users.read'] },
          { feature: 'media', permissions: ['media.write'] },
          { feature: 'thread', permissions: ['users.read'] },
          { feature: 'read_comments', permissions: ['users.read'] },
          { feature: 'answer_comments', permissions: ['users.read'] },
          { feature: 'metrics', permissions: ['users.read'] },
          { feature: 'unpublish', permissions: ['users.read'] },
        ],
      },
    ]);
    expect(account.id).toMatch(/^acc_[0-9A-Za-z]{20,24}$/);
    expect(response.text).not.toContain(ACCESS_TOKEN);
    expect(response.text).not.toContain('Encrypted');
  });

  it('keeps tenants apart within a customer', async () => {
    await accounts.connect(alice.id, connection({ tenantId: 'tenant-2', networkAccountId: 'other' }));
    const tenant1 = await list(alice, 'tenantId=tenant-1');
    const tenant2 = await list(alice, 'tenantId=tenant-2');
    expect(tenant1.body.data.map((a: { tenantId: string }) => a.tenantId)).toEqual(['tenant-1']);
    expect(tenant2.body.data.map((a: { tenantId: string }) => a.tenantId)).toEqual(['tenant-2']);
  });

  it("never shows or deletes another customer's accounts, even under the same tenant id", async () => {
    const alicesAccount = await accounts.connect(
      alice.id,
      connection({ tenantId: 'shared', networkAccountId: 'alice-acct' }),
    );
    const bobsAccount = await accounts.connect(
      bob.id,
      connection({ tenantId: 'shared', networkAccountId: 'bob-acct' }),
    );

    const bobsView = await list(bob, 'tenantId=shared');
    expect(bobsView.body.data.map((a: { id: string }) => a.id)).toEqual([bobsAccount.id]);

    const attempt = await disconnect(bob, alicesAccount.id);
    expect(attempt.status).toBe(404);
    expect(attempt.body.error.code).toBe('not_found');
    // Same answer as for an id that does not exist at all: nothing confirms the account exists.
    const unknown = await disconnect(bob, 'acc_doesnotexist');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(attempt.body.error.message);

    const [row] = await t.db.query<{ status: string; access_token_encrypted: string | null }>(
      'SELECT status, access_token_encrypted FROM connected_accounts WHERE id = $1',
      [alicesAccount.id],
    );
    expect(row).toEqual({ status: 'active', access_token_encrypted: expect.any(String) });
  });

  it('disconnects an account: tokens wiped, no longer listed by default, listed as disconnected on request', async () => {
    const account = await accounts.connect(
      alice.id,
      connection({ tenantId: 'to-disconnect', networkAccountId: 'gone' }),
    );
    const response = await disconnect(alice, account.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { id: account.id, status: 'disconnected' } });

    const [row] = await t.db.query(
      'SELECT status, access_token_encrypted, refresh_token_encrypted, disconnected_at FROM connected_accounts WHERE id = $1',
      [account.id],
    );
    expect(row).toEqual({
      status: 'disconnected',
      access_token_encrypted: null,
      refresh_token_encrypted: null,
      disconnected_at: expect.any(Date),
    });
    expect((await list(alice, 'tenantId=to-disconnect')).body.data).toEqual([]);
    const disconnected = await list(alice, 'tenantId=to-disconnect&status=disconnected');
    expect(disconnected.body.data).toEqual([expect.objectContaining({ id: account.id, status: 'disconnected' })]);

    const again = await disconnect(alice, account.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ id: account.id, status: 'disconnected' });
  });

  it('reconnecting the same network account to the same tenant keeps the id and makes it active again', async () => {
    const first = await accounts.connect(alice.id, connection({ tenantId: 'reconnect', networkAccountId: 'same' }));
    await disconnect(alice, first.id);
    const second = await accounts.connect(
      alice.id,
      connection({ tenantId: 'reconnect', networkAccountId: 'same', nickname: 'Renamed' }),
    );
    expect(second.id).toBe(first.id);
    const response = await list(alice, 'tenantId=reconnect');
    expect(response.body.data).toEqual([
      expect.objectContaining({ id: first.id, status: 'active', nickname: 'Renamed' }),
    ]);
  });

  it('connecting the same network account twice at once makes one account, not two', async () => {
    const input = connection({ tenantId: 'race', networkAccountId: 'raced' });
    const results = await Promise.all(Array.from({ length: 5 }, () => accounts.connect(alice.id, input)));
    expect(new Set(results.map((account) => account.id)).size).toBe(1);
    const rows = await t.db.query('SELECT id FROM connected_accounts WHERE tenant_id = $1', ['race']);
    expect(rows).toHaveLength(1);
  });

  it('holds tokens only encrypted, bound to their account', async () => {
    const account = await accounts.connect(alice.id, connection({ tenantId: 'crypto', networkAccountId: 'enc' }));
    const rows = await t.db.query<Record<string, unknown>>('SELECT * FROM connected_accounts');
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(ACCESS_TOKEN);
    expect(dump).not.toContain(REFRESH_TOKEN);
    const [row] = await t.db.query<{ access_token_encrypted: string }>(
      'SELECT access_token_encrypted FROM connected_accounts WHERE id = $1',
      [account.id],
    );
    expect(row!.access_token_encrypted).toMatch(/^v1\.k1\./);
  });

  describe('rejects malformed input with a 400 that names the field', () => {
    it.each([
      ['tenantId missing', '', 'tenantId', 'tenantId is required'],
      ['tenantId empty', 'tenantId=', 'tenantId', 'tenantId must be 1-128 characters of A-Z a-z 0-9 _ - . :'],
      [
        'tenantId with a space',
        'tenantId=a%20b',
        'tenantId',
        'tenantId must be 1-128 characters of A-Z a-z 0-9 _ - . :',
      ],
      [
        'tenantId too long',
        `tenantId=${'a'.repeat(129)}`,
        'tenantId',
        'tenantId must be 1-128 characters of A-Z a-z 0-9 _ - . :',
      ],
      ['tenantId given twice', 'tenantId=a&tenantId=b', 'tenantId', 'tenantId must be a string'],
      [
        'an unknown status',
        'tenantId=t&status=sleeping',
        'status',
        'status must be one of active, expired, disconnected',
      ],
      ['an unknown parameter', 'tenantId=t&page=2', 'page', 'page is not an accepted field'],
    ])('%s', async (_, query, field, message) => {
      const response = await list(alice, query);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        error: {
          code: 'validation_failed',
          message: expect.stringContaining(field),
          details: [{ field, message }],
          requestId: expect.any(String),
        },
      });
    });
  });

  it('accepts every tenant id character the rules allow', async () => {
    const tenantId = 'Org_1.team-2:eu';
    await accounts.connect(alice.id, connection({ tenantId, networkAccountId: 'chars' }));
    const response = await list(alice, `tenantId=${encodeURIComponent(tenantId)}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
  });
});
