import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { FACEBOOK_SCOPES } from '../../src/networks/facebook/facebook.adapter';
import { connectAccount } from '../support/connect-account';
import { requestAuthUrl, startEmulatedApp } from '../support/connect-flow';
import { DashboardSessionCookie, signedIn } from '../support/dashboard';
import { createPost, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';

const PASSWORD = 'a long dashboard password';
const TENANT = 'agency-client';
const REDIRECT = 'https://app.example.com/connected';
/** A business app as Meta's App Dashboard has it: "Require App Secret" on, one Facebook Login for Business configuration. */
const APP = { clientId: '1357924680', clientSecret: 'business-app-secret' };
const CONFIGURATION = { id: '9876543210', permissions: [...FACEBOOK_SCOPES, 'business_management'] };

/**
 * A customer's own business app, set in the dashboard: the connect flow names its Facebook Login
 * for Business configuration instead of scopes, and every Graph call carries appsecret_proof, which
 * the emulated app requires as Graph does.
 */
describe("A customer's own Facebook business app (Login for Business, Require App Secret)", () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let session: DashboardSessionCookie;

  const saveApp = (network: string, fields: Record<string, string>) =>
    request(t.server)
      .post(`/dashboard/oauth/apps/${network}`)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ _csrf: session.csrf, client_id: APP.clientId, client_secret: APP.clientSecret, ...fields });
  const published = async (): Promise<PublishedItem[]> =>
    (
      (await (await fetch(`${t.baseUrl}/emulator/control/published?network=facebook`)).json()) as {
        data: PublishedItem[];
      }
    ).data;

  beforeAll(async () => {
    t = await startEmulatedApp();
    customer = await t.createCustomer('agency');
    await t.app.get(DashboardUsersService).create(customer.id, 'ops@agency.example', PASSWORD);
    session = await signedIn(t, 'ops@agency.example', PASSWORD);
    const registered = await fetch(`${t.baseUrl}/emulator/control/apps`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...APP, requireAppSecretProof: true, loginConfigurations: [CONFIGURATION] }),
    });
    expect(registered.status).toBe(201);
  });
  afterAll(() => t.close());

  it('takes the settings in the dashboard only where the network has them, and shows them', async () => {
    const refused = await saveApp('x', { login_config_id: CONFIGURATION.id });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('no loginConfigId setting');
    expect((await saveApp('facebook', { login_config_id: 'not-an-id' })).status).toBe(400);

    const saved = await saveApp('facebook', {
      login_config_id: CONFIGURATION.id,
      require_appsecret_proof: 'on',
      business_access: 'on',
    });
    expect(saved.status).toBe(303);
    const page = (await request(t.server).get('/dashboard/oauth').set('Cookie', session.cookie)).text;
    expect(page).toContain(`value="${CONFIGURATION.id}"`);
    expect(page).toMatch(/name="require_appsecret_proof" type="checkbox" checked/);
    expect(page).toMatch(/name="business_access" type="checkbox" checked/);
  });

  it('connects a Page through the configuration and publishes with appsecret_proof on every call', async () => {
    await t.app.get(RedirectUrlsService).add(customer.id, REDIRECT);
    const authUrl = new URL(
      (await requestAuthUrl(t, customer.apiKey, { network: 'facebook', tenantId: TENANT, redirectUri: REDIRECT })).body
        .data.auth_url,
    );
    expect(authUrl.searchParams.get('client_id')).toBe(APP.clientId);
    expect(authUrl.searchParams.get('config_id')).toBe(CONFIGURATION.id);
    expect(authUrl.searchParams.get('scope')).toBeNull();

    const account = await connectAccount(t, customer, 'facebook', TENANT, { freshUser: true, redirectUri: REDIRECT });
    // What the configuration granted is what the account holds: nothing missing, business_management kept.
    const [{ scopes }] = await t.db.query<{ scopes: string[] }>('SELECT scopes FROM connected_accounts WHERE id = $1', [
      account.id,
    ]);
    expect(scopes).toEqual(expect.arrayContaining(CONFIGURATION.permissions));
    const listed = await request(t.server)
      .get(`/api/v1/social-accounts?tenantId=${TENANT}`)
      .set('Authorization', `Bearer ${customer.apiKey}`);
    const view = (listed.body.data as Array<{ id: string; missingPermissions: unknown[] }>).find(
      (candidate) => candidate.id === account.id,
    );
    expect(view?.missingPermissions).toEqual([]);

    const created = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'Posted by the agency, signed' }],
    });
    expect(created.status).toBe(202);
    const post = await settledPost(t, customer, created.body.data.id);
    expect(post.status).toBe('published');
    expect((await published()).filter((item) => item.text === 'Posted by the agency, signed')).toHaveLength(1);

    // Were the service not to sign its calls, the app would refuse them: saved without the setting,
    // the next post fails with Graph's own answer and reaches no Page.
    expect((await saveApp('facebook', { login_config_id: CONFIGURATION.id })).status).toBe(303);
    const unsigned = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'Posted unsigned' }],
    });
    const failed = await settledPost(t, customer, unsigned.body.data.id);
    expect(failed.status).toBe('failed');
    expect(JSON.stringify(failed)).toContain('appsecret_proof');
    expect((await published()).filter((item) => item.text === 'Posted unsigned')).toHaveLength(0);
  });
});
