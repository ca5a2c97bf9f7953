/**
 * The worker's own rate: a backlog is accepted while nothing runs jobs, then a new process drains
 * it; deliveries/s over the window from its first publish, from the database's clocks. Producers
 * alone cannot offer more than the API accepts, so this is how the worker's limit is seen.
 */
import { BenchStack, CpuSample, until } from './bench-stack';

export interface DrainResult {
  deliveriesPerSecond: number;
  /** CPU ms per delivery of each side, over the window. */
  cpuMsPerDelivery: CpuSample;
  /** Deliveries published in the CPU window (what the per-delivery figures divide by). */
  deliveriesInCpuWindow: number;
  /** Peak RSS of the drainer that was replaced to accept the backlog. */
  replacedPeakRssMb: number;
}

export interface DrainOptions {
  windowSeconds: number;
  /** Queues the backlog through the API, while no process runs jobs. */
  queueBacklog: () => Promise<void>;
  /** Prints pg_stat_statements' top statements of the window (the stack must load the extension). */
  pgStats: boolean;
  /** Waits for everything to be published before returning (a backlog larger than the window's may take long). */
  settleAfter: boolean;
}

export async function measureDrain(stack: BenchStack, options: DrainOptions): Promise<DrainResult> {
  const { db, services } = stack;
  const { drainerStartedAt, replacedPeakRssMb } = await stack.queueWhileNoWorkerRuns(options.queueBacklog);
  await until(
    async () =>
      (
        await db.query("SELECT count(*)::int AS n FROM deliveries WHERE status = 'published' AND published_at >= $1", [
          drainerStartedAt,
        ])
      ).rows[0].n > 0,
    services,
  );
  const { rows: first } = await db.query('SELECT min(published_at) AS at FROM deliveries WHERE published_at >= $1', [
    drainerStartedAt,
  ]);
  const windowEnd = new Date(first[0].at.getTime() + options.windowSeconds * 1000);
  // CPU per delivery, from the worker's first publish to the end of the window: a figure that
  // holds when the machine is busy with something else, where rates do not.
  if (options.pgStats)
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()');
  const cpuStart = { at: (await db.query('SELECT now() AS at')).rows[0].at as Date, ...stack.cpuNow() };
  await until(
    async () => Date.now() >= windowEnd.getTime() + 1000 || (await stack.openDeliveries()) === 0,
    services,
    (options.windowSeconds + 120) * 1000,
    1000,
  );
  const cpuEnd = stack.cpuNow();
  if (options.pgStats) await printTopStatements(stack);
  const { rows: inCpuWindow } = await db.query('SELECT count(*)::int AS n FROM deliveries WHERE published_at >= $1', [
    cpuStart.at,
  ]);
  const count = inCpuWindow[0].n as number;
  const perDelivery = (side: keyof CpuSample) => (cpuEnd[side] - cpuStart[side]) / count;
  const { rows: drained } = await db.query(
    'SELECT count(*)::int AS n, extract(epoch FROM max(published_at) - min(published_at)) AS seconds FROM deliveries WHERE published_at >= $1 AND published_at <= $2',
    [first[0].at, windowEnd],
  );
  if (options.settleAfter) await stack.settle();
  await stack.waitHealthy();
  return {
    // A backlog drained before the window's end is measured over the time it took.
    deliveriesPerSecond: drained[0].n / Math.max(1, Math.min(options.windowSeconds, Number(drained[0].seconds))),
    cpuMsPerDelivery: {
      worker: perDelivery('worker'),
      api: perDelivery('api'),
      emulator: perDelivery('emulator'),
      postgres: perDelivery('postgres'),
    },
    deliveriesInCpuWindow: count,
    replacedPeakRssMb,
  };
}

/** The service's CPU per delivery: its processes and PostgreSQL's, not the emulator's (it stands in for the networks). */
export function serviceCpuMsPerDelivery(result: DrainResult): number {
  return result.cpuMsPerDelivery.worker + result.cpuMsPerDelivery.api + result.cpuMsPerDelivery.postgres;
}

export async function printTopStatements(stack: BenchStack, limit = 15): Promise<void> {
  const { rows: statements } = await stack.db.query(
    `SELECT calls, round(total_exec_time::numeric, 0) AS total_ms, round(mean_exec_time::numeric, 3) AS mean_ms, round(mean_plan_time::numeric, 3) AS plan_ms, wal_records AS wal, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
       FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT $1`,
    [limit],
  );
  console.table(statements);
}
