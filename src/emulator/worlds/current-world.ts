import { AsyncLocalStorage } from 'node:async_hooks';
import { ServingEmulatorState } from '../registry/emulated-network';

/** The state the request being handled acts on, when it is a test world's. */
const currentWorld = new AsyncLocalStorage<ServingEmulatorState>();

export function runInWorld<T>(state: ServingEmulatorState, work: () => Promise<T>): Promise<T> {
  return currentWorld.run(state, work);
}

/** The test world the running request is in; undefined in the default world. */
export function currentWorldId(): string | undefined {
  return currentWorld.getStore()?.world;
}

/**
 * A state that stands for whichever world the running request is in: the test world's (loaded
 * for this request), else `fallback`, the in-memory default world. The networks' routes keep the
 * state they were registered with and stay unaware of worlds; this is what they are given.
 * Methods are bound to the real state, so their `this` never goes through the proxy twice.
 */
export function worldAwareState(fallback: ServingEmulatorState): ServingEmulatorState {
  const target = () => currentWorld.getStore() ?? fallback;
  return new Proxy(fallback, {
    get(_fallback, property) {
      const state = target();
      const value: unknown = Reflect.get(state, property, state);
      return typeof value === 'function' ? value.bind(state) : value;
    },
    set(_fallback, property, value) {
      return Reflect.set(target(), property, value);
    },
    has(_fallback, property) {
      return Reflect.has(target(), property);
    },
  });
}
