import { FastifyRequest } from 'fastify';
import { bearerToken } from './api-key-format';

/**
 * The API key a request presents in `Authorization: Bearer <key>`, or undefined when the header is
 * missing, malformed, or sent more than once (Node would silently keep the first; an ambiguous
 * credential is refused rather than guessed).
 */
export function presentedKey(request: FastifyRequest): string | undefined {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let index = 0; index < raw.length; index += 2) {
    if (raw[index]!.toLowerCase() === 'authorization') count += 1;
  }
  return count === 1 ? bearerToken(request.headers.authorization) : undefined;
}
