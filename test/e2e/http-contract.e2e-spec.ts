import request from 'supertest';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';

describe('HTTP contract: envelopes, request ids, body rules, API docs', () => {
  let t: TestApp;
  let customer: TestCustomer;
  const BODY_LIMIT = 4096;

  beforeAll(async () => {
    t = await startTestApp({ env: { BODY_LIMIT_BYTES: String(BODY_LIMIT) } });
    customer = await t.createCustomer();
  });
  afterAll(() => t.close());

  const authed = (test: request.Test) => test.set('Authorization', `Bearer ${customer.apiKey}`);

  it('puts a request id on every response, success or error, and echoes a sane incoming one', async () => {
    const ok = await authed(request(t.server).get('/api/v1/social-accounts?tenantId=t'));
    const error = await request(t.server).get('/api/v1/social-accounts?tenantId=t');
    const missing = await request(t.server).get('/no/such/route');
    for (const response of [ok, error, missing])
      expect(response.headers['x-request-id']).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
    expect(error.body.error.requestId).toBe(error.headers['x-request-id']);

    const traced = await request(t.server).get('/health').set('X-Request-Id', 'trace-abc.123');
    expect(traced.headers['x-request-id']).toBe('trace-abc.123');
    const hostile = await request(t.server).get('/health').set('X-Request-Id', '<script>alert(1)</script>');
    expect(hostile.headers['x-request-id']).toMatch(/^req_/);
  });

  it('answers an unknown route with a 404 in the error envelope', async () => {
    const response = await authed(request(t.server).get('/api/v1/nothing-here'));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      success: false,
      error: { code: 'not_found', message: 'Route not found', requestId: expect.any(String) },
    });
  });

  it('refuses a body that is not JSON with 415', async () => {
    for (const [type, body] of [
      ['text/plain', 'hello'],
      ['application/x-www-form-urlencoded', 'a=b'],
      ['application/xml', '<a/>'],
    ]) {
      const response = await authed(
        request(t.server).delete('/api/v1/social-accounts/acc_x').set('Content-Type', type!).send(body),
      );
      expect({ type, status: response.status, code: response.body.error?.code }).toEqual({
        type,
        status: 415,
        code: 'unsupported_media_type',
      });
    }
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await authed(
      request(t.server)
        .delete('/api/v1/social-accounts/acc_x')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT * 2) })),
    );
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('payload_too_large');
  });

  it('refuses malformed JSON with a 400', async () => {
    const response = await authed(
      request(t.server)
        .delete('/api/v1/social-accounts/acc_x')
        .set('Content-Type', 'application/json')
        .send('{"broken":'),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_json');
  });

  it('answers a path with broken percent-encoding with a 4xx in the envelope', async () => {
    const response = await authed(request(t.server).delete('/api/v1/social-accounts/%E0%A4%A'));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.success).toBe(false);
  });

  it('answers /health without the envelope, and without a key', async () => {
    const response = await request(t.server).get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
  });

  describe('OpenAPI', () => {
    it('describes every API route with its envelopes and the bearer scheme', async () => {
      const response = await request(t.server).get('/api/docs.json');
      expect(response.status).toBe(200);
      const document = response.body;
      expect(document.openapi).toMatch(/^3\./);
      expect(document.components.securitySchemes.bearer).toEqual(
        expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      );
      expect(Object.keys(document.paths).sort()).toEqual([
        '/api/v1/events',
        '/api/v1/events/{eventId}',
        '/api/v1/media',
        '/api/v1/media/{id}',
        '/api/v1/networks',
        '/api/v1/networks/{network}',
        '/api/v1/posts',
        '/api/v1/posts/validate',
        '/api/v1/posts/{id}',
        '/api/v1/posts/{id}/comment-requests/{requestId}',
        '/api/v1/posts/{id}/comments',
        '/api/v1/posts/{id}/deliveries/{deliveryId}/attempts',
        '/api/v1/posts/{id}/deliveries/{deliveryId}/retry',
        '/api/v1/posts/{id}/metrics',
        '/api/v1/posts/{id}/publish',
        '/api/v1/posts/{id}/unpublish',
        '/api/v1/posts/{id}/validate',
        '/api/v1/social-accounts',
        '/api/v1/social-accounts/pending/{session}',
        '/api/v1/social-accounts/pending/{session}/finalize',
        '/api/v1/social-accounts/{id}',
        '/api/v1/social-accounts/{id}/boards',
        '/api/v1/social-accounts/{id}/metrics',
        '/api/v1/social-networks/{network}/auth-url',
        '/api/v1/webhooks',
        '/api/v1/webhooks/deliveries',
        '/api/v1/webhooks/deliveries/{eventId}/resend',
        '/api/v1/webhooks/secret/rotate',
        '/api/v1/webhooks/test',
        '/health',
        '/health/live',
        '/health/ready',
      ]);
      for (const probe of ['/health/live', '/health/ready']) expect(document.paths[probe].get.security).toEqual([]);
      for (const [path, item] of Object.entries(
        document.paths as Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>,
      )) {
        if (!path.startsWith('/api/v1/')) continue;
        for (const [method, operation] of Object.entries(item)) {
          expect({ route: `${method} ${path}`, security: operation.security }).toEqual({
            route: `${method} ${path}`,
            security: [{ bearer: [] }],
          });
          expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '503']));
        }
      }

      const listAccounts = document.paths['/api/v1/social-accounts'].get;
      expect(listAccounts.security).toEqual([{ bearer: [] }]);
      expect(listAccounts.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['tenantId', 'status', 'limit', 'cursor']),
      );
      const limit = listAccounts.parameters.find((p: { name: string }) => p.name === 'limit');
      expect(limit).toEqual(
        expect.objectContaining({
          in: 'query',
          required: false,
          schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 500, default: 100 }),
        }),
      );
      const listed = listAccounts.responses['200'].content['application/json'].schema;
      expect(listed.properties.data.items.$ref).toBe('#/components/schemas/AccountView');
      expect(listed.required).toEqual(['success', 'data', 'pagination']);
      expect(listed.properties.pagination.$ref).toBe('#/components/schemas/PaginationDto');
      expect(document.components.schemas.PaginationDto).toEqual(
        expect.objectContaining({
          required: ['nextCursor'],
          properties: { nextCursor: expect.objectContaining({ type: 'string', nullable: true }) },
        }),
      );
      expect(listAccounts.responses['401'].content['application/json'].schema.$ref).toBe(
        '#/components/schemas/ErrorEnvelopeDto',
      );
      expect(document.components.schemas.AccountView.properties.id.example).toMatch(/^acc_/);
    });

    it('serves the explorer UI', async () => {
      const response = await request(t.server).get('/api/docs');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.text).toContain('swagger');
    });
  });
});
