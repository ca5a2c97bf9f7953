import { ConfigError, loadConfig } from '../../config/load-config';
import { loadFacebookSettings } from './facebook.settings';

const PUBLIC = { PUBLIC_URL: 'https://social.example.com' };

describe('loadFacebookSettings', () => {
  it('uses the real hosts when credentials are set', () => {
    expect(
      loadFacebookSettings(loadConfig({ ...PUBLIC, FACEBOOK_APP_ID: 'fb', FACEBOOK_APP_SECRET: 'fbs' })),
    ).toMatchObject({
      dialogUrl: 'https://www.facebook.com/v25.0/dialog/oauth',
      graphUrl: 'https://graph.facebook.com/v25.0',
      serviceApp: { clientId: 'fb', clientSecret: 'fbs' },
      emulated: false,
      videoPollMs: 30_000,
    });
  });

  it('points at the emulator without credentials', () => {
    expect(loadFacebookSettings(loadConfig(PUBLIC))).toMatchObject({
      dialogUrl: 'https://social.example.com/emulator/facebook/v25.0/dialog/oauth',
      graphUrl: 'https://social.example.com/emulator/facebook/graph/v25.0',
      serviceApp: undefined,
      emulated: true,
      videoPollMs: 30_000,
    });
  });

  it('polls a processing video as often as FACEBOOK_VIDEO_POLL_MS says, within bounds', () => {
    expect(loadFacebookSettings(loadConfig({ ...PUBLIC, FACEBOOK_VIDEO_POLL_MS: '2000' })).videoPollMs).toBe(2_000);
    expect(() => loadFacebookSettings(loadConfig({ ...PUBLIC, FACEBOOK_VIDEO_POLL_MS: '10' }))).toThrow(ConfigError);
  });

  it('gives the service-wide app its Meta settings, and refuses them without an app or malformed', () => {
    const app = { ...PUBLIC, FACEBOOK_APP_ID: 'fb', FACEBOOK_APP_SECRET: 'fbs' };
    expect(loadFacebookSettings(loadConfig(app)).serviceApp).toEqual({ clientId: 'fb', clientSecret: 'fbs' });
    expect(
      loadFacebookSettings(
        loadConfig({
          ...app,
          FACEBOOK_LOGIN_CONFIG_ID: '1234567890',
          FACEBOOK_REQUIRE_APP_SECRET_PROOF: 'true',
          FACEBOOK_BUSINESS_ACCESS: 'true',
        }),
      ).serviceApp,
    ).toEqual({
      clientId: 'fb',
      clientSecret: 'fbs',
      loginConfigId: '1234567890',
      requireAppSecretProof: true,
      businessAccess: true,
    });
    expect(() => loadFacebookSettings(loadConfig({ ...PUBLIC, FACEBOOK_LOGIN_CONFIG_ID: '1' }))).toThrow(
      /FACEBOOK_LOGIN_CONFIG_ID: describes the service-wide app/,
    );
    expect(() => loadFacebookSettings(loadConfig({ ...app, FACEBOOK_LOGIN_CONFIG_ID: 'abc' }))).toThrow(ConfigError);
    expect(() => loadFacebookSettings(loadConfig({ ...app, FACEBOOK_BUSINESS_ACCESS: 'yes' }))).toThrow(ConfigError);
  });

  it('refuses half a set of credentials', () => {
    expect(() => loadFacebookSettings(loadConfig({ FACEBOOK_APP_ID: 'fb' }))).toThrow(ConfigError);
  });
});
