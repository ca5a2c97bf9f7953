import type { OpenAPIObject } from '@nestjs/swagger';
import { getSchemaPath } from '@nestjs/swagger';
import { ErrorEnvelopeDto } from './error-envelope.dto';
import { errorDescription } from './api-envelope.decorator';

type Document = OpenAPIObject;
type Operation = Document['paths'][string]['get'] & object;
type Response = NonNullable<Exclude<Operation['responses'][string], { $ref: string }>>;

/** The headers the service sends, described once under components.headers. */
const HEADERS = {
  'X-Request-Id': {
    description:
      'Identifies this request in our logs (error bodies repeat it as `error.requestId`); your own X-Request-Id is used when it is 1-128 of A-Z a-z 0-9 . _ : -',
    schema: { type: 'string', example: 'req_Yq3b1m4o2rV0d9Ku' },
  },
  'X-RateLimit-Limit': {
    description:
      "Requests the customer's keys of this mode may make in a burst, together (the bucket's size). The X-RateLimit-* headers come on every answer to a valid key while a rate limit is set",
    schema: { type: 'integer', minimum: 0, example: 20 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the bucket after this one',
    schema: { type: 'integer', minimum: 0, example: 19 },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the bucket is full again',
    schema: { type: 'integer', minimum: 0, example: 1 },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying',
    schema: { type: 'integer', minimum: 0, example: 1 },
  },
} as const;

type HeaderName = keyof typeof HEADERS;

const RATE_LIMIT_HEADERS: HeaderName[] = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** Every operation of the document, with its path and method. */
export function operationsOf(document: Document): Array<{ path: string; method: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
  );
}

/** Methods whose requests Fastify reads a body of, whether the route takes one or not (GET and HEAD: never). */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/**
 * What every route shares, written once here rather than on each route: the headers each response
 * carries (X-Request-Id always; the X-RateLimit-* headers on a keyed route; Retry-After on a 429 and
 * a 503), and the answers Fastify gives before any handler to a request of a method that carries a
 * body: 413 and 415, 400 `invalid_json`, and 408 when the body stops arriving (our body timeout).
 * A route that takes no body still reads one sent (an empty JSON body is accepted, see
 * docs/api.md), so a DELETE can answer them too.
 */
export function completeResponses(document: Document): void {
  const components = (document.components ??= {});
  components.headers = { ...components.headers, ...HEADERS };
  for (const { method, operation } of operationsOf(document)) {
    if (operation.requestBody || BODY_METHODS.has(method)) {
      for (const status of ['400', '408', '413', '415']) {
        operation.responses[status] ??= {
          description: errorDescription(Number(status)),
          content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorEnvelopeDto) } } },
        };
      }
    }
    const keyed = (operation.security ?? []).length > 0;
    for (const [status, response] of Object.entries(operation.responses) as Array<[string, Response]>) {
      const names: HeaderName[] = ['X-Request-Id'];
      // Sent once the key is known (so never with a 401), while a rate limit is set.
      if (keyed && status !== '401') names.push(...RATE_LIMIT_HEADERS);
      if (status === '429' || status === '503') names.push('Retry-After');
      response.headers = {
        ...response.headers,
        ...Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }])),
      };
    }
    operation.responses = sortedByStatus(operation.responses);
  }
}

function sortedByStatus<T>(responses: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}
