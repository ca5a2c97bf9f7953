/**
 * BENCH_ONLY=scale: does publishing cost more when a customer has many accounts? The drain (see
 * drain.ts) with 60 Facebook Pages, then with BENCH_SCALE_ACCOUNTS Pages (the 60 and more), every
 * one with work queued. Both phases use the same customer, network and post shape (one post to one
 * emulated user's 20 Pages), so the number of accounts (lanes) is what differs. The service's CPU
 * per delivery is its processes' and PostgreSQL's; the emulator's is left out (it stands in for
 * the networks, and its own lookups grow with its users).
 */
import {
  BenchCustomer,
  connectFacebookPages,
  createCustomer,
  offer,
  PAGES_PER_EMULATED_USER,
  publish,
} from '../bench-customer';
import { BenchStack } from '../bench-stack';
import { probeClaim } from '../claim-probe';
import { DrainResult, measureDrain, serviceCpuMsPerDelivery } from '../drain';
import { elapsedSeconds, printResult, printTable, ReportRow, rounded } from '../report';

const SMALL_ACCOUNTS = 60;
const LARGE_ACCOUNTS = Number(process.env.BENCH_SCALE_ACCOUNTS ?? 50_000);
const WINDOW_SECONDS = Number(process.env.BENCH_SUSTAIN_SECONDS ?? 60);
/** Emulated users going through the connect flow at once while seeding (2 cores: more only queues). */
const SEED_PARALLEL = Number(process.env.BENCH_SEED_PARALLEL ?? 8);
const TARGET_DELIVERIES_PER_SECOND = 300;
const TARGET_CPU_GROWTH = 1.3;
/** What the service's workers claim with (WORKER_CONCURRENCY of the bench, PUBLISH_CUSTOMER_MAX_IN_FLIGHT's default). */
const PROBE = { wanted: 40, customerCap: 8, calls: 20 };

interface Phase {
  accounts: number;
  deliveries: number;
  claimMedianMs: number;
  drain: DrainResult;
}

/** Queues `deliveries` over the accounts (posts to 20 accounts at a time, in turn), then drains. */
async function drainPhase(
  stack: BenchStack,
  customer: BenchCustomer,
  accounts: string[],
  deliveries: number,
  options: { pgStats: boolean; settleAfter: boolean },
): Promise<Phase> {
  const groups: string[][] = [];
  for (let start = 0; start < accounts.length; start += PAGES_PER_EMULATED_USER)
    groups.push(accounts.slice(start, start + PAGES_PER_EMULATED_USER));
  const posts = Math.ceil(deliveries / PAGES_PER_EMULATED_USER);
  let claimMedianMs = NaN;
  let queued = 0;
  const drain = await measureDrain(stack, {
    windowSeconds: WINDOW_SECONDS,
    pgStats: options.pgStats,
    settleAfter: options.settleAfter,
    queueBacklog: async () => {
      const started = Date.now();
      const refused = await offer(posts, 50, (index) =>
        publish(stack, customer, groups[index % groups.length]!, `Scale post ${index}`),
      );
      if (refused) throw new Error(`${refused} of ${posts} posts were refused`);
      queued = await stack.openDeliveries();
      console.error(`queued ${queued} deliveries on ${accounts.length} accounts in ${elapsedSeconds(started)} s`);
      // Nothing runs jobs now: the claim is timed with every lane due and none held.
      claimMedianMs = (await probeClaim(stack.databaseUrl, PROBE)).medianMs;
    },
  });
  return { accounts: accounts.length, deliveries: queued, claimMedianMs, drain };
}

export async function runScaleMode(stack: BenchStack, options: { pgStats: boolean }): Promise<void> {
  if (LARGE_ACCOUNTS <= SMALL_ACCOUNTS) throw new Error(`BENCH_SCALE_ACCOUNTS must be more than ${SMALL_ACCOUNTS}`);
  const customer = await createCustomer(stack, 'scale');
  const small = await connectFacebookPages(stack, customer, SMALL_ACCOUNTS, { parallel: SEED_PARALLEL });
  const smallPhase = await drainPhase(stack, customer, small, TARGET_DELIVERIES_PER_SECOND * WINDOW_SECONDS, {
    pgStats: options.pgStats,
    settleAfter: true,
  });

  const seedStarted = Date.now();
  let reported = 0;
  const more = await connectFacebookPages(stack, customer, LARGE_ACCOUNTS - SMALL_ACCOUNTS, {
    parallel: SEED_PARALLEL,
    firstUser: Math.ceil(SMALL_ACCOUNTS / PAGES_PER_EMULATED_USER),
    progress: (connected) => {
      if (connected - reported < 5000) return;
      reported = connected;
      console.error(`seeded ${connected} accounts in ${elapsedSeconds(seedStarted)} s`);
    },
  });
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  // Every account gets one delivery: every lane has work, as with that many busy accounts.
  const large = [...small, ...more];
  const largePhase = await drainPhase(stack, customer, large, large.length, {
    pgStats: options.pgStats,
    settleAfter: false,
  });

  const cpu = [smallPhase, largePhase].map((phase) => serviceCpuMsPerDelivery(phase.drain));
  const rows: ReportRow[] = [
    [
      `seeding ${more.length} accounts through the connect flow (s)`,
      seedSeconds.toFixed(0),
      `${(more.length / seedSeconds).toFixed(0)} accounts/s, ${SEED_PARALLEL} users at once`,
    ],
  ];
  for (const [phase, serviceCpu] of [smallPhase, largePhase].map((phase, index) => [phase, cpu[index]!] as const)) {
    const label = `${phase.accounts} accounts`;
    rows.push(
      [`${label}: deliveries queued`, String(phase.deliveries), ''],
      [
        `${label}: claim_deliveries(…, ${PROBE.wanted}, ${PROBE.customerCap}) median ms`,
        phase.claimMedianMs.toFixed(2),
        '',
      ],
      [
        `${label}: deliveries/s draining (${WINDOW_SECONDS} s)`,
        phase.drain.deliveriesPerSecond.toFixed(0),
        `≥ ${TARGET_DELIVERIES_PER_SECOND}`,
      ],
      [`${label}: CPU ms/delivery, process running jobs`, phase.drain.cpuMsPerDelivery.worker.toFixed(2), ''],
      [
        `${label}: CPU ms/delivery, API process`,
        stack.layout === 'split' ? phase.drain.cpuMsPerDelivery.api.toFixed(2) : 'n/a',
        '',
      ],
      [`${label}: CPU ms/delivery, PostgreSQL`, phase.drain.cpuMsPerDelivery.postgres.toFixed(2), ''],
      [`${label}: CPU ms/delivery, service + PostgreSQL`, serviceCpu.toFixed(2), ''],
      [`${label}: CPU ms/delivery, emulator (not counted)`, phase.drain.cpuMsPerDelivery.emulator.toFixed(2), ''],
    );
  }
  rows.push([
    `CPU per delivery, ${largePhase.accounts} over ${smallPhase.accounts} accounts`,
    (cpu[1]! / cpu[0]!).toFixed(2),
    `≤ ${TARGET_CPU_GROWTH}`,
  ]);
  printTable(
    `Scale: the drain with ${smallPhase.accounts} and ${largePhase.accounts} Facebook Pages of one customer (service processes: ${stack.layout})`,
    rows,
  );
  printResult({
    scale: {
      accounts: [smallPhase.accounts, largePhase.accounts],
      cpuMsPerDelivery: cpu.map((value) => rounded(value)),
      drainPerSecond: [smallPhase, largePhase].map((phase) => rounded(phase.drain.deliveriesPerSecond, 0)),
    },
  });
}
