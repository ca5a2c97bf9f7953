import { FastifyRequest } from 'fastify';
import { Semaphore } from './semaphore';
import { BucketRules, TokenBuckets } from '../../rate-limit';
import { CallerKind, WorldQueue } from './world-queue';

/** The bounds on test worlds' traffic in one process (docs/emulator.md, "Bounds on a test world's traffic"). */
export interface WorldTrafficLimits {
  /** Requests naming any test world from one client address, other than the service's own. */
  perClient: BucketRules;
  /** Requests naming one test world, other than the service's own. */
  perWorld: BucketRules;
  /** Other callers' requests waiting for one world in this process; past it they are refused. */
  maxWaitingPerWorld: number;
  /** Test-world requests holding a database connection at once in this process (DATABASE_WORLD_CONNECTIONS). */
  connections: number;
}

export const DEFAULT_WORLD_TRAFFIC: WorldTrafficLimits = {
  perClient: { burst: 40, perSecond: 10 },
  perWorld: { burst: 100, perSecond: 25 },
  maxWaitingPerWorld: 16,
  connections: 2,
};

/** Refused before it touched the world: the network's scope answers it in its throttling shape. */
export class WorldThrottledError extends Error {
  readonly statusCode = 429;
  constructor(readonly reason: 'client' | 'world' | 'queue') {
    super('Too many requests for this test world: slow down and retry.');
  }
}

/**
 * Lets a test world's request in, or refuses it at once: the service's own calls (and control API
 * calls authorised by the world's test key) always, first in the world's line; anyone else within
 * their address's and the world's token buckets and the world's bounded line. Then one request per
 * world at a time, and at most `connections` worlds at once: so a world never holds more than one
 * pooled connection, and the worlds together never more than `connections`.
 */
export class WorldAdmission {
  private readonly clients: TokenBuckets;
  private readonly worlds: TokenBuckets;
  private readonly queue: WorldQueue;
  private readonly transactions: Semaphore;

  constructor(
    readonly limits: WorldTrafficLimits,
    private readonly isOwnCaller: (request: FastifyRequest) => boolean = () => false,
    now: () => number = Date.now,
  ) {
    this.clients = new TokenBuckets(limits.perClient, now);
    this.worlds = new TokenBuckets(limits.perWorld, now);
    this.queue = new WorldQueue(limits.maxWaitingPerWorld);
    this.transactions = new Semaphore(limits.connections);
  }

  /**
   * Waits for the request's turn in its world; the release function ends it. Throws
   * WorldThrottledError for a caller over its bounds, without waiting.
   */
  async admit(request: FastifyRequest, world: string, authorised: boolean): Promise<() => void> {
    const kind: CallerKind = authorised || this.isOwnCaller(request) ? 'own' : 'other';
    if (kind === 'other') {
      if (!this.clients.take(request.ip).allowed) throw new WorldThrottledError('client');
      if (!this.worlds.take(world).allowed) throw new WorldThrottledError('world');
    }
    const turn = this.queue.enter(world, kind);
    if (!turn) throw new WorldThrottledError('queue');
    const leaveWorld = await turn;
    const leaveTransactions = await this.transactions.acquire();
    return () => {
      leaveTransactions();
      leaveWorld();
    };
  }
}
