import { FastifyRequest } from 'fastify';
import { requestParams } from './request-params';

const requestOf = (fields: { query?: unknown; body?: unknown }) => fields as unknown as FastifyRequest;

describe('requestParams', () => {
  it('reads the query and a JSON or form body, the body winning', () => {
    expect(requestParams(requestOf({ query: { a: '1', b: '2' }, body: { b: 3, c: ['x', 'y'] } }))).toEqual({
      a: '1',
      b: '3',
      c: 'y',
    });
  });

  it('takes nothing from a body of raw bytes (an upload), however large', () => {
    // A megabyte of bytes once became a million "parameters", and spreading them overflowed the stack.
    const upload = Buffer.alloc(1024 * 1024, 7);
    expect(requestParams(requestOf({ query: { did: 'did:plc:x' }, body: upload }))).toEqual({ did: 'did:plc:x' });
  });
});
