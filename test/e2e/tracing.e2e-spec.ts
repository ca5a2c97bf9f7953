import { randomBytes } from 'node:crypto';
import { freePort } from '../support/free-port';
import { cliCustomer, connectXOverHttp, processEnv } from '../support/process-customer';
import { OtlpReceiver, ReceivedSpan } from '../support/otlp-receiver';
import { assertServiceBuilt, ServiceProcess, startServiceProcess } from '../support/service-process';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { until } from '../support/until';
import { NETWORK_OPERATIONS } from '../../src/observability';

const TEXT = `Traced from the request to the network ${randomBytes(4).toString('hex')}`;
/** OTLP's SpanKind and status codes. */
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

async function json<T>(response: Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}

/**
 * One trace from POST /posts to the network's answer, across processes: an API process and a
 * worker process (as on two machines: all they share is the database) export to a small OTLP/HTTP
 * receiver. The request carries a traceparent of its caller; the post keeps the request's, and the
 * worker's attempt and its network call join that trace. Both processes stop with SIGTERM first,
 * so what they still held is flushed by the shutdown.
 */
describe('Traces over OTLP/HTTP', () => {
  let db: TestDatabase;
  let receiver: OtlpReceiver;
  let api: ServiceProcess;
  let worker: ServiceProcess | undefined;
  let baseUrl: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    assertServiceBuilt();
    db = await createTestDatabase();
    receiver = await OtlpReceiver.started();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = processEnv(db.url, port, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20collector-secret',
      OTEL_SERVICE_NAME: 'sps-traced',
    });
    api = startServiceProcess({ ...env, ROLE: 'api', OTEL_RESOURCE_ATTRIBUTES: 'sps.process=api' });
    await api.waitFor('Listening');
  }, 120_000);

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await receiver?.stop();
    await db?.drop();
  });

  it('holds POST /posts, the worker’s attempt and its network call in one trace, with no secret in it', async () => {
    const headers = await cliCustomer(env, 'traced', 'https://app.example.com/cb');
    const { accountId, session } = await connectXOverHttp(baseUrl, headers, 'https://app.example.com/cb');

    // The caller's own trace: the service's request span must join it.
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const accepted = await fetch(`${baseUrl}/api/v1/posts`, {
      method: 'POST',
      headers: { ...headers, traceparent: `00-${traceId}-${callerSpanId}-01` },
      body: JSON.stringify({ tenant_id: 't', accounts: [accountId], containers: [{ content: TEXT }] }),
    });
    expect(accepted.status).toBe(202);
    const postId = ((await accepted.json()) as { data: { id: string } }).data.id;

    // The worker starts after the post is written: nothing but the database carries the context to it.
    worker = startServiceProcess({ ...env, ROLE: 'worker', OTEL_RESOURCE_ATTRIBUTES: 'sps.process=worker' });
    await worker.waitFor('Worker started');
    const status = async () =>
      (
        await json<{ data: { deliveries: Array<{ status: string }> } }>(
          fetch(`${baseUrl}/api/v1/posts/${postId}`, { headers }),
        )
      ).data.deliveries[0]!.status;
    await until('the delivery to be published', async () => (await status()) === 'published', 30_000, 100);
    expect(await worker.stop()).toBe(0);
    expect(await api.stop()).toBe(0);

    const trace = receiver.spans.filter((span) => span.traceId === traceId);
    const one = (name: string, test: (span: ReceivedSpan) => boolean = () => true) => {
      const found = trace.filter((span) => span.name === name && test(span));
      expect({ name, found: found.length }).toEqual({ name, found: 1 });
      return found[0]!;
    };
    const request = one('POST /api/v1/posts');
    expect(request).toMatchObject({
      parentSpanId: callerSpanId,
      kind: SERVER,
      attributes: { 'http.route': '/api/v1/posts', 'http.response.status_code': 202 },
      resource: { 'service.name': 'sps-traced', 'sps.process': 'api' },
    });
    const attempt = one('publish delivery');
    expect(attempt).toMatchObject({
      parentSpanId: request.spanId,
      kind: CONSUMER,
      statusCode: 0,
      attributes: { 'sps.post.id': postId, 'sps.network': 'x', 'sps.delivery.attempt': 1 },
      resource: { 'sps.process': 'worker' },
    });
    const calls = trace.filter((span) => span.parentSpanId === attempt.spanId && span.kind === CLIENT);
    const publish = calls.find((span) => span.name === 'POST /emulator/x/api/2/tweets');
    expect(publish).toMatchObject({
      attributes: {
        'sps.network': 'x',
        'sps.operation': 'publish',
        'http.request.method': 'POST',
        'server.address': '127.0.0.1',
        'url.template': '/emulator/x/api/2/tweets',
      },
      resource: { 'sps.process': 'worker' },
    });
    expect(publish!.attributes['http.response.status_code']).toBeGreaterThanOrEqual(200);
    expect(publish!.attributes['http.response.status_code']).toBeLessThan(300);
    for (const call of calls) expect(NETWORK_OPERATIONS).toContain(call.attributes['sps.operation']);

    // Our context never goes out with a call to a network: the emulator's own span of that call
    // (served by the API process) is in a trace of its own.
    const served = receiver.spans.filter(
      (span) => span.kind === SERVER && span.attributes['http.route']?.toString().startsWith('/emulator/x/'),
    );
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((span) => span.traceId === traceId)).toEqual([]);

    // No key, token, header, query or body in any span of either process.
    const everything = JSON.stringify(receiver.spans.map((span) => span.attributes));
    const key = headers.Authorization!.slice('Bearer '.length);
    for (const secret of [key, TEXT, 'Bearer', 'collector-secret', session, '?'])
      expect(everything).not.toContain(secret);
    expect(Object.keys(Object.assign({}, ...receiver.spans.map((span) => span.attributes)))).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(url\.(full|query|path)|http\.request\.header)/)]),
    );
    // The collector's credentials went where they belong: in the export's own headers.
    expect(receiver.requests[0]!.headers.authorization).toBe('Bearer collector-secret');
    expect(api.output()).not.toContain('collector-secret');

    // The request's log line names its trace and span.
    const requestLine = api
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'request' && (line.req as { url?: string } | undefined)?.url === '/api/v1/posts');
    expect(requestLine).toMatchObject({ traceId, spanId: request.spanId, requestId: expect.any(String) });
  }, 120_000);
});
