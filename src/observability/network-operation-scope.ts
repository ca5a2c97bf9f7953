import { AsyncLocalStorage } from 'node:async_hooks';
import type { NetworkOperation } from './network-operation';

/**
 * The operation the network calls made within `work` belong to. The task that calls an adapter
 * knows what it asked for (publish, refresh, ...); the HTTP client that sends each request does
 * not, so the task names it around the call and the client reads it (for the metrics' and the
 * spans' `operation`). A scope within a scope wins (an upload inside a publish).
 */
const scope = new AsyncLocalStorage<NetworkOperation>();

export function withNetworkOperation<T>(operation: NetworkOperation, work: () => T): T {
  return scope.run(operation, work);
}

/** The operation of the calls made now: `other` outside any scope. */
export function currentNetworkOperation(): NetworkOperation {
  return scope.getStore() ?? 'other';
}

/** `work` as a function whose every call runs within the operation (for a callback handed to a runner). */
export function inNetworkOperation<Args extends unknown[], T>(
  operation: NetworkOperation,
  work: (...args: Args) => T,
): (...args: Args) => T {
  return (...args) => scope.run(operation, () => work(...args));
}
