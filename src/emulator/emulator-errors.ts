import { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EmulatorError } from './http/emulator-error';

/**
 * The error a scope answers for a request the emulator could not route or read (unknown path,
 * malformed JSON, body too large, unsupported content type) or failed on: `path` is below the
 * scope's prefix; `message` names the path below the emulator's mount.
 */
export type ErrorShape = (path: string, status: number, message: string) => EmulatorError;

/**
 * Installs the error and not-found handlers of one emulator scope (a network, the control API,
 * the emulator's root) so that they answer in its shape; the API's envelope never applies here.
 */
export function installErrorHandlers(scope: FastifyInstance, emulatorPrefix: string, shape: ErrorShape): void {
  const below = (request: FastifyRequest, prefix: string) => {
    const path = request.url.split('?')[0];
    return path.startsWith(prefix) ? path.slice(prefix.length) : path;
  };
  const answer = (request: FastifyRequest, status: number, message: string) =>
    shape(below(request, scope.prefix), status, message);

  scope.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof EmulatorError) return error.send(reply);
    const statusCode = (error as FastifyError).statusCode;
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500)
      return answer(request, statusCode, error.message).send(reply);
    // A bug in the emulator: log it (never the request's secrets), answer like a network's transient failure.
    request.log.error({ err: error.message, stack: error.stack }, 'network emulator failed');
    return answer(request, 500, 'An unexpected error has occurred. Please retry your request later.').send(reply);
  });
  scope.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
    answer(request, 404, `Unknown path components: ${below(request, emulatorPrefix)}`).send(reply),
  );
}
