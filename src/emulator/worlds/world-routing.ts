import { setTimeout as sleep } from 'node:timers/promises';
import { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { requestParams } from '../http/request-params';
import { WORLD_HEADER, worldsNamedIn } from '../../networks';
import { runInWorld } from './current-world';
import { collectingDelays } from './deferred-delay';
import { holdReply } from './held-reply';
import { DEFAULT_WORLD_TRAFFIC, WorldAdmission } from './world-admission';
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

/** Everything in a network call that can carry a world's mark: URL, credentials, the world header, parameters. */
function markedTexts(request: FastifyRequest): string[] {
  const texts = [request.url];
  const authorization = request.headers.authorization;
  if (authorization) {
    texts.push(authorization);
    const basic = /^Basic\s+(.+)$/i.exec(authorization);
    if (basic) texts.push(Buffer.from(basic[1], 'base64').toString('utf8'));
  }
  const named = request.headers[WORLD_HEADER];
  if (typeof named === 'string') texts.push(named);
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
  /** Who may reach a test world, how often, and how many at once (default: DEFAULT_WORLD_TRAFFIC, no own caller). */
  admission?: WorldAdmission;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Wraps every emulator route registered after this call (they all are: it runs first) so that it
 * runs in the world its request names: a test world's state, loaded and locked for the request and
 * written back after it, or the in-memory default world. A request naming no world where there is
 * no default world (production, NETWORK_EMULATOR=off) is refused.
 *
 * A test world's request first waits its turn in memory (WorldAdmission: bounded, throttled for
 * strangers), and only then takes a database connection; a `slow` fault's delay is slept after the
 * world's transaction has ended, never while it holds the lock and the connection.
 */
export function installWorldRouting(fastify: FastifyInstance, options: WorldRoutingOptions): void {
  const admission = options.admission ?? new WorldAdmission(DEFAULT_WORLD_TRAFFIC);
  fastify.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const world = worldOf(request);
      if (world === undefined) {
        if (!options.defaultWorld)
          throw new NoWorldError('This emulator serves test worlds only: use the app and tokens of a test world.', 404);
        return handler.call(this, request, reply);
      }
      const storage = options.storage;
      if (!storage) throw new NoWorldError('This emulator serves no test worlds.', 404);
      const leave = await admission.admit(request, world, chosenWorlds.has(request));
      const held = holdReply(reply);
      let served: { result: Outcome; delayMs: number };
      try {
        served = await collectingDelays(() =>
          storage.withWorld(world, (state) =>
            runInWorld(state, async (): Promise<Outcome> => {
              try {
                return { ok: true, value: await handler.call(this, request, reply) };
              } catch (error) {
                return { ok: false, error };
              }
            }),
          ),
        );
      } catch (error) {
        held.release(false);
        throw error;
      } finally {
        leave();
      }
      if (served.delayMs > 0) await sleep(served.delayMs);
      if (!served.result.ok) {
        held.release(false);
        throw served.result.error;
      }
      return held.release(true) ? reply : served.result.value;
    };
  });
}
