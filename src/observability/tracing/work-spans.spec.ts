import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { traceInMemory } from './tracing.testing';
import { backgroundJobSpan, deliveryAttemptSpan, periodicTaskSpan, webhookAttemptSpan } from './work-spans';

describe('the spans of background work', () => {
  let tracing: ReturnType<typeof traceInMemory>;
  beforeEach(() => (tracing = traceInMemory()));
  afterEach(() => tracing.stop());

  it('makes a delivery attempt the child of the request that made its post', async () => {
    await deliveryAttemptSpan(
      {
        deliveryId: 'dlv_1',
        postId: 'post_1',
        network: 'x',
        attempt: 2,
        resuming: false,
        traceParent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      },
      async () => undefined,
    );
    const [span] = await tracing.spans();
    expect(span!.name).toBe('publish delivery');
    expect(span!.kind).toBe(SpanKind.CONSUMER);
    expect(span!.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(span!.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(span!.attributes).toEqual({
      'sps.delivery.id': 'dlv_1',
      'sps.post.id': 'post_1',
      'sps.network': 'x',
      'sps.delivery.attempt': 2,
      'sps.delivery.resuming': false,
    });
  });

  it("names a webhook's host only, and fails on anything but 2xx", async () => {
    const url = 'https://hooks.example.com/in/abc?token=customer-secret';
    await webhookAttemptSpan({ eventId: 'evt_1', url }, async () => ({ statusCode: 204, error: null }));
    await webhookAttemptSpan({ eventId: 'evt_2', url }, async () => ({ statusCode: 500, error: 'body: oops' }));
    await webhookAttemptSpan({ eventId: 'evt_3', url }, async () => ({ statusCode: null, error: 'No answer' }));
    const [delivered, refused, unanswered] = await tracing.spans();
    expect(delivered!.attributes).toEqual({
      'sps.event.id': 'evt_1',
      'http.request.method': 'POST',
      'server.address': 'hooks.example.com',
      'http.response.status_code': 204,
    });
    expect(delivered!.status.code).toBe(SpanStatusCode.UNSET);
    expect([refused!.status.code, refused!.attributes['error.type']]).toEqual([SpanStatusCode.ERROR, '500']);
    expect([unanswered!.status.code, unanswered!.attributes['error.type']]).toEqual([
      SpanStatusCode.ERROR,
      'no_answer',
    ]);
    const everything = JSON.stringify((await tracing.spans()).map((span) => [span.name, span.attributes]));
    expect(everything).not.toMatch(/customer-secret|oops|\/in\/abc/);
  });

  it('makes a periodic round a span of its own', async () => {
    await expect(
      periodicTaskSpan('token-scan', async () => {
        throw new TypeError('boom');
      }),
    ).rejects.toThrow('boom');
    const [span] = await tracing.spans();
    expect(span!.name).toBe('periodic token-scan');
    expect(span!.parentSpanContext).toBeUndefined();
    expect(span!.attributes).toEqual({ 'sps.task': 'token-scan', 'error.type': 'TypeError' });
  });

  it('makes a background job a span of its own, named by its task, with its attempt and no payload', async () => {
    const answer = await backgroundJobSpan({ task: 'refresh-token', attempt: 2 }, async () => 'refreshed');
    expect(answer).toBe('refreshed');
    const [span] = await tracing.spans();
    expect({ name: span!.name, kind: span!.kind, attributes: span!.attributes }).toEqual({
      name: 'job refresh-token',
      kind: SpanKind.CONSUMER,
      attributes: { 'sps.task': 'refresh-token', 'sps.job.attempt': 2 },
    });
    expect(span!.parentSpanContext).toBeUndefined();
  });
});
