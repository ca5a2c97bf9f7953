import { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ConsentPageError } from './consent/consent-page';
import { ControlError } from './control/control-error';
import { GraphError } from './graph/graph-error';
import { EmulatorError } from './http/emulator-error';
import { InstagramTokenError } from './instagram/instagram-token-error';
import { XOAuthError, XProblem } from './x/x-errors';

/**
 * The error a network would answer for a request the emulator could not route or read (unknown
 * path, malformed JSON, body too large, unsupported content type), chosen by where it was sent.
 */
export function networkErrorFor(relativePath: string, status: number, message: string): EmulatorError {
  if (relativePath.startsWith('/facebook/graph/') || relativePath.startsWith('/instagram/graph/')) {
    const transient = status >= 500;
    return new GraphError({ code: transient ? 2 : status === 404 ? 2500 : 100, status: transient ? 500 : 400, isTransient: transient, message }, relativePath.startsWith('/instagram/'));
  }
  if (relativePath.startsWith('/instagram/api/')) return new InstagramTokenError(message);
  if (relativePath.startsWith('/x/api/2/oauth2/')) return new XOAuthError(status >= 500 ? 'server_error' : 'invalid_request', message, status >= 500 ? 500 : 400);
  if (relativePath.startsWith('/x/')) {
    if (status === 404) return new XProblem(404, 'Not Found Error', message, 'https://api.twitter.com/2/problems/resource-not-found');
    if (status >= 500) return new XProblem(503, 'Service Unavailable', 'Service Unavailable');
    return new XProblem(status, 'Invalid Request', message, 'https://api.twitter.com/2/problems/invalid-request');
  }
  if (relativePath.startsWith('/control/')) return new ControlError(message, [], status);
  const title = relativePath.startsWith('/instagram/') ? 'Instagram' : relativePath.startsWith('/x/') ? 'X' : 'Facebook';
  return new ConsentPageError(title, message, status >= 500 ? 500 : status);
}

/** Installs the emulator's own error and not-found handlers in its scope (the API's envelope never applies here). */
export function emulatorErrorHandlers(prefix: string) {
  const relative = (request: FastifyRequest) => {
    const path = request.url.split('?')[0];
    return path.startsWith(prefix) ? path.slice(prefix.length) : path;
  };
  return {
    onError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
      if (error instanceof EmulatorError) return error.send(reply);
      const statusCode = (error as FastifyError).statusCode;
      if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return networkErrorFor(relative(request), statusCode, error.message).send(reply);
      // A bug in the emulator: log it (never the request's secrets), answer like a network's transient failure.
      request.log.error({ err: error.message, stack: error.stack }, 'network emulator failed');
      return networkErrorFor(relative(request), 500, 'An unexpected error has occurred. Please retry your request later.').send(reply);
    },
    onNotFound(request: FastifyRequest, reply: FastifyReply) {
      const path = relative(request);
      return networkErrorFor(path, 404, `Unknown path components: ${path}`).send(reply);
    },
  };
}
