import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig } from '../../config/load-config';
import { BlueskyOAuthClient } from './bluesky-oauth-client';
import { loadBlueskySettings } from './bluesky.settings';

const KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString()
  .replace(/\n/g, '\\n');

describe('loadBlueskySettings: atproto OAuth', () => {
  it('has no OAuth client without a key: app passwords only', () => {
    const settings = loadBlueskySettings(
      loadConfig({ PUBLIC_URL: 'https://social.example.com', NETWORK_EMULATOR: 'off' }),
    );
    expect(settings.oauth).toBeUndefined();
    expect(settings).toMatchObject({ plcUrl: 'https://plc.directory', allowHttp: false });
  });

  it('makes the client from a PEM key with escaped newlines, its id under PUBLIC_URL', () => {
    const settings = loadBlueskySettings(
      loadConfig({ PUBLIC_URL: 'https://social.example.com', NETWORK_EMULATOR: 'off', BLUESKY_OAUTH_PRIVATE_KEY: KEY }),
    );
    expect(settings.oauth).toBeInstanceOf(BlueskyOAuthClient);
    expect(settings.oauth!.clientId).toBe('https://social.example.com/oauth/bluesky/client-metadata.json');
    expect(settings.testWorld!.oauth).toBe(settings.oauth);
  });

  it('refuses to start with a key where Bluesky could not fetch the client id (http, an address)', () => {
    for (const url of ['http://social.example.com', 'https://10.0.0.5']) {
      expect(() =>
        loadBlueskySettings(loadConfig({ PUBLIC_URL: url, NETWORK_EMULATOR: 'off', BLUESKY_OAUTH_PRIVATE_KEY: KEY })),
      ).toThrow(ConfigError);
    }
    // Emulated, the service's own emulator fetches it over http.
    expect(
      loadBlueskySettings(
        loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000', NETWORK_EMULATOR: 'on', BLUESKY_OAUTH_PRIVATE_KEY: KEY }),
      ).oauth,
    ).toBeDefined();
  });
});
