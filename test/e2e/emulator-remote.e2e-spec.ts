import { FastifyInstance } from 'fastify';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The emulator's control API without a key acts on the in-memory default world, and only for a
 * caller on this machine that did not come through a proxy. A remote caller, or anything a proxy
 * forwarded (which would look local on the socket), gets 401, whatever TRUST_PROXY says.
 */
describe.each([
  ['TRUST_PROXY off', {}],
  ['TRUST_PROXY=1', { TRUST_PROXY: '1' }],
])('The emulator control API from elsewhere (%s)', (_label, env: Record<string, string>) => {
  let t: TestApp;
  let fastify: FastifyInstance;

  beforeAll(async () => {
    t = await startTestApp({ env: { NETWORK_EMULATOR: 'on', ...env } });
    fastify = t.app.getHttpAdapter().getInstance() as FastifyInstance;
  });
  afterAll(() => t.close());

  const call = (remoteAddress: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET') =>
    fastify.inject({
      method,
      url: '/emulator/control/users',
      remoteAddress,
      headers,
      ...(method === 'POST' ? { payload: {} } : {}),
    });

  it('answers a keyless call from loopback with no proxy headers (the development default world)', async () => {
    expect((await call('127.0.0.1')).statusCode).toBe(200);
  });

  it('refuses a keyless call from a non-loopback address with 401', async () => {
    for (const address of ['203.0.113.7', '10.0.0.5', '::ffff:192.0.2.1', '2001:db8::1']) {
      const response = await call(address);
      expect({ address, status: response.statusCode, auth: response.headers['www-authenticate'] }).toEqual({
        address,
        status: 401,
        auth: 'Bearer',
      });
    }
  });

  it('refuses a keyless call carrying any proxy header, even on a loopback socket, with 401', async () => {
    const proxied: Array<Record<string, string>> = [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': '203.0.113.7' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of proxied) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await call('127.0.0.1', headers, method);
        expect({ headers, method, status: response.statusCode }).toEqual({ headers, method, status: 401 });
      }
    }
  });
});
