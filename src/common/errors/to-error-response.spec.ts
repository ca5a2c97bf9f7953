import { BadRequestException, NotFoundException } from '@nestjs/common';
import { ApiException } from './api-exception';
import { isDatabaseUnavailable } from './database-unavailable';
import { toErrorResponse } from './to-error-response';

describe('toErrorResponse', () => {
  it('keeps the code, message and details of an ApiException', () => {
    const response = toErrorResponse(ApiException.validation([{ field: 'tenantId', message: 'bad' }]));
    expect(response).toMatchObject({
      status: 400,
      code: 'validation_failed',
      details: [{ field: 'tenantId', message: 'bad' }],
      unexpected: false,
    });
  });

  it('says nothing about internals in a 500', () => {
    const response = toErrorResponse(new Error('relation "secret_table" does not exist'));
    expect(response).toMatchObject({
      status: 500,
      code: 'internal_error',
      message: 'Internal server error',
      unexpected: true,
    });
  });

  it('turns a database outage into a 503 with Retry-After', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });
    expect(toErrorResponse(refused)).toMatchObject({
      status: 503,
      code: 'database_unavailable',
      headers: { 'Retry-After': '5' },
    });
  });

  it.each([
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, 'payload_too_large'],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, 'unsupported_media_type'],
    ['FST_ERR_CTP_INVALID_JSON_BODY', 400, 'invalid_json'],
    ['FST_ERR_CTP_EMPTY_JSON_BODY', 400, 'invalid_json'],
  ])('maps Fastify error %s to %i %s', (fastifyCode, status, code) => {
    expect(toErrorResponse(Object.assign(new Error('x'), { code: fastifyCode, statusCode: status }))).toMatchObject({
      status,
      code,
    });
  });

  it('maps Nest HTTP exceptions by status', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /x'))).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Route not found',
    });
    expect(toErrorResponse(new BadRequestException('nope'))).toMatchObject({ status: 400, code: 'bad_request' });
  });
});

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', syscall: 'connect' }),
    ],
    [
      'an unresolvable host',
      Object.assign(new Error('getaddrinfo ENOTFOUND db'), { code: 'ENOTFOUND', syscall: 'getaddrinfo' }),
    ],
    ['a query that got no answer', new Error('Query read timeout')],
    [
      'an administrator shutdown',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a wrapped driver error', Object.assign(new Error('query failed'), { driverError: { code: '08006' } })],
    [
      'a query whose connection the database dropped',
      Object.assign(new Error('read ECONNRESET'), { driverError: { code: 'ECONNRESET', syscall: 'read' } }),
    ],
    // Seen in the postgres-outage drill: PostgreSQL killed while the pool opened a connection.
    [
      'a connection reset while being opened',
      Object.assign(new Error('connect ECONNRESET 127.0.0.1:5432'), { code: 'ECONNRESET', syscall: 'connect' }),
    ],
    [
      'a connection reset during its startup exchange',
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' }),
    ],
    [
      'an aggregate of refusals',
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED', syscall: 'connect' })]),
    ],
  ])('recognises %s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a plain error', new Error('boom')],
    ['a client hanging up mid-request', Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
    ['a broken pipe to a client', Object.assign(new Error('write EPIPE'), { code: 'EPIPE', syscall: 'write' })],
    ['not an error at all', 'ECONNREFUSED'],
  ])('does not mistake %s for an outage', (_, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
