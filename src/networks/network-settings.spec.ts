import { loadConfig } from '../config/load-config';
import { isEmulated, serviceAppFrom } from './network-settings';

const app = { clientId: 'id', clientSecret: 'secret' };

describe('isEmulated', () => {
  it.each([
    ['on', 'development', app, true],
    ['off', 'development', undefined, false],
    ['auto', 'development', undefined, true],
    ['auto', 'development', app, false],
    ['auto', 'production', undefined, false],
  ] as const)('NETWORK_EMULATOR=%s, NODE_ENV=%s, credentials %p → %p', (mode, nodeEnv, credentials, expected) => {
    const config = loadConfig({
      NETWORK_EMULATOR: mode,
      NODE_ENV: nodeEnv,
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    });
    expect(isEmulated(config, credentials)).toBe(expected);
  });
});

describe('serviceAppFrom', () => {
  const names = { id: 'X_CLIENT_ID', secret: 'X_CLIENT_SECRET' };
  it('needs both or neither', () => {
    expect(serviceAppFrom(names, { id: undefined, secret: undefined })).toBeUndefined();
    expect(serviceAppFrom(names, { id: 'a', secret: 'b' })).toEqual({ clientId: 'a', clientSecret: 'b' });
    expect(() => serviceAppFrom(names, { id: 'a', secret: undefined })).toThrow(
      'X_CLIENT_SECRET: required when X_CLIENT_ID is set',
    );
    expect(() => serviceAppFrom(names, { id: undefined, secret: 'b' })).toThrow(
      'X_CLIENT_ID: required when X_CLIENT_SECRET is set',
    );
  });
});
