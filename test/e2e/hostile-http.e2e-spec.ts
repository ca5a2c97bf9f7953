import request from 'supertest';
import { capturingLogger } from '../support/log-capture';
import { parseRawAnswer, rawRequest } from '../support/raw-http';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const envelope = (code: string) => ({
  success: false,
  error: expect.objectContaining({ code, requestId: expect.any(String) }),
});

describe('Hostile and malformed HTTP', () => {
  let t: TestApp;
  let customer: TestCustomer;
  let port: number;
  const logs = capturingLogger();

  beforeAll(async () => {
    t = await startTestApp({ logger: logs.logger, env: { BODY_LIMIT_BYTES: '4096' } });
    customer = await t.createCustomer();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.getHttpServer().address() as { port: number }).port;
  });
  afterAll(() => t.close());

  const authed = (test: request.Test) => test.set('Authorization', `Bearer ${customer.apiKey}`);

  it('answers ids no account can have (NUL bytes, other shapes) with the plain 404', async () => {
    for (const id of ['%00', 'a%00b', 'acc_%00', 'cus_abc', 'acc_' + 'x'.repeat(80), "acc_1'--"]) {
      const response = await authed(request(t.server).delete(`/api/v1/social-accounts/${id}`));
      expect({ id, status: response.status, body: response.body }).toEqual({
        id,
        status: 404,
        body: {
          success: false,
          error: { code: 'not_found', message: 'Account not found', requestId: expect.any(String) },
        },
      });
    }
  });

  it('answers requests Node cannot parse in the envelope, with a request id', async () => {
    for (const bytes of [
      'GARBAGE\r\n\r\n',
      'GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
      'GET /health HTTP/9.9\r\n\r\n',
    ]) {
      const answer = parseRawAnswer(await rawRequest(port, bytes));
      expect({ bytes, status: answer.status }).toEqual({ bytes, status: 400 });
      expect(answer.body).toEqual(envelope('bad_request'));
      expect(answer.headers['x-request-id']).toMatch(/^req_/);
    }
  });

  it('answers oversized headers with 431 in the envelope', async () => {
    const answer = parseRawAnswer(
      await rawRequest(port, `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual(envelope('request_header_too_large'));
  });

  it('refuses a caller without a key before reading its body', async () => {
    const big = await request(t.server)
      .post('/api/v1/social-accounts')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ pad: 'x'.repeat(10_000) }));
    const notJson = await request(t.server)
      .delete('/api/v1/social-accounts/acc_x')
      .set('Content-Type', 'text/plain')
      .send('hello');
    const unknownRoute = await request(t.server).get('/api/v1/secret-admin-route');
    for (const response of [big, notJson, unknownRoute]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual(envelope('unauthorized'));
    }
  });

  it('refuses a request carrying two Authorization headers', async () => {
    const answer = parseRawAnswer(
      await rawRequest(
        port,
        `GET /api/v1/social-accounts?tenantId=t HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${customer.apiKey}\r\nAuthorization: Bearer sps_other\r\nConnection: close\r\n\r\n`,
      ),
    );
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(envelope('unauthorized'));
  });

  it('refuses prototype keys in the query and the body', async () => {
    for (const query of ['__proto__=1&tenantId=t', 'constructor=1&tenantId=t', '__proto__[x]=1&tenantId=t']) {
      const response = await authed(request(t.server).get(`/api/v1/social-accounts?${query}`));
      expect({ query, status: response.status, code: response.body.error?.code }).toEqual({
        query,
        status: 400,
        code: 'validation_failed',
      });
    }
    const body = await authed(
      request(t.server)
        .delete('/api/v1/social-accounts/acc_x')
        .set('Content-Type', 'application/json')
        .send('{"__proto__":{}}'),
    );
    expect(body.status).toBe(400);
    expect(body.body.error).toEqual(
      expect.objectContaining({ code: 'invalid_json', message: expect.stringContaining('forbidden property name') }),
    );
  });

  it('answers framework errors without echoing the URL', async () => {
    const longId = 'acc_' + 'y'.repeat(200);
    const response = await authed(request(t.server).get(`/api/v1/nope/${longId}`));
    expect(response.status).toBe(404);
    expect(JSON.stringify(response.body)).not.toContain(longId);
  });

  it('never writes an API key into the logs, wherever a client puts it', async () => {
    const key = customer.apiKey;
    await request(t.server)
      .get(`/api/v1/social-accounts?tenantId=t&api_key=${key}`)
      .set('Authorization', `Bearer ${key}`);
    await request(t.server).get(`/api/v1/social-accounts?tenantId=t&q=${key}`).set('Authorization', `Bearer ${key}`);
    await request(t.server).delete(`/api/v1/social-accounts/${key}`).set('Authorization', `Bearer ${key}`);
    await request(t.server).get('/health').set('X-Request-Id', key);
    const last = await request(t.server)
      .get('/api/v1/social-accounts?%ZZ=1&code=oauth-code-123&tenantId=t')
      .set('Authorization', `Bearer ${key}`);
    // Each request is logged once its answer has gone: the last one's line is the sign all are in.
    const lastId = last.headers['x-request-id'] as string;
    const text = await until('the last request to be logged', () =>
      logs.text().includes(`"requestId":"${lastId}"`) ? logs.text() : undefined,
    );
    expect(text).toContain('"msg":"request"');
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(4));
    expect(text).not.toContain('oauth-code-123');
  });
});
