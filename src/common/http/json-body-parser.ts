import { FastifyInstance } from 'fastify';

const JSON_TYPE = 'application/json';

/**
 * Fastify's JSON parser, except that an empty body is no body: clients and SDKs send
 * `Content-Type: application/json` on every request, also on routes that take none (DELETE,
 * POST /webhooks/test), and Fastify refused that with a 400. A route that needs a body refuses the
 * missing one itself (the validation pipe), naming the fields it needs. Anything else is parsed,
 * and refused, exactly as Fastify does (the prototype-poisoning checks included).
 */
export function acceptEmptyJsonBodies(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser(JSON_TYPE);
  fastify.addContentTypeParser(JSON_TYPE, { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    // parseAs 'string': the body arrives as a string.
    parseJson(request, body as string, done);
  });
}
