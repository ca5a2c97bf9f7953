/** Small load-generation helpers for the benchmark (loopback only, bounded in count and time). */

export interface LoadResult {
  completed: number;
  failed: number;
  seconds: number;
}

/** `clients` loops calling `call` until `seconds` have passed; counts successes and failures. */
export async function closedLoop(
  clients: number,
  seconds: number,
  call: (client: number) => Promise<boolean>,
): Promise<LoadResult> {
  const until = Date.now() + seconds * 1000;
  let completed = 0;
  let failed = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (Date.now() < until) {
        if (await call(client).catch(() => false)) completed += 1;
        else failed += 1;
      }
    }),
  );
  return { completed, failed, seconds: (Date.now() - started) / 1000 };
}

/** Starts `call` at a fixed rate for `seconds`, without waiting for answers (an open loop). */
export async function openLoop(
  perSecond: number,
  seconds: number,
  call: (index: number) => Promise<unknown>,
): Promise<void> {
  const total = perSecond * seconds;
  const started = Date.now();
  const pending: Array<Promise<unknown>> = [];
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / perSecond;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(call(index).catch(() => undefined));
  }
  await Promise.all(pending);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
