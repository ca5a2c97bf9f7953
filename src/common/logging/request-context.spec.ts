import { Writable } from 'node:stream';
import { createRootLogger } from './root-logger';
import { requestContext } from './request-context';
import { inSpan } from '../../observability';
import { traceInMemory } from '../../observability/tracing/tracing.testing';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createRootLogger('info', destination), lines };
}

describe('request-scoped log lines', () => {
  it('adds the request id inside a request, and nothing outside one', async () => {
    const { logger, lines } = capture();
    logger.info('outside');
    await requestContext.run({ requestId: 'req_a' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.warn({ detail: 1 }, 'inside');
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).not.toHaveProperty('requestId');
    expect(lines[1]).toMatchObject({ requestId: 'req_a', detail: 1, msg: 'inside' });
  });

  it("keeps a line's own fields over the mixin's, and leaves the caller's object alone", async () => {
    const { logger, lines } = capture();
    const fields = { requestId: 'given', n: 1 };
    requestContext.run({ requestId: 'req_b' }, () => logger.info(fields, 'own'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).toMatchObject({ requestId: 'given', n: 1 });
    expect(fields).toEqual({ requestId: 'given', n: 1 });
  });

  it('adds the trace and span ids inside a span, beside the request id, and nothing without tracing', async () => {
    const { logger, lines } = capture();
    await inSpan({ name: 'untraced' }, async () => logger.info('no tracing'));
    const tracing = traceInMemory();
    try {
      await requestContext.run({ requestId: 'req_c' }, () =>
        inSpan({ name: 'request' }, async () => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          logger.info('in a request');
        }),
      );
      await inSpan({ name: 'attempt' }, async () => logger.info('in a worker'));
      await new Promise((resolve) => setImmediate(resolve));
      const [request, attempt] = await tracing.spans();
      expect(lines[0]).not.toHaveProperty('traceId');
      expect(lines[1]).toMatchObject({
        requestId: 'req_c',
        traceId: request!.spanContext().traceId,
        spanId: request!.spanContext().spanId,
      });
      expect(lines[2]).toMatchObject({
        traceId: attempt!.spanContext().traceId,
        spanId: attempt!.spanContext().spanId,
      });
      expect(lines[2]).not.toHaveProperty('requestId');
    } finally {
      await tracing.stop();
    }
  });
});
