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

  it('refuses half a set of credentials', () => {
    expect(() => loadFacebookSettings(loadConfig({ FACEBOOK_APP_ID: 'fb' }))).toThrow(ConfigError);
  });
});
