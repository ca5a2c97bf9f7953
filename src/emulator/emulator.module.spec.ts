import Fastify, { FastifyInstance } from 'fastify';
import { HttpAdapterHost } from '@nestjs/core';
import { builtInEmulatorRegistry } from './emulated-networks';
import { EmulatorMount, EmulatorModuleOptions } from './emulator.module';
import { EmulatorState } from './state/emulator-state';
import { WorldStorage } from './worlds/world-storage';

/** A storage that knows no test world: these tests are about the default world (the e2e tests use the database). */
const NO_WORLDS: WorldStorage = {
  withWorld: async () => {
    throw new Error('no test worlds in these tests');
  },
  startedConnect: async () => false,
  worldOfKey: async () => undefined,
};

async function mounted(options: EmulatorModuleOptions): Promise<{ fastify: FastifyInstance; state: EmulatorState }> {
  const fastify = Fastify();
  const state = new EmulatorState({ registry: builtInEmulatorRegistry() });
  const host = { httpAdapter: { getInstance: () => fastify } } as unknown as HttpAdapterHost;
  new EmulatorMount(state, NO_WORLDS, options, host).onModuleInit();
  await fastify.ready();
  return { fastify, state };
}

describe('EmulatorMount', () => {
  it('mounts the emulator under /emulator, with the default world when asked', async () => {
    const { fastify, state } = await mounted({ defaultWorld: true });
    const response = await fastify.inject({ url: '/emulator/control/users' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0].id).toBe(state.findUser()!.id);
    await fastify.close();
  });

  it('without the default world, serves test worlds only: no key is 401, a request naming no world is refused', async () => {
    const { fastify } = await mounted({ defaultWorld: false });
    expect((await fastify.inject({ url: '/emulator/control/users' })).statusCode).toBe(401);
    const graph = await fastify.inject({ url: '/emulator/facebook/graph/v25.0/me?access_token=EAAnothing' });
    expect(graph.statusCode).toBeGreaterThanOrEqual(400);
    expect(graph.body).toMatch(/test worlds only/);
    await fastify.close();
  });

  it('never serves the default world through a proxy', async () => {
    const { fastify } = await mounted({ defaultWorld: true });
    expect(
      (await fastify.inject({ url: '/emulator/control/users', headers: { 'x-forwarded-for': '203.0.113.9' } }))
        .statusCode,
    ).toBe(401);
    await fastify.close();
  });
});
