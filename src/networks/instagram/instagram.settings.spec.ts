import { ConfigError, loadConfig } from '../../config/load-config';
import { loadInstagramSettings } from './instagram.settings';

const PUBLIC = { PUBLIC_URL: 'https://social.example.com' };
const CREDENTIALS = { INSTAGRAM_APP_ID: 'ig-app', INSTAGRAM_APP_SECRET: 'ig-secret' };

function settingsFor(env: Record<string, string>) {
  return loadInstagramSettings(loadConfig({ ...PUBLIC, ...env }));
}

describe('loadInstagramSettings', () => {
  it('uses the real Instagram Login hosts by default when credentials are set', () => {
    const settings = settingsFor(CREDENTIALS);
    expect(settings).toMatchObject({
      login: 'instagram',
      authorizeUrl: 'https://www.instagram.com/oauth/authorize',
      tokenUrl: 'https://api.instagram.com/oauth/access_token',
      graphUrl: 'https://graph.instagram.com/v25.0',
      serviceApp: { clientId: 'ig-app', clientSecret: 'ig-secret' },
      emulated: false,
    });
    expect(settings.unversionedGraphUrl).toBe('https://graph.instagram.com');
  });

  it('honours configured endpoints', () => {
    const settings = settingsFor({
      ...CREDENTIALS,
      INSTAGRAM_AUTHORIZE_URL: 'https://ig.test/authorize/',
      INSTAGRAM_TOKEN_URL: 'https://ig.test/token',
      INSTAGRAM_GRAPH_URL: 'https://ig.test/graph/v26.1',
    });
    expect(settings).toMatchObject({
      authorizeUrl: 'https://ig.test/authorize',
      tokenUrl: 'https://ig.test/token',
      graphUrl: 'https://ig.test/graph/v26.1',
    });
    expect(settings.unversionedGraphUrl).toBe('https://ig.test/graph');
  });

  it('switches to Facebook Login endpoints with the Instagram app', () => {
    const settings = settingsFor({
      ...CREDENTIALS,
      INSTAGRAM_LOGIN: 'facebook',
      FACEBOOK_GRAPH_URL: 'https://fb.test/v25.0',
    });
    expect(settings).toMatchObject({
      login: 'facebook',
      authorizeUrl: 'https://www.facebook.com/v25.0/dialog/oauth',
      graphUrl: 'https://fb.test/v25.0',
      serviceApp: { clientId: 'ig-app', clientSecret: 'ig-secret' },
      emulated: false,
    });
  });

  it('takes the Meta app settings only with Facebook Login', () => {
    const settings = {
      INSTAGRAM_LOGIN_CONFIG_ID: '987',
      INSTAGRAM_REQUIRE_APP_SECRET_PROOF: 'true',
      INSTAGRAM_BUSINESS_ACCESS: 'true',
    };
    expect(
      loadInstagramSettings(loadConfig({ ...PUBLIC, ...CREDENTIALS, ...settings, INSTAGRAM_LOGIN: 'facebook' }))
        .serviceApp,
    ).toEqual({
      clientId: 'ig-app',
      clientSecret: 'ig-secret',
      loginConfigId: '987',
      requireAppSecretProof: true,
      businessAccess: true,
    });
    expect(() => loadInstagramSettings(loadConfig({ ...PUBLIC, ...CREDENTIALS, ...settings }))).toThrow(
      /INSTAGRAM_LOGIN_CONFIG_ID: only with INSTAGRAM_LOGIN=facebook/,
    );
  });

  it('points at the emulator without credentials', () => {
    const settings = settingsFor({});
    expect(settings).toMatchObject({
      login: 'instagram',
      authorizeUrl: 'https://social.example.com/emulator/instagram/oauth/authorize',
      tokenUrl: 'https://social.example.com/emulator/instagram/api/oauth/access_token',
      graphUrl: 'https://social.example.com/emulator/instagram/graph/v25.0',
      serviceApp: undefined,
      emulated: true,
    });
    expect(settings.unversionedGraphUrl).toBe('https://social.example.com/emulator/instagram/graph');
  });

  it("points Facebook Login at the emulator's Facebook", () => {
    expect(settingsFor({ INSTAGRAM_LOGIN: 'facebook', NETWORK_EMULATOR: 'on', ...CREDENTIALS })).toMatchObject({
      authorizeUrl: 'https://social.example.com/emulator/facebook/v25.0/dialog/oauth',
      graphUrl: 'https://social.example.com/emulator/facebook/graph/v25.0',
      emulated: true,
    });
  });

  it.each([
    [{ INSTAGRAM_LOGIN: 'twitter' }, 'INSTAGRAM_LOGIN'],
    [{ INSTAGRAM_GRAPH_URL: 'not a url' }, 'INSTAGRAM_GRAPH_URL'],
    [{ INSTAGRAM_APP_ID: 'only-the-id' }, 'INSTAGRAM_APP_SECRET'],
  ])('rejects %j', (env, variable) => {
    expect(() => settingsFor(env)).toThrow(ConfigError);
    expect(() => settingsFor(env)).toThrow(new RegExp(`${variable}: `));
  });
});
