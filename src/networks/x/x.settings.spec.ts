import { ConfigError, loadConfig } from '../../config/load-config';
import { loadXSettings } from './x.settings';

const PUBLIC = { PUBLIC_URL: 'https://social.example.com' };

describe('loadXSettings', () => {
  it('uses the real hosts when credentials are set', () => {
    expect(loadXSettings(loadConfig({ ...PUBLIC, X_CLIENT_ID: 'cid', X_CLIENT_SECRET: 'csecret' }))).toMatchObject({
      authorizeUrl: 'https://x.com/i/oauth2/authorize',
      apiUrl: 'https://api.x.com',
      serviceApp: { clientId: 'cid', clientSecret: 'csecret' },
      emulated: false,
    });
  });

  it('honours configured endpoints', () => {
    const settings = loadXSettings(
      loadConfig({
        ...PUBLIC,
        NETWORK_EMULATOR: 'off',
        X_AUTHORIZE_URL: 'http://x.test:8080/auth',
        X_API_URL: 'http://x.test:8080/',
      }),
    );
    expect(settings).toMatchObject({
      authorizeUrl: 'http://x.test:8080/auth',
      apiUrl: 'http://x.test:8080',
      serviceApp: undefined,
      emulated: false,
    });
  });

  it('points at the emulator without credentials', () => {
    expect(loadXSettings(loadConfig(PUBLIC))).toMatchObject({
      authorizeUrl: 'https://social.example.com/emulator/x/i/oauth2/authorize',
      apiUrl: 'https://social.example.com/emulator/x/api',
      serviceApp: undefined,
      emulated: true,
    });
  });

  it('refuses half a set of credentials or a bad URL', () => {
    expect(() => loadXSettings(loadConfig({ X_CLIENT_SECRET: 's' }))).toThrow(/X_CLIENT_ID: /);
    expect(() => loadXSettings(loadConfig({ X_API_URL: 'ftp://api.x.com' }))).toThrow(ConfigError);
  });
});

describe('loadXSettings for test worlds', () => {
  it("sends a test world's calls to the service's own emulator, even when live traffic goes to the real X", () => {
    const settings = loadXSettings(
      loadConfig({ ...PUBLIC, NETWORK_EMULATOR: 'off', X_CLIENT_ID: 'cid', X_CLIENT_SECRET: 'csecret' }),
    );
    expect(settings.testWorld).toMatchObject({
      authorizeUrl: 'https://social.example.com/emulator/x/i/oauth2/authorize',
      apiUrl: 'https://social.example.com/emulator/x/api',
      emulated: true,
    });
  });
});
