import { Writable } from 'node:stream';
import { createRootLogger } from './root-logger';
import { requestContext } from './request-context';

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
});
