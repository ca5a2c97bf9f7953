import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from './load-config';

const key = () => randomBytes(32).toString('base64');

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('has working defaults for local use', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      database: { url: undefined, poolSize: 10, queryTimeoutMs: 20000, embeddedPort: 54329 },
      dataDir: '.data',
      http: { bodyLimitBytes: 1048576 },
      logLevel: 'info',
    });
    expect(config.encryption.active).toBeUndefined();
  });

  it('limits each API key to 20 requests/s with a burst of 100 by default; RATE_LIMIT_PER_SECOND=0 turns it off', () => {
    expect(loadConfig({}).rateLimit).toEqual({ perSecond: 20, burst: 100 });
    expect(loadConfig({ RATE_LIMIT_PER_SECOND: '0', RATE_LIMIT_BURST: '5' }).rateLimit).toEqual({
      perSecond: 0,
      burst: 5,
    });
  });

  it('bounds connections per address (256), but not behind a trusted proxy unless told to', () => {
    expect(loadConfig({}).http.maxConnectionsPerAddress).toBe(256);
    expect(loadConfig({ TRUST_PROXY: '1' }).http.maxConnectionsPerAddress).toBe(0);
    expect(
      loadConfig({ TRUST_PROXY: '1', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '500' }).http.maxConnectionsPerAddress,
    ).toBe(500);
    expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' }).http.maxConnectionsPerAddress).toBe(0);
    expect(() => loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(/HTTP_MAX_CONNECTIONS_PER_ADDRESS/);
  });

  it('gives test worlds a quarter of the pool by default, and never the whole pool', () => {
    expect(loadConfig({}).database.worldConnections).toBe(2);
    expect(loadConfig({ DATABASE_POOL_SIZE: '40' }).database.worldConnections).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '2' }).database.worldConnections).toBe(1);
    expect(loadConfig({ DATABASE_POOL_SIZE: '20', DATABASE_WORLD_CONNECTIONS: '3' }).database.worldConnections).toBe(3);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '10', DATABASE_WORLD_CONNECTIONS: '10' })).toThrow(
      /DATABASE_WORLD_CONNECTIONS: must be less than DATABASE_POOL_SIZE/,
    );
  });

  it('bounds keys (50 per customer and mode) and media (10 GB per customer and mode) by default', () => {
    expect(loadConfig({}).apiKeysPerCustomer).toBe(50);
    expect(loadConfig({}).media.quotaBytes).toBe(10 * 1024 ** 3);
    expect(loadConfig({ MEDIA_QUOTA_BYTES: '0' }).media.quotaBytes).toBe(0);
    expect(loadConfig({}).dashboard.signInsPerAddress).toEqual({ burst: 30, perSecond: 0.5 });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.url).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'not a url'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['NETWORK_EMULATOR', 'maybe'],
    ['BODY_LIMIT_BYTES', '12'],
    ['ENCRYPTION_KEY_ID', 'has spaces'],
    ['DATABASE_POOL_SIZE', '0'],
    ['HOST', '999.1.1.1'],
    ['HOST', 'example.com'],
    ['DATABASE_QUERY_TIMEOUT_MS', '5'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '0'],
    ['TRUST_PROXY', '10.0.0.1'],
    ['RATE_LIMIT_PER_SECOND', '-1'],
    ['RATE_LIMIT_PER_SECOND', 'off'],
    ['RATE_LIMIT_BURST', '0'],
    ['RATE_LIMIT_BURST', '1.5'],
    ['API_KEYS_PER_CUSTOMER', '0'],
    ['MEDIA_QUOTA_BYTES', '-1'],
    ['MEDIA_QUOTA_BYTES', '10GB'],
    ['DASHBOARD_SIGN_IN_BURST', '0'],
    ['DASHBOARD_SIGN_IN_PER_MINUTE', 'many'],
  ])('names %s when it is invalid (%s)', (variable, value) => {
    const problems = problemsOf({ [variable]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${variable}: `));
  });

  it('lists every bad variable at once', () => {
    expect(
      problemsOf({ PORT: 'x', LOG_LEVEL: 'y' })
        .map((p) => p.split(':')[0])
        .sort(),
    ).toEqual(['LOG_LEVEL', 'PORT']);
  });

  it('never repeats a secret value in its message', () => {
    const problems = problemsOf({
      ENCRYPTION_KEY: 'not!base64!secretvalue',
      DATABASE_URL: 'mysql://user:hunter2@db/x',
    });
    expect(problems.join('\n')).not.toContain('secretvalue');
    expect(problems.join('\n')).not.toContain('hunter2');
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'ENCRYPTION_KEY']);
  });

  it('requires a 32-byte encryption key', () => {
    expect(problemsOf({ ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })[0]).toMatch(
      /^ENCRYPTION_KEY: .*32 bytes/,
    );
  });

  it('refuses to run in production without an encryption key', () => {
    expect(problemsOf({ NODE_ENV: 'production' })[0]).toMatch(/^ENCRYPTION_KEY: required/);
    expect(loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: key() }).nodeEnv).toBe('production');
  });

  it('reads previous keys for rotation, and refuses one that reuses the active id', () => {
    const config = loadConfig({
      ENCRYPTION_KEY: key(),
      ENCRYPTION_KEY_ID: 'k2',
      ENCRYPTION_PREVIOUS_KEYS: `k1:${key()},k0:${key()}`,
    });
    expect(config.encryption.active?.id).toBe('k2');
    expect(config.encryption.previous.map((k) => k.id)).toEqual(['k1', 'k0']);
    expect(
      problemsOf({ ENCRYPTION_KEY: key(), ENCRYPTION_KEY_ID: 'k1', ENCRYPTION_PREVIOUS_KEYS: `k1:${key()}` })[0],
    ).toMatch(/^ENCRYPTION_PREVIOUS_KEYS: /);
  });

  it('reserves the key id "local" for the generated local key', () => {
    expect(problemsOf({ ENCRYPTION_KEY: key(), ENCRYPTION_KEY_ID: 'local' })[0]).toMatch(/^ENCRYPTION_KEY_ID: /);
    expect(
      loadConfig({ ENCRYPTION_KEY: key(), ENCRYPTION_KEY_ID: 'k2', ENCRYPTION_PREVIOUS_KEYS: `local:${key()}` })
        .encryption.previous[0]?.id,
    ).toBe('local');
  });

  it('refuses the emulator in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', ENCRYPTION_KEY: key(), NETWORK_EMULATOR: 'on' })[0]).toMatch(
      /^NETWORK_EMULATOR: /,
    );
  });

  it('refuses private URLs in production, and allows them elsewhere', () => {
    expect(problemsOf({ NODE_ENV: 'production', ENCRYPTION_KEY: key(), ALLOW_PRIVATE_URLS: 'true' })[0]).toMatch(
      /^ALLOW_PRIVATE_URLS: /,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: key(), ALLOW_PRIVATE_URLS: 'false' }).allowPrivateUrls,
    ).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', ALLOW_PRIVATE_URLS: 'true' }).allowPrivateUrls).toBe(true);
  });

  it('trusts no proxy unless TRUST_PROXY names how many hops', () => {
    expect(loadConfig({}).http.trustProxyHops).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).http.trustProxyHops).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).http.trustProxyHops).toBe(2);
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://api.example.com/' }).publicUrl).toBe('https://api.example.com');
  });
});
