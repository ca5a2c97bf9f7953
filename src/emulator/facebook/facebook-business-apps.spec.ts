import { createHmac } from 'node:crypto';
import { FastifyInstance } from 'fastify';
import { CLIENT, emulatorApp, facebookUserToken, query, REDIRECT_URI, redirectOf } from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';

const DIALOG = '/emulator/facebook/v25.0/dialog/oauth';
const GRAPH = '/emulator/facebook/graph/v25.0';
const CONFIG = { id: '1234567890', permissions: ['pages_show_list', 'pages_read_engagement', 'business_management'] };
const proofOf = (token: string, secret = CLIENT.secret) => createHmac('sha256', secret).update(token).digest('hex');

/** Apps set up as Meta's App Dashboard does: Facebook Login for Business configurations, "Require App Secret". */
describe('emulated Facebook business apps', () => {
  let app: FastifyInstance;
  let state: EmulatorState;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
  });
  afterEach(() => app.close());

  const register = (setup: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/emulator/control/apps',
      payload: { clientId: CLIENT.id, clientSecret: CLIENT.secret, ...setup },
    });

  const dialog = (params: Record<string, string | undefined>) =>
    app.inject({
      url: `${DIALOG}?${query({ client_id: CLIENT.id, redirect_uri: REDIRECT_URI, state: 'st-1', response_type: 'code', emulator_auto: 'approve', ...params })}`,
    });

  describe('Facebook Login for Business (config_id)', () => {
    it("grants the configuration's permissions, whatever scope says", async () => {
      expect((await register({ loginConfigurations: [CONFIG] })).statusCode).toBe(201);
      const code = redirectOf(await dialog({ config_id: CONFIG.id, scope: 'publish_video' })).searchParams.get('code')!;
      const token = (
        await app.inject({
          url: `${GRAPH}/oauth/access_token?${query({ client_id: CLIENT.id, client_secret: CLIENT.secret, redirect_uri: REDIRECT_URI, code })}`,
        })
      ).json().access_token;
      const permissions = (await app.inject({ url: `${GRAPH}/me/permissions?access_token=${token}` })).json().data;
      expect(permissions).toEqual(CONFIG.permissions.map((permission) => ({ permission, status: 'granted' })));
    });

    it('refuses a config_id the app does not have, and a partial grant of a configuration', async () => {
      await register({ loginConfigurations: [CONFIG] });
      const unknown = await dialog({ config_id: '999' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.headers.location).toBeUndefined();
      expect(unknown.body).toContain('config_id');
      const partial = await dialog({ config_id: CONFIG.id, emulator_decline: 'business_management' });
      expect(partial.statusCode).toBe(400);
      // Another app's configuration is not this app's.
      await app.inject({
        method: 'POST',
        url: '/emulator/control/apps',
        payload: {
          clientId: 'other-app',
          clientSecret: 's',
          loginConfigurations: [{ id: '42', permissions: ['email'] }],
        },
      });
      expect((await dialog({ config_id: '42' })).statusCode).toBe(400);
    });

    it('refuses a configuration with a permission Facebook Login does not know when its dialog is shown', async () => {
      await register({ loginConfigurations: [{ id: '7', permissions: ['pages_show_list', 'steal_everything'] }] });
      const response = await dialog({ config_id: '7' });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('steal_everything');
    });

    it('takes only well-formed registrations', async () => {
      for (const bad of [
        { requireAppSecretProof: 'yes' },
        { loginConfigurations: {} },
        { loginConfigurations: [{ id: '1' }] },
        { loginConfigurations: [{ id: '1', permissions: [] }] },
        { loginConfigurations: [CONFIG, CONFIG] },
      ]) {
        const response = await register(bad);
        expect({ bad, status: response.statusCode }).toEqual({ bad, status: 400 });
      }
      expect(state.apps.loginConfiguration(CLIENT.id, CONFIG.id)).toBeUndefined();
    });
  });

  describe('Require App Secret (appsecret_proof)', () => {
    it('refuses a call without the proof, or with a wrong one, as Graph does; takes a right one', async () => {
      await register({ requireAppSecretProof: true });
      const token = await facebookUserToken(app, 'pages_show_list');
      const missing = await app.inject({ url: `${GRAPH}/me?access_token=${token}` });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toMatchObject({
        message: 'API calls from the server require an appsecret_proof argument',
        type: 'GraphMethodException',
        code: 100,
      });
      const wrong = await app.inject({
        url: `${GRAPH}/me?access_token=${token}&appsecret_proof=${proofOf(token, 'not-the-secret')}`,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        message: 'Invalid appsecret_proof provided in the API argument',
        type: 'GraphMethodException',
        code: 100,
      });
      const right = await app.inject({ url: `${GRAPH}/me?access_token=${token}&appsecret_proof=${proofOf(token)}` });
      expect(right.statusCode).toBe(200);
      // The proof may also sign `token|appsecret_time`.
      const time = '1790000000';
      const timed = await app.inject({
        url: `${GRAPH}/me?access_token=${token}&appsecret_time=${time}&appsecret_proof=${proofOf(`${token}|${time}`)}`,
      });
      expect(timed.statusCode).toBe(200);
    });

    it('holds every Graph call to it: the token exchange carries the secret itself and needs none', async () => {
      await register({ requireAppSecretProof: true });
      const token = await facebookUserToken(app, 'pages_show_list,pages_manage_posts,instagram_basic');
      const page = state.findUser()!.pages[0]!;
      const calls = [
        { url: `${GRAPH}/me/accounts?access_token=${token}` },
        { url: `${GRAPH}/me/permissions?access_token=${token}` },
        { url: `${GRAPH}/${page.id}?fields=access_token&access_token=${token}` },
        { url: `${GRAPH}/${page.instagram!.id}?fields=id,username&access_token=${token}` },
        { method: 'DELETE' as const, url: `${GRAPH}/me/permissions?access_token=${token}` },
      ];
      for (const call of calls) {
        const response = await app.inject(call);
        expect({ call: call.url, code: response.json().error?.code }).toEqual({ call: call.url, code: 100 });
      }
    });

    it('checks a proof sent for an app that does not require one, and needs none from it', async () => {
      const token = await facebookUserToken(app, 'pages_show_list');
      expect((await app.inject({ url: `${GRAPH}/me?access_token=${token}` })).statusCode).toBe(200);
      const wrong = await app.inject({ url: `${GRAPH}/me?access_token=${token}&appsecret_proof=abc` });
      expect(wrong.json().error).toMatchObject({ code: 100, message: expect.stringContaining('appsecret_proof') });
    });
  });
});
