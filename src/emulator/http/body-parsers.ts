import { FastifyInstance } from 'fastify';
import { MultipartError, multipartBoundary, parseMultipart } from './multipart';

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

/** A body the emulator could not read; the error handler answers it in the network's shape. */
export class UnreadableBodyError extends Error {
  readonly statusCode = 400;
}

function replaceParser(fastify: FastifyInstance, contentType: string): void {
  // The API scope may one day parse these itself; inside the emulator's scope ours must win.
  if (fastify.hasContentTypeParser(contentType)) fastify.removeContentTypeParser(contentType);
}

/**
 * Bodies the networks take besides JSON: OAuth token endpoints and Graph POSTs are form-encoded,
 * X media upload is multipart. Registered inside the emulator's encapsulated scope only, so the
 * API itself stays JSON-only.
 */
export function registerEmulatorBodyParsers(fastify: FastifyInstance): void {
  replaceParser(fastify, FORM);
  fastify.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
    const params: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(String(body))) params[name] = value;
    done(null, params);
  });

  replaceParser(fastify, MULTIPART);
  fastify.addContentTypeParser(MULTIPART, { parseAs: 'buffer' }, (request, body, done) => {
    const boundary = multipartBoundary(request.headers['content-type']);
    if (!boundary) return done(new UnreadableBodyError('multipart/form-data without a boundary'), undefined);
    try {
      done(null, parseMultipart(body as Buffer, boundary));
    } catch (error) {
      done(
        new UnreadableBodyError(error instanceof MultipartError ? error.message : 'unreadable multipart body'),
        undefined,
      );
    }
  });
}
