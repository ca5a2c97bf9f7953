/**
 * BENCH_ONLY=fairness: one customer's backlog must not hold up another's posts. Customer A queues
 * BENCH_FAIRNESS_BACKLOG single-account posts (while no worker runs, so all of it is waiting), then,
 * while the worker drains it, customer B sends one post every 200 ms for 20 s; B's latency from
 * acceptance to published is read from the database's clocks.
 */
import { connectXAccounts, createCustomer, offer, publish } from '../bench-customer';
import { BenchStack, until } from '../bench-stack';
import { openLoop, percentile } from '../load';
import { printResult, printTable, rounded } from '../report';

const BACKLOG = Number(process.env.BENCH_FAIRNESS_BACKLOG ?? 30_000);
const BACKLOG_ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 60);
/** B's posts go to its accounts in turn: one account's deliveries run one at a time, and that is not what is measured. */
const OTHER_ACCOUNTS = 4;
const OTHER_POSTS_PER_SECOND = 5;
const OTHER_SECONDS = 20;
const TARGET_P99_MS = 1000;

export async function runFairnessMode(stack: BenchStack): Promise<void> {
  const { db } = stack;
  await stack.control('/settings', { xDuplicateDetection: false }, 'PUT');
  const busy = await createCustomer(stack, 'fair-a');
  const other = await createCustomer(stack, 'fair-b');
  const busyAccounts = await connectXAccounts(stack, busy, BACKLOG_ACCOUNTS, 4);
  const otherAccounts = await connectXAccounts(stack, other, OTHER_ACCOUNTS, 4);

  const queueStarted = Date.now();
  const { drainerStartedAt } = await stack.queueWhileNoWorkerRuns(async () => {
    const refused = await offer(BACKLOG, 50, (index) =>
      publish(stack, busy, [busyAccounts[index % busyAccounts.length]!], `Backlog post ${index}`),
    );
    if (refused) throw new Error(`${refused} of ${BACKLOG} backlog posts were refused`);
  });
  const queueSeconds = (Date.now() - queueStarted) / 1000;
  await stack.waitHealthy();
  await until(
    async () =>
      (await db.query('SELECT count(*)::int AS n FROM deliveries WHERE published_at >= $1', [drainerStartedAt])).rows[0]
        .n > 0,
    stack.services,
  );

  const otherFrom = (await db.query('SELECT now() AS at')).rows[0].at as Date;
  let refused = 0;
  await openLoop(OTHER_POSTS_PER_SECOND, OTHER_SECONDS, async (index) => {
    if (!(await publish(stack, other, [otherAccounts[index % otherAccounts.length]!], `Other post ${index}`)))
      refused += 1;
  });
  const otherPosts = OTHER_POSTS_PER_SECOND * OTHER_SECONDS - refused;
  const otherLatencies = `SELECT extract(epoch FROM (d.published_at - p.created_at)) * 1000 AS ms
      FROM deliveries d JOIN posts p ON p.id = d.post_id JOIN customers c ON c.id = d.customer_id
     WHERE c.name = $1 AND p.created_at >= $2 AND d.status = 'published' ORDER BY 1`;
  await until(
    async () => (await db.query(otherLatencies, [other.name, otherFrom])).rows.length >= otherPosts,
    stack.services,
    60_000,
    500,
  ).catch(() => undefined);
  const sorted = (await db.query(otherLatencies, [other.name, otherFrom])).rows.map((row: { ms: string }) =>
    Number(row.ms),
  );
  const { rows: busyLeft } = await db.query(
    "SELECT count(*)::int AS n FROM deliveries d JOIN customers c ON c.id = d.customer_id WHERE c.name = $1 AND d.status IN ('pending', 'publishing')",
    [busy.name],
  );
  const p99 = percentile(sorted, 99);
  printTable(
    `Fairness: ${other.name}'s posts behind ${busy.name}'s backlog of ${BACKLOG} (service processes: ${stack.layout})`,
    [
      [
        `${busy.name}: backlog queued (s)`,
        queueSeconds.toFixed(0),
        `${BACKLOG} posts on ${busyAccounts.length} accounts`,
      ],
      [
        `${other.name}: posts sent (${OTHER_POSTS_PER_SECOND}/s for ${OTHER_SECONDS} s)`,
        String(otherPosts),
        `${refused} refused`,
      ],
      [`${other.name}: published`, String(sorted.length), ''],
      [`${other.name}: accept → published p50 (ms)`, percentile(sorted, 50).toFixed(0), ''],
      [`${other.name}: accept → published p99 (ms)`, p99.toFixed(0), `≤ ${TARGET_P99_MS}`],
      [`${other.name}: accept → published max (ms)`, (sorted[sorted.length - 1] ?? NaN).toFixed(0), ''],
      [`${busy.name}: deliveries still open afterwards`, String(busyLeft[0].n), '> 0: the backlog lasted'],
    ],
  );
  // A post of B never published counts as missing, not as fast: the figure is then null.
  printResult({ fairness: { backlog: BACKLOG, otherP99Ms: sorted.length === otherPosts ? rounded(p99, 0) : null } });
}
