import { AsyncLocalStorage } from 'node:async_hooks';
import type { NetworkOperation } from './network-operation';
import { urlTemplate } from './tracing/network-call-span';

/**
 * One request made to a network, as a trace shows it to a customer: what it was for, the method
 * and the path as a template (ids replaced by `{id}`), the status (null when no answer came) and
 * how long it took. Never the query, a header, a token or a body.
 */
export interface LoggedNetworkCall {
  operation: NetworkOperation;
  method: string;
  path: string;
  status: number | null;
  durationMs: number;
}

/** Where the calls made within a scope are collected (see withNetworkCallLog). */
export interface NetworkCallLog {
  add(call: LoggedNetworkCall): void;
}

const scope = new AsyncLocalStorage<NetworkCallLog>();

/**
 * The calls made to networks within `work` are added to `log` (by NetworkHttpClient, the one way
 * adapters reach a network): a publish attempt collects its calls in memory and writes them once,
 * with its outcome. Outside any scope a call is logged nowhere (one lookup, nothing kept).
 */
export function withNetworkCallLog<T>(log: NetworkCallLog, work: () => T): T {
  return scope.run(log, work);
}

/**
 * Adds the call to the current scope's log, if any: its URL kept as a path template only (the
 * query, where tokens and app secret proofs travel, is never read).
 */
export function logNetworkCall(call: Omit<LoggedNetworkCall, 'path'> & { url: string }): void {
  const log = scope.getStore();
  if (!log) return;
  let path: string;
  try {
    path = urlTemplate(new URL(call.url));
  } catch {
    path = '{unparsable}';
  }
  log.add({
    operation: call.operation,
    method: call.method,
    path,
    status: call.status,
    durationMs: Math.round(call.durationMs),
  });
}
