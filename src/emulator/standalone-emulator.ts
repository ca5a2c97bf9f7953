import Fastify from 'fastify';
import { EMULATOR_PREFIX } from './emulator.module';
import { emulatorPlugin } from './emulator.plugin';
import { EmulatorState } from './state/emulator-state';
import { builtInEmulatorRegistry } from './emulated-networks';
import { ServingEmulatorState } from './registry/emulated-network';

export interface StandaloneEmulatorOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The service whose OAuth callbacks the emulated apps accept; any callback when omitted. */
  serviceUrl?: string;
}

export interface StandaloneEmulator {
  /** Its base URL, what the service's NETWORK_EMULATOR_URL names (`http://host:port/emulator`). */
  url: string;
  state: ServingEmulatorState;
  close(): Promise<void>;
}

/**
 * The network emulator in a process (or server) of its own rather than mounted in the service: one
 * emulator shared by several service instances, or kept out of the service's memory and event loop
 * when measuring it (`npm run bench`). The service reaches it through NETWORK_EMULATOR_URL.
 */
export async function startStandaloneEmulator(options: StandaloneEmulatorOptions): Promise<StandaloneEmulator> {
  const state = new EmulatorState({ registry: builtInEmulatorRegistry() });
  const server = Fastify();
  await server.register(emulatorPlugin, { prefix: EMULATOR_PREFIX, state, serviceUrl: options.serviceUrl });
  await server.listen({ host: options.host, port: options.port });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('The emulator is not listening on a TCP port');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { url: `http://${host}:${address.port}${EMULATOR_PREFIX}`, state, close: () => server.close() };
}
