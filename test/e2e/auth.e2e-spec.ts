import request from 'supertest';
import { generateApiKey, hashApiKey } from '../../src/auth/api-key-format';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

interface RegisteredRoute {
  method: string;
  url: string;
}

/** Routes that are meant to be open. Anything else the router knows must demand an API key. */
/** The dashboard's pages are opened by a session cookie, never by an API key (checked below). */
const isDashboardRoute = (route: RegisteredRoute): boolean =>
  route.url === '/' || route.url === '/dashboard' || route.url.startsWith('/dashboard/');
const isPublicRoute = (route: RegisteredRoute): boolean =>
  route.url === '/health' ||
  route.url === '/health/live' ||
  route.url === '/health/ready' ||
  route.url.startsWith('/api/docs') ||
  route.url === '/oauth/:network/callback' ||
  // The service's own sign-in page (app passwords): the attempt's one-time state is the permission (sign-in-page.e2e-spec.ts).
  route.url === '/oauth/:network/sign-in' ||
  // Documents a network reads from the service (Bluesky's OAuth client metadata and JWKS): public by nature.
  route.url === '/oauth/:network/:document' ||
  route.url.startsWith('/emulator') ||
  // Signed media URLs: the signature is the permission (media.e2e-spec.ts refuses bad ones).
  route.url.startsWith('/media-uploads/') ||
  route.url.startsWith('/media-files/') ||
  isDashboardRoute(route);

function concretePath(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, 'x_unknown_1').replace(/\*/g, 'anything');
}

function send(server: TestApp['server'], route: RegisteredRoute, authorization?: string): request.Test {
  const path = concretePath(route.url);
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
  let call = request(server)[method](path);
  if (authorization !== undefined) call = call.set('Authorization', authorization);
  if (['POST', 'PUT', 'PATCH'].includes(route.method)) call = call.send({});
  return call;
}

describe('Authentication on every route', () => {
  let t: TestApp;
  let customer: TestCustomer;
  let revokedKey: string;
  const routes: RegisteredRoute[] = [];

  beforeAll(async () => {
    t = await startTestApp({
      beforeRoutes: (adapter) =>
        adapter.getInstance().addHook('onRoute', (route) => {
          for (const method of [route.method].flat()) routes.push({ method, url: route.url });
        }),
    });
    customer = await t.createCustomer();
    const revoked = await t.app.get(ApiKeysService).create(customer.id, 'to revoke');
    await t.app.get(ApiKeysService).revoke(revoked.key.id);
    revokedKey = revoked.plaintext;
  });
  afterAll(() => t.close());

  const protectedRoutes = () => routes.filter((route) => !isPublicRoute(route) && route.method !== 'HEAD');

  it('sees the routes of the application', () => {
    expect(protectedRoutes().map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /api/v1/social-accounts', 'DELETE /api/v1/social-accounts/:id']),
    );
  });

  it('never opens a dashboard page or form to an API key: without a session, each goes to sign-in', async () => {
    const dashboardRoutes = routes.filter(
      (route) =>
        isDashboardRoute(route) &&
        route.method !== 'HEAD' &&
        !route.url.startsWith('/dashboard/assets/') &&
        route.url !== '/dashboard/sign-in',
    );
    expect(dashboardRoutes.length).toBeGreaterThan(10);
    for (const route of dashboardRoutes) {
      const response = await send(t.server, route, `Bearer ${customer.apiKey}`);
      expect({
        route: `${route.method} ${route.url}`,
        status: response.status,
        location: response.headers.location,
      }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 303,
        location: '/dashboard/sign-in',
      });
    }
  });

  const rejectedCredentials: Array<[string, () => string | undefined]> = [
    ['no Authorization header', () => undefined],
    ['a malformed header', () => 'Basic Zm9vOmJhcg=='],
    ['a malformed key', () => 'Bearer not-a-key'],
    ['a well-formed key nobody issued', () => `Bearer ${generateApiKey().plaintext}`],
    ['a revoked key', () => `Bearer ${revokedKey}`],
  ];

  it.each(rejectedCredentials)(
    'answers 401 in the error envelope to %s, on every non-public route',
    async (_, header) => {
      for (const route of protectedRoutes()) {
        const response = await send(t.server, route, header());
        expect({
          route: `${route.method} ${route.url}`,
          status: response.status,
          code: response.body?.error?.code,
        }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 401,
          code: 'unauthorized',
        });
        expect(response.body.success).toBe(false);
        expect(response.headers['x-request-id']).toBe(response.body.error.requestId);
        expect(response.headers['www-authenticate']).toBe('Bearer');
      }
    },
  );

  it('lets the public routes through without a key', async () => {
    const documented = ['/health', '/health/live', '/health/ready', '/api/docs', '/api/docs.json', '/api/docs.yaml'];
    const publicRoutes = routes.filter((route) => route.method === 'GET' && documented.includes(route.url));
    expect(publicRoutes.map((route) => route.url).sort()).toEqual([...documented].sort());
    for (const route of publicRoutes) {
      const response = await send(t.server, route);
      expect({ url: route.url, status: response.status }).toEqual({ url: route.url, status: 200 });
    }
  });

  it('says whether a refused key is missing, malformed, or unknown or revoked (never which of the last two)', async () => {
    const refusal = async (authorization?: string) => {
      let call = request(t.server).get('/api/v1/social-accounts?tenantId=t1');
      if (authorization !== undefined) call = call.set('Authorization', authorization);
      const response = await call;
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('unauthorized');
      return response.body.error.message as string;
    };
    const missing = await refusal();
    const malformed = [await refusal('Bearer sps_short'), await refusal('Bearer sk_live_' + 'a'.repeat(43))];
    const unknown = await refusal(`Bearer ${generateApiKey('live').plaintext}`);
    const revoked = await refusal(`Bearer ${revokedKey}`);
    expect(missing).toMatch(/API key is required/);
    expect(malformed).toEqual([expect.stringMatching(/malformed/), expect.stringMatching(/malformed/)]);
    expect(malformed[0]).toBe(malformed[1]);
    expect(unknown).toMatch(/unknown or revoked/);
    // Unknown and revoked are one answer: it must not tell a leaked key's holder it was ever real.
    expect(revoked).toBe(unknown);
    expect(new Set([missing, malformed[0], unknown]).size).toBe(3);
  });

  it('accepts a valid key, and stops accepting it as soon as it is revoked', async () => {
    const fresh = await t.app.get(ApiKeysService).create(customer.id, 'short-lived');
    const list = () =>
      request(t.server).get('/api/v1/social-accounts?tenantId=t1').set('Authorization', `Bearer ${fresh.plaintext}`);
    expect((await list()).status).toBe(200);
    await t.app.get(ApiKeysService).revoke(fresh.key.id);
    const afterRevoke = await list();
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.error.code).toBe('unauthorized');
  });

  it('stops accepting a remembered key as soon as another instance revokes it (or its customer is deleted)', async () => {
    await until('the instance to listen for revocations', async () => {
      const [row] = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN api_key_revoked' AND datname = current_database()",
      );
      return row!.n > 0;
    });
    const service = t.app.get(ApiKeysService);
    for (const revoke of [
      (id: string) => t.db.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [id]),
      (id: string) => t.db.query('DELETE FROM api_keys WHERE id = $1', [id]),
    ]) {
      const fresh = await service.create(customer.id, 'remembered');
      const list = () =>
        request(t.server).get('/api/v1/social-accounts?tenantId=t1').set('Authorization', `Bearer ${fresh.plaintext}`);
      expect((await list()).status).toBe(200);
      // Remembered: a second request is answered without the key being read again.
      expect(service.cache.get(hashApiKey(fresh.plaintext))).toEqual(
        expect.objectContaining({ apiKeyId: fresh.key.id }),
      );
      // Revoked behind this instance's back, as another instance (or the dashboard elsewhere) would.
      await revoke(fresh.key.id);
      // Forgotten once the revocation is heard: the key is refused within a second.
      const refused = await until(
        'the revoked key to be refused',
        async () => {
          const { status } = await list();
          return status !== 200 && status;
        },
        1_000,
        25,
      );
      expect(refused).toBe(401);
    }
  });

  it('accepts the scheme name in any case and records when the key was last used', async () => {
    const response = await request(t.server)
      .get('/api/v1/social-accounts?tenantId=t1')
      .set('Authorization', `bearer ${customer.apiKey}`);
    expect(response.status).toBe(200);
    // Recorded after the answer, off the request's path.
    const lastUsed = await until('the key to be recorded as used', async () => {
      const [row] = await t.db.query<{ last_used_at: Date | null }>('SELECT last_used_at FROM api_keys WHERE id = $1', [
        customer.apiKeyId,
      ]);
      return row?.last_used_at;
    });
    expect(lastUsed).toBeInstanceOf(Date);
  });

  it('stores only a hash of each key', async () => {
    const rows = await t.db.query<{ key_hash: string; display_prefix: string }>(
      'SELECT key_hash, display_prefix FROM api_keys',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.display_prefix.length).toBeLessThan(12);
    }
    expect(JSON.stringify(rows)).not.toContain(customer.apiKey);
  });
});
