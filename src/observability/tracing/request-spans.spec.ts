import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import Fastify, { FastifyInstance } from 'fastify';
import { envelopeCode, traceRequests } from './request-spans';
import { traceInMemory } from './tracing.testing';

describe('request spans', () => {
  let tracing: ReturnType<typeof traceInMemory>;
  let fastify: FastifyInstance;
  let activeInHandler: string | undefined;

  beforeEach(async () => {
    tracing = traceInMemory();
    fastify = Fastify();
    traceRequests(fastify);
    fastify.get('/api/v1/posts/:id', async () => {
      activeInHandler = trace.getActiveSpan()?.spanContext().spanId;
      return { ok: true };
    });
    fastify.get('/broken', async (_request, reply) =>
      reply
        .code(503)
        .type('application/json')
        .send(JSON.stringify({ success: false, error: { code: 'database_unavailable' } })),
    );
    fastify.get('/refused', async (_request, reply) =>
      reply.code(422).send({ success: false, error: { code: 'validation_failed' } }),
    );
    fastify.get('/health/live', async () => ({ status: 'ok' }));
    await fastify.ready();
  });
  afterEach(async () => {
    await fastify.close();
    await tracing.stop();
  });

  it('names the route template, honours an incoming traceparent, and is active in the handler', async () => {
    await fastify.inject({
      method: 'GET',
      url: '/api/v1/posts/post_secretish?api_key=sps_x',
      headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', authorization: 'Bearer k' },
    });
    const [span] = await tracing.spans();
    expect(span!.name).toBe('GET /api/v1/posts/:id');
    expect(span!.kind).toBe(SpanKind.SERVER);
    expect(span!.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(span!.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(activeInHandler).toBe(span!.spanContext().spanId);
    expect(span!.attributes).toEqual({
      'http.request.method': 'GET',
      'http.route': '/api/v1/posts/:id',
      'url.scheme': 'http',
      'sps.request_id': expect.any(String),
      'http.response.status_code': 200,
    });
  });

  it('fails on a 5xx with our error code, keeps a 4xx code as an attribute, names an unknown route by its method', async () => {
    await fastify.inject({ method: 'GET', url: '/broken' });
    await fastify.inject({ method: 'GET', url: '/refused' });
    await fastify.inject({ method: 'GET', url: '/nowhere/sps_secret' });
    const [broken, refused, nowhere] = await tracing.spans();
    expect([broken!.status.code, broken!.attributes['error.type']]).toEqual([
      SpanStatusCode.ERROR,
      'database_unavailable',
    ]);
    expect(refused!.status.code).toBe(SpanStatusCode.UNSET);
    expect(refused!.attributes['sps.error_code']).toBe('validation_failed');
    expect(nowhere!.name).toBe('GET');
    expect(JSON.stringify(nowhere!.attributes)).not.toContain('sps_secret');
  });

  it('makes no span for the probes', async () => {
    await fastify.inject({ method: 'GET', url: '/health/live' });
    expect(await tracing.spans()).toEqual([]);
  });

  it("reads our envelope's code only", () => {
    expect(envelopeCode('{"success":false,"error":{"code":"not_found"}}')).toBe('not_found');
    expect(envelopeCode('<html>')).toBeUndefined();
    expect(envelopeCode('{"error":{"code":"Has Spaces"}}')).toBeUndefined();
    expect(envelopeCode(Buffer.from('{}'))).toBeUndefined();
  });
});
