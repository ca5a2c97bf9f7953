import { FastifyRequest } from 'fastify';

/**
 * The absolute URL of a path on this server, as the caller reached it. Graph's `paging.next` is
 * absolute; deriving it from the request keeps it right behind any port the tests listen on.
 */
export function absoluteUrl(request: FastifyRequest, pathAndQuery: string, publicUrl?: string): string {
  const origin = publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
  return `${origin}${pathAndQuery}`;
}

/** The request's path without its query string. */
export function requestPath(request: FastifyRequest): string {
  const queryStart = request.url.indexOf('?');
  return queryStart === -1 ? request.url : request.url.slice(0, queryStart);
}
