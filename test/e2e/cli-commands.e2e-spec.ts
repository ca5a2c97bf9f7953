import request from 'supertest';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { CustomerKeysService } from '../../src/auth/customer-keys.service';
import { CliServices, runCommand, UsageError } from '../../src/cli/commands';
import { ApiException } from '../../src/common/errors/api-exception';
import { CustomersService } from '../../src/customers/customers.service';
import { NetworkAppsService } from '../../src/networks/apps/network-apps.service';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { startTestApp, TestApp } from '../support/test-app';

describe('Operator CLI commands (against the real database)', () => {
  let t: TestApp;
  let services: CliServices;

  let standardInput = '';
  async function cli(...argv: string[]): Promise<string[]> {
    const lines: string[] = [];
    await runCommand(
      argv,
      services,
      (line) => lines.push(line),
      async () => standardInput,
    );
    return lines;
  }

  beforeAll(async () => {
    t = await startTestApp();
    services = {
      customers: t.app.get(CustomersService),
      apiKeys: t.app.get(ApiKeysService),
      customerKeys: t.app.get(CustomerKeysService),
      redirectUrls: t.app.get(RedirectUrlsService),
      networkApps: t.app.get(NetworkAppsService),
      dashboardUsers: t.app.get(DashboardUsersService),
    };
  });
  afterAll(() => t.close());

  it('creates a customer, and refuses a second one with the same name', async () => {
    expect(await cli('customers', 'create', 'acme')).toEqual([
      expect.stringMatching(/^Created customer acme \(cus_\w+\)$/),
    ]);
    await expect(cli('customers', 'create', 'acme')).rejects.toMatchObject({ code: 'conflict' });
    expect((await cli('customers', 'list')).join('\n')).toContain('acme');
  });

  it('creates dashboard users with argon2 hashes, the password given or read from standard input', async () => {
    await cli('customers', 'create', 'dash-co');
    expect(
      await cli(
        'users',
        'create',
        '--customer',
        'dash-co',
        '--email',
        'Ops@Example.com',
        '--password',
        'correct horse battery',
      ),
    ).toEqual([expect.stringMatching(/^Created dashboard user ops@example\.com \(usr_\w+\) for customer dash-co$/)]);
    standardInput = 'from stdin password 1\n';
    await cli('users', 'create', '--customer', 'dash-co', '--email', 'second@example.com', '--password', '-');
    const users = await t.db.query<{ email: string; password_hash: string }>(
      'SELECT email, password_hash FROM dashboard_users ORDER BY email',
    );
    expect(users.map((user) => user.email)).toEqual(['ops@example.com', 'second@example.com']);
    for (const user of users) expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(await t.app.get(DashboardUsersService).verify('second@example.com', 'from stdin password 1')).toMatchObject({
      email: 'second@example.com',
    });
    await expect(
      cli('users', 'create', '--customer', 'dash-co', '--email', 'ops@example.com', '--password', 'another long one'),
    ).rejects.toMatchObject({ code: 'conflict' });
    await expect(
      cli('users', 'create', '--customer', 'dash-co', '--email', 'not-an-email', '--password', 'short'),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      details: [expect.objectContaining({ field: 'email' }), expect.objectContaining({ field: 'password' })],
    });
    await expect(cli('users', 'create', '--customer', 'dash-co', '--email', 'x@example.com')).rejects.toBeInstanceOf(
      UsageError,
    );
  });

  it('creates a key printed alone on the last line, which then lists an empty account list', async () => {
    const output = await cli('api-keys', 'create', '--customer', 'acme', '--name', 'backend');
    const key = output[output.length - 1]!;
    expect(key).toMatch(/^sps_[0-9A-Za-z]{40,44}$/);
    const response = await request(t.server)
      .get('/api/v1/social-accounts?tenantId=first')
      .set('Authorization', `Bearer ${key}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: [], pagination: { nextCursor: null } });

    const listing = (await cli('api-keys', 'list', '--customer', 'acme')).join('\n');
    expect(listing).toContain(key.slice(0, 10));
    expect(listing).toContain('backend');
    expect(listing).not.toContain(key);
  });

  it("creates a test key in the customer's test world, made once, and lists the keys of both worlds with their mode", async () => {
    const output = await cli('api-keys', 'create', '--customer', 'acme', '--mode', 'test', '--name', 'staging');
    expect(output[0]).toMatch(
      /^Created test API key key_\w+ for customer acme \(its test world cus_\w+\)\. It is shown only now; store it safely:$/,
    );
    const testKey = output[output.length - 1]!;
    expect(testKey).toMatch(/^sps_test_[0-9A-Za-z]{40,44}$/);
    const second = await cli('api-keys', 'create', '--customer', 'acme', '--mode', 'test');
    const testWorldId = /\((?:its test world )(cus_\w+)\)/.exec(output[0]!)![1];
    expect(second[0]).toContain(`(its test world ${testWorldId})`);
    const live = await cli('api-keys', 'create', '--customer', 'acme', '--mode', 'live');
    expect(live[0]).toMatch(/^Created live API key key_\w+ for customer acme\. /);

    // The test world is a customer row of its own, linked to acme, and not a customer to list or name.
    const acme = await services.customers.getByName('acme');
    expect(
      await t.db.query('SELECT id, name, mode, live_customer_id FROM customers WHERE live_customer_id = $1', [acme.id]),
    ).toEqual([{ id: testWorldId, name: 'acme', mode: 'test', live_customer_id: acme.id }]);
    expect((await cli('customers', 'list')).filter((line) => line.includes(' acme '))).toHaveLength(1);

    const listing = await cli('api-keys', 'list', '--customer', 'acme');
    const testLine = listing.find((line) => line.includes(testKey.slice(0, 15)))!;
    expect(testLine).toMatch(/^key_\w+ {2}test {2}sps_test_\w{6}… {2}staging {2}/);
    expect(listing.filter((line) => /^key_\w+ {2}live {2}sps_\w{6}…/.test(line)).length).toBeGreaterThanOrEqual(2);

    // The test key works against the API, in a world of its own: acme's live accounts are not its.
    const response = await request(t.server)
      .get('/api/v1/social-accounts?tenantId=first')
      .set('Authorization', `Bearer ${testKey}`);
    expect(response.status).toBe(200);
    await expect(cli('api-keys', 'create', '--customer', 'acme', '--mode', 'sandbox')).rejects.toThrow(
      new UsageError('--mode must be live or test, not "sandbox"'),
    );
  });

  it('revokes a key by id, after which the API refuses it', async () => {
    const output = await cli('api-keys', 'create', '--customer', 'acme');
    const key = output[output.length - 1]!;
    const id = /(key_\w+)/.exec(output[0]!)![1]!;
    expect(await cli('api-keys', 'revoke', id)).toEqual([expect.stringContaining(`Revoked API key ${id}`)]);
    const response = await request(t.server)
      .get('/api/v1/social-accounts?tenantId=t')
      .set('Authorization', `Bearer ${key}`);
    expect(response.status).toBe(401);
    expect((await cli('api-keys', 'list', '--customer', 'acme')).find((line) => line.startsWith(id))).toContain(
      'revoked',
    );
    await expect(cli('api-keys', 'revoke', 'key_unknown')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('adds, lists and removes redirect URLs, refusing bad ones', async () => {
    await cli('redirect-urls', 'add', '--customer', 'acme', 'https://app.example.com/connected?from=sps');
    await cli('redirect-urls', 'add', '--customer', 'acme', 'http://localhost:5173/cb');
    expect(await cli('redirect-urls', 'list', '--customer', 'acme')).toEqual([
      'https://app.example.com/connected?from=sps',
      'http://localhost:5173/cb',
    ]);
    await expect(cli('redirect-urls', 'add', '--customer', 'acme', 'ftp://x')).rejects.toBeInstanceOf(ApiException);
    const customer = await services.customers.getByName('acme');
    const concurrent = await Promise.all(
      [1, 2, 3].map(() => services.redirectUrls.add(customer.id, 'https://race.example.com/cb')),
    );
    expect(new Set(concurrent.map((url) => url.id)).size).toBe(1);
    await cli('redirect-urls', 'remove', '--customer', 'acme', 'https://race.example.com/cb');
    await cli('redirect-urls', 'remove', '--customer', 'acme', 'http://localhost:5173/cb');
    expect(await cli('redirect-urls', 'list', '--customer', 'acme')).toEqual([
      'https://app.example.com/connected?from=sps',
    ]);
    await expect(
      cli('redirect-urls', 'remove', '--customer', 'acme', 'http://localhost:5173/cb'),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('sets a network app with the secret stored only encrypted, and reads it back for the customer', async () => {
    const secret = 'super-secret-client-secret-42';
    const output = await cli(
      'network-apps',
      'set',
      '--customer',
      'acme',
      '--network',
      'twitter',
      '--client-id',
      'cid-1',
      '--client-secret',
      secret,
    );
    expect(output.join('\n')).not.toContain(secret);
    expect(output[0]).toContain('x app');
    standardInput = `${secret}\n`;
    await cli(
      'network-apps',
      'set',
      '--customer',
      'acme',
      '--network',
      'x',
      '--client-id',
      'cid-2',
      '--client-secret',
      '-',
    );

    const rows = await t.db.query<{ network: string; client_id: string; client_secret_encrypted: string }>(
      'SELECT * FROM network_apps',
    );
    expect(rows).toEqual([expect.objectContaining({ network: 'x', client_id: 'cid-2' })]);
    expect(JSON.stringify(rows)).not.toContain(secret);

    const customer = await services.customers.getByName('acme');
    expect(await services.networkApps.credentialsFor(customer.id, 'x')).toEqual({
      clientId: 'cid-2',
      clientSecret: secret,
    });
    expect(await services.networkApps.credentialsFor(customer.id, 'facebook')).toBeUndefined();
    await expect(
      cli(
        'network-apps',
        'set',
        '--customer',
        'acme',
        '--network',
        'myspace',
        '--client-id',
        'a',
        '--client-secret',
        'b',
      ),
    ).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });

  it('explains usage mistakes', async () => {
    await expect(cli('api-keys', 'create')).rejects.toThrow(new UsageError('Missing --customer NAME'));
    await expect(cli('frobnicate', 'now')).rejects.toThrow(UsageError);
    await expect(cli('api-keys', 'create', '--customer', 'acme', '--bogus')).rejects.toThrow(UsageError);
    await expect(cli('api-keys', 'create', '--customer', 'nobody')).rejects.toMatchObject({ code: 'not_found' });
    expect((await cli('--help'))[0]).toContain('Usage: npm run cli');
  });
});
