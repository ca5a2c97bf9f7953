/**
 * The bench's default run (no BENCH_ONLY; BENCH_ONLY=drain runs only its drain): accepted posts/s,
 * deliveries/s with producers, end-to-end latency, the worker's drain with CPU per delivery, peak
 * RSS, and the account list against the bare reference.
 */
import { cpus } from 'node:os';
import { createCustomer, connectXAccounts, publish } from '../bench-customer';
import { BenchStack, peakRssMb } from '../bench-stack';
import { compareAccountList } from '../account-list-comparison';
import { measureDrain } from '../drain';
import { closedLoop, openLoop, percentile } from '../load';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 60);
const SUSTAIN_SECONDS = Number(process.env.BENCH_SUSTAIN_SECONDS ?? 60);
const TARGET_DELIVERIES_PER_SECOND = 300;

export async function runDefaultMode(
  stack: BenchStack,
  options: { onlyDrain: boolean; pgStats: boolean },
): Promise<void> {
  const { db, layout } = stack;
  const customer = await createCustomer(stack, 'bench');
  await stack.control('/settings', { xDuplicateDetection: false }, 'PUT');
  // One emulated X profile per account: one account's deliveries run one at a time, so throughput comes from many accounts.
  const accountIds = await connectXAccounts(stack, customer, ACCOUNTS);
  let sequence = 0;
  // Each post goes to the next account in turn: one account's deliveries run one at a time, so
  // the load must be spread over all of them to measure the pipeline rather than one queue.
  const postOnce = () =>
    publish(stack, customer, [accountIds[sequence % accountIds.length]!], `Bench post ${sequence++}`);

  // 1. Accepted posts per second at 50 concurrent clients (10 s).
  const accepted = options.onlyDrain
    ? { completed: NaN, failed: 0, seconds: 1 }
    : await closedLoop(50, 10, () => postOnce());
  const acceptedPerSecond = accepted.completed / accepted.seconds;
  await stack.settle();

  // 2. Deliveries per second sustained: producers keep the queue full; count what gets published.
  let deliveriesPerSecond = NaN;
  if (!options.onlyDrain) {
    const { rows: before } = await db.query("SELECT count(*)::int AS n FROM deliveries WHERE status = 'published'");
    const sustainStart = Date.now();
    await closedLoop(20, SUSTAIN_SECONDS, () => postOnce());
    const sustainSeconds = (Date.now() - sustainStart) / 1000;
    const { rows: after } = await db.query("SELECT count(*)::int AS n FROM deliveries WHERE status = 'published'");
    deliveriesPerSecond = (after[0].n - before[0].n) / sustainSeconds;
    await stack.settle();
  }

  // 3. End-to-end latency (POST accepted → delivery published) at 100 posts/s for 20 s, from the database's own clocks.
  let sorted: number[] = [];
  if (!options.onlyDrain) {
    const latencyFrom = new Date();
    await openLoop(100, 20, () => postOnce());
    await stack.settle();
    const { rows: latencies } = await db.query(
      `SELECT extract(epoch FROM (d.published_at - p.created_at)) * 1000 AS ms FROM deliveries d JOIN posts p ON p.id = d.post_id
        WHERE p.created_at >= $1 AND d.status = 'published' ORDER BY 1`,
      [latencyFrom],
    );
    sorted = latencies.map((row: { ms: string }) => Number(row.ms));
  }

  // 4. The worker's own rate, draining a backlog (see drain.ts).
  const backlog = TARGET_DELIVERIES_PER_SECOND * SUSTAIN_SECONDS;
  const drain = await measureDrain(stack, {
    windowSeconds: SUSTAIN_SECONDS,
    pgStats: options.pgStats,
    settleAfter: true,
    queueBacklog: async () => {
      let offered = 0;
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          while (offered < backlog) {
            offered += 1;
            await postOnce();
          }
        }),
      );
    },
  });

  // 5. The account list through the service against the bare reference (same key lookup and query).
  const list = await compareAccountList(stack, customer);

  const report = [
    ['accepted posts/s (50 clients)', acceptedPerSecond.toFixed(0), ''],
    [`deliveries/s with 20 producers (${SUSTAIN_SECONDS} s)`, deliveriesPerSecond.toFixed(0), ''],
    [
      `deliveries/s draining ${backlog} (${SUSTAIN_SECONDS} s)`,
      drain.deliveriesPerSecond.toFixed(0),
      `≥ ${TARGET_DELIVERIES_PER_SECOND}`,
    ],
    ['end-to-end p50 at 100 posts/s (ms)', percentile(sorted, 50).toFixed(0), '≤ 50'],
    ['end-to-end p99 at 100 posts/s (ms)', percentile(sorted, 99).toFixed(0), '≤ 250'],
    [
      `peak RSS of the service (MB, ${layout === 'split' ? 'API + worker' : 'one process'})`,
      String(
        (layout === 'split' ? peakRssMb(stack.services[0]!.child.pid!) : 0) +
          Math.max(peakRssMb(stack.drainer.child.pid!), drain.replacedPeakRssMb),
      ),
      '≤ 300',
    ],
    ['CPU ms per delivery: the process running jobs', drain.cpuMsPerDelivery.worker.toFixed(2), ''],
    ['CPU ms per delivery: API process', layout === 'split' ? drain.cpuMsPerDelivery.api.toFixed(2) : 'n/a', ''],
    ['CPU ms per delivery: emulator (not the service)', drain.cpuMsPerDelivery.emulator.toFixed(2), ''],
    ['CPU ms per delivery: PostgreSQL', drain.cpuMsPerDelivery.postgres.toFixed(2), ''],
    ['account list req/s: service', list.serviceRps.toFixed(0), ''],
    ['account list req/s: bare Fastify + pg', list.bareRps.toFixed(0), ''],
    ['service / bare', (list.serviceRps / list.bareRps).toFixed(2), ''],
  ];
  console.log(
    `\nPublishing benchmark (${ACCOUNTS} X accounts on the emulator, ${cpus().length} cores, service processes: ${layout})\n`,
  );
  for (const [name, value, target] of report) console.log(`${name!.padEnd(42)} ${value!.padStart(8)}   ${target}`);
  console.log(
    `\n(failed requests: accept ${accepted.failed}, list ${list.serviceFailed}/${list.bareFailed}; latency samples ${sorted.length})`,
  );
}
