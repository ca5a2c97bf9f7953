import { loadConfig } from '../../config/load-config';
import { loadTikTokSettings } from './tiktok.settings';

const config = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'development', ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'), ...env });

describe('TikTok settings', () => {
  it('talks to TikTok with its own app: open.tiktokapis.com, Login Kit, chunks of 10 MB, an audited app', () => {
    const settings = loadTikTokSettings(
      config({ NETWORK_EMULATOR: 'auto', TIKTOK_CLIENT_KEY: 'key', TIKTOK_CLIENT_SECRET: 'secret' }),
    );
    expect(settings).toMatchObject({
      authorizeUrl: 'https://www.tiktok.com/v2/auth/authorize/',
      apiUrl: 'https://open.tiktokapis.com',
      emulated: false,
      chunkBytes: 10 * 1024 * 1024,
      pullUrlPrefixes: [],
      audited: true,
      serviceApp: { clientId: 'key', clientSecret: 'secret' },
    });
    expect(settings.testWorld).toMatchObject({
      emulated: true,
      apiUrl: expect.stringMatching(/\/emulator\/tiktok\/open$/),
    });
  });

  it('reads the verified prefixes and an unaudited app, and emulates TikTok without credentials', () => {
    const settings = loadTikTokSettings(
      config({
        TIKTOK_PULL_URL_PREFIXES: 'https://cdn.example.com/,https://media.example.com/v/',
        TIKTOK_APP_AUDITED: 'false',
      }),
    );
    expect(settings).toMatchObject({
      emulated: true,
      pullUrlPrefixes: ['https://cdn.example.com/', 'https://media.example.com/v/'],
      audited: false,
      authorizeUrl: expect.stringMatching(/\/emulator\/tiktok\/v2\/auth\/authorize\/$/),
    });
  });

  it('refuses chunks outside the media transfer guide’s 5 to 64 MB, and prefixes that are not URLs', () => {
    expect(() => loadTikTokSettings(config({ TIKTOK_CHUNK_BYTES: String(4 * 1024 * 1024) }))).toThrow(
      /TIKTOK_CHUNK_BYTES/,
    );
    expect(() => loadTikTokSettings(config({ TIKTOK_CHUNK_BYTES: String(65 * 1024 * 1024) }))).toThrow(
      /TIKTOK_CHUNK_BYTES/,
    );
    expect(() => loadTikTokSettings(config({ TIKTOK_PULL_URL_PREFIXES: 'cdn.example.com' }))).toThrow(
      /TIKTOK_PULL_URL_PREFIXES/,
    );
  });
});
