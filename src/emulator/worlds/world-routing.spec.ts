import Fastify, { FastifyInstance } from 'fastify';
import { ServingEmulatorState } from '../registry/emulated-network';
import { delayCall } from './deferred-delay';
import { WorldAdmission } from './world-admission';
import { installWorldRouting } from './world-routing';
import { WorldStorage } from './world-storage';

const WORLD = 'cus_Attacked1';

/** A storage that records when each world "transaction" ends, and how many run at once. */
function recordingStorage() {
  const record = { ended: [] as number[], running: 0, mostAtOnce: 0 };
  const storage: WorldStorage = {
    async withWorld(_world, work) {
      record.running += 1;
      record.mostAtOnce = Math.max(record.mostAtOnce, record.running);
      try {
        return await work({} as ServingEmulatorState);
      } finally {
        record.running -= 1;
        record.ended.push(performance.now());
      }
    },
    startedConnect: async () => false,
    worldOfKey: async () => undefined,
  };
  return { storage, record };
}

async function app(storage: WorldStorage, admission: WorldAdmission): Promise<FastifyInstance> {
  const fastify = Fastify();
  fastify.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) =>
    reply.status(error.statusCode ?? 500).send({ message: error.message }),
  );
  installWorldRouting(fastify, { storage, defaultWorld: false, admission });
  fastify.get('/slow', async (_request, reply) => {
    await delayCall(300);
    return reply.status(201).send({ answered: performance.now() });
  });
  fastify.get('/quick', async () => ({ ok: true }));
  await fastify.ready();
  return fastify;
}

const limits = {
  perClient: { burst: 100, perSecond: 100 },
  perWorld: { burst: 100, perSecond: 100 },
  maxWaitingPerWorld: 2,
  connections: 1,
};

describe('world routing', () => {
  it("sleeps a slow fault's delay after the world's transaction, then answers what the handler sent", async () => {
    const { storage, record } = recordingStorage();
    const fastify = await app(storage, new WorldAdmission(limits));
    const started = performance.now();
    let slowSettled = false;
    const slow = fastify.inject({ url: `/slow?access_token=t_sandbox_${WORLD}` }).finally(() => (slowSettled = true));
    // The world is free while the slow call waits: its transaction has ended, and another request
    // of the world is served while the slow one is still owed its delay. (Order, not wall time:
    // a busy machine may run late, never early.)
    while (record.ended.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const quick = await fastify.inject({ url: `/quick?access_token=t_sandbox_${WORLD}` });
    expect(quick.statusCode).toBe(200);
    expect(slowSettled).toBe(false);
    const answer = await slow;
    const answeredAt = performance.now();
    expect(answer.statusCode).toBe(201);
    expect(answeredAt - started).toBeGreaterThanOrEqual(290);
    // The delay was slept after the transaction ended, not inside it.
    expect(answeredAt - record.ended[0]!).toBeGreaterThanOrEqual(290);
    await fastify.close();
  });

  it("refuses strangers past a world's line at once, and runs no more transactions than allowed", async () => {
    const { storage, record } = recordingStorage();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const blocking: WorldStorage = {
      ...storage,
      withWorld: (world, work) => storage.withWorld(world, async (state) => (await gate, work(state))),
    };
    const fastify = await app(blocking, new WorldAdmission(limits));
    const calls = Array.from({ length: 6 }, (_, index) =>
      fastify.inject({ url: `/quick?access_token=t${index}_sandbox_${index < 5 ? WORLD : 'cus_Other1'}` }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const statuses = (await Promise.all(calls)).map((answer) => answer.statusCode);
    // One running, two waiting: the other two strangers are refused (429). The other world waited for the one connection.
    expect(statuses.sort()).toEqual([200, 200, 200, 200, 429, 429]);
    expect(record.mostAtOnce).toBe(1);
    await fastify.close();
  });

  it('bounds strangers per world whatever their addresses, other worlds untouched', async () => {
    const { storage } = recordingStorage();
    const fastify = await app(storage, new WorldAdmission({ ...limits, perWorld: { burst: 3, perSecond: 0.001 } }));
    const call = (world: string, index: number) =>
      fastify.inject({ url: `/quick?access_token=t_sandbox_${world}`, remoteAddress: `198.51.100.${index}` });
    const statuses: number[] = [];
    for (let index = 1; index <= 5; index += 1) statuses.push((await call(WORLD, index)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await call('cus_Other1', 9)).statusCode).toBe(200);
    await fastify.close();
  });

  it("always lets the service's own calls in, ahead of strangers", async () => {
    const { storage } = recordingStorage();
    const admission = new WorldAdmission(
      { ...limits, perClient: { burst: 1, perSecond: 0.001 } },
      (request) => request.headers['x-own'] === 'yes',
    );
    const fastify = await app(storage, admission);
    const url = `/quick?access_token=t_sandbox_${WORLD}`;
    expect((await fastify.inject({ url })).statusCode).toBe(200);
    expect((await fastify.inject({ url })).statusCode).toBe(429);
    expect((await fastify.inject({ url, headers: { 'x-own': 'yes' } })).statusCode).toBe(200);
    await fastify.close();
  });

  it('takes a world named by the world header, for a call that carries no token yet (a password sign-in)', async () => {
    const { storage } = recordingStorage();
    const worlds: string[] = [];
    const naming: WorldStorage = {
      ...storage,
      withWorld: (world, work) => (worlds.push(world), storage.withWorld(world, work)),
    };
    const fastify = await app(naming, new WorldAdmission(limits));
    const named = await fastify.inject({ url: '/quick', headers: { 'x-emulator-world': `sandbox_${WORLD}` } });
    expect(named.statusCode).toBe(200);
    expect(worlds).toEqual([WORLD]);
    // Naming two worlds at once is refused, as with any other mark.
    const mixed = await fastify.inject({
      url: '/quick?access_token=t_sandbox_cus_Other1',
      headers: { 'x-emulator-world': `sandbox_${WORLD}` },
    });
    expect(mixed.statusCode).toBe(400);
    await fastify.close();
  });
});
