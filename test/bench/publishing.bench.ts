/**
 * `npm run bench`: the publishing pipeline's throughput and latency, and the account list against a
 * bare Fastify + pg reference, on this machine, with the network emulator answering at once. The
 * emulator runs as a process of its own (`npm run emulator`): it stands in for the networks, so its
 * memory and event loop are not the service's (the machine's cores are still shared with it).
 * The service runs as users run it: built (`npm run build`), as its own processes (by default one
 * ROLE=all process, what `npm start` runs; BENCH_PROCESSES=split runs an API process and a worker
 * process), so the load generator here does not share their event loop.
 * A measurement, not a test: it prints figures and the targets beside them, and fails nothing.
 *
 * BENCH_ONLY picks one focused measure (each prints its table, then one JSON line, last on stdout):
 * - drain: only the default run's drain and its CPU per delivery (quicker to iterate on);
 * - scale: the drain with 60 accounts and with BENCH_SCALE_ACCOUNTS (modes/scale-mode.ts);
 * - fairness: one customer's latency behind another's backlog (modes/fairness-mode.ts);
 * - webhooks: publishing while another customer's receiver hangs (modes/webhooks-mode.ts);
 * - api: the account list, service against the bare handler (modes/api-mode.ts).
 */
import { BenchStack } from './bench-stack';
import { runApiMode } from './modes/api-mode';
import { runDefaultMode } from './modes/default-mode';
import { runFairnessMode } from './modes/fairness-mode';
import { runScaleMode } from './modes/scale-mode';
import { runWebhooksMode } from './modes/webhooks-mode';

const ONLY = process.env.BENCH_ONLY ?? '';
const PG_STATS = process.env.BENCH_PG_STATS === '1';
const MODES: Record<string, (stack: BenchStack) => Promise<void>> = {
  '': (stack) => runDefaultMode(stack, { onlyDrain: false, pgStats: PG_STATS }),
  drain: (stack) => runDefaultMode(stack, { onlyDrain: true, pgStats: PG_STATS }),
  scale: (stack) => runScaleMode(stack, { pgStats: PG_STATS }),
  fairness: runFairnessMode,
  webhooks: runWebhooksMode,
  api: runApiMode,
};

async function main(): Promise<void> {
  const mode = MODES[ONLY];
  if (!mode) throw new Error(`BENCH_ONLY must be one of: ${Object.keys(MODES).filter(Boolean).join(', ')} (or unset)`);
  const workerConcurrency = process.env.BENCH_WORKER_CONCURRENCY ?? '40';
  const stack = await BenchStack.start({
    // One ROLE=all process is what `npm start` runs; split is an API process and a worker process.
    layout: process.env.BENCH_PROCESSES === 'split' ? 'split' : 'one',
    workerConcurrency,
    // The measures with one customer lift its cap on deliveries in flight to the bench's slots:
    // what they measure is the pipeline's rate and cost, not the cap. Fairness and webhooks keep
    // the default, which is theirs to exercise.
    serviceEnv: ['fairness', 'webhooks'].includes(ONLY) ? {} : { PUBLISH_CUSTOMER_MAX_IN_FLIGHT: workerConcurrency },
    // BENCH_PG_STATS=1: PostgreSQL loads pg_stat_statements, and the drain's top statements are printed.
    pgStats: PG_STATS,
    // The scale mode's question is the claim's cost: count the statements inside it too.
    pgStatsNested: ONLY === 'scale',
  });
  try {
    await mode(stack);
  } finally {
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
