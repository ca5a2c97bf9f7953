import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** The delay a test world's request owes its caller, summed while it runs. */
interface OwedDelay {
  ms: number;
}

const owed = new AsyncLocalStorage<OwedDelay>();

/**
 * Runs a test world's request, collecting the delays its `slow` faults add instead of sleeping
 * them: the request holds the world's row lock and a pooled database connection while it runs,
 * and a sleep there (up to a minute) would hold both. The caller sleeps `delayMs` once the
 * world's transaction has ended and before it answers, so the network's caller waits as long.
 */
export async function collectingDelays<T>(work: () => Promise<T>): Promise<{ result: T; delayMs: number }> {
  const delay: OwedDelay = { ms: 0 };
  const result = await owed.run(delay, work);
  return { result, delayMs: delay.ms };
}

/**
 * A call made slow by a fault: within a test world's request the delay is owed (see
 * collectingDelays); in the in-memory default world, which holds nothing, it is slept here.
 */
export async function delayCall(ms: number): Promise<void> {
  if (ms <= 0) return;
  const delay = owed.getStore();
  if (delay) delay.ms += ms;
  else await sleep(ms);
}
