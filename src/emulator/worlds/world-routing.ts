import { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { requestParams } from '../http/request-params';
import { worldsNamedIn } from '../state/world-mark';
import { runInWorld } from './current-world';
import { WorldStorage } from './world-storage';

/** An emulator request that no world can serve; the scope's error handler answers it in the network's shape. */
export class NoWorldError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/** The world a control API request was authorised for, set by its onRequest check. */
const chosenWorlds = new WeakMap<FastifyRequest, string>();

export function chooseWorld(request: FastifyRequest, world: string): void {
  chosenWorlds.set(request, world);
}

/** Everything in a network call that can carry a world's mark: URL, credentials, parameters. */
function markedTexts(request: FastifyRequest): string[] {
  const texts = [request.url];
  const authorization = request.headers.authorization;
  if (authorization) {
    texts.push(authorization);
    const basic = /^Basic\s+(.+)$/i.exec(authorization);
    if (basic) texts.push(Buffer.from(basic[1], 'base64').toString('utf8'));
  }
  texts.push(...Object.values(requestParams(request)));
  return texts;
}

function worldOf(request: FastifyRequest): string | undefined {
  const chosen = chosenWorlds.get(request);
  if (chosen !== undefined) return chosen;
  const named = worldsNamedIn(markedTexts(request));
  if (named.size > 1) throw new NoWorldError('The request names more than one test world.', 400);
  return named.values().next().value;
}

export interface WorldRoutingOptions {
  /** Test worlds; without it, only the default world is served. */
  storage?: WorldStorage;
  /** Whether a request naming no test world is served from the in-memory default world. */
  defaultWorld: boolean;
}

/**
 * Wraps every emulator route registered after this call (they all are: it runs first) so that it
 * runs in the world its request names: a test world's state, loaded and locked for the request and
 * written back after it, or the in-memory default world. A request naming no world where there is
 * no default world (production, NETWORK_EMULATOR=off) is refused.
 */
export function installWorldRouting(fastify: FastifyInstance, options: WorldRoutingOptions): void {
  fastify.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const world = worldOf(request);
      if (world === undefined) {
        if (!options.defaultWorld)
          throw new NoWorldError('This emulator serves test worlds only: use the app and tokens of a test world.', 404);
        return handler.call(this, request, reply);
      }
      if (!options.storage) throw new NoWorldError('This emulator serves no test worlds.', 404);
      const outcome = await options.storage.withWorld(world, (state) =>
        runInWorld(state, async () => {
          try {
            return { ok: true as const, value: await handler.call(this, request, reply) };
          } catch (error) {
            return { ok: false as const, error };
          }
        }),
      );
      if (!outcome.found) throw new NoWorldError('There is no such test world.', 404);
      if (!outcome.result.ok) throw outcome.result.error;
      return outcome.result.value;
    };
  });
}
