import { FastifyInstance } from 'fastify';
import { hasMoreJsonFieldsThan } from './json-field-count';
import { MAX_FIELDS, tooManyFields } from './request-shape';

const JSON_TYPE = 'application/json';

/**
 * Fastify's JSON parser, except that an empty body is no body: clients and SDKs send
 * `Content-Type: application/json` on every request, also on routes that take none (DELETE,
 * POST /webhooks/test), and Fastify refused that with a 400. A route that needs a body refuses the
 * missing one itself (the validation pipe), naming the fields it needs. Anything else is parsed,
 * and refused, exactly as Fastify does (the prototype-poisoning checks included), once a scan of
 * the text has found no more fields than any request may hold (400 `validation_failed` otherwise,
 * without parsing: a wide body cost the parse alone tens of milliseconds of everyone's thread).
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
    if (hasMoreJsonFieldsThan(body as string, MAX_FIELDS)) {
      done(tooManyFields('body'), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
