/**
 * BENCH_ONLY=webhooks: a receiver that hangs must cost only its own customer. Customer A publishes
 * (20 producers keep its queue full, webhooks to a healthy local receiver) and its publishing rate
 * is measured alone; then customer C, whose receiver accepts connections and never answers, gets
 * many events (from a burst of its own posts, published before the second window), and A's rate is
 * measured again while C's attempts hang for WEBHOOK_TIMEOUT_MS each.
 */
import { BenchCustomer, connectXAccounts, createCustomer, offer, publish, setWebhook } from '../bench-customer';
import { BenchStack, until } from '../bench-stack';
import { closedLoop } from '../load';
import { printResult, printTable, rounded } from '../report';
import { startHangingReceiver, startHealthyReceiver } from '../webhook-receivers';

const ACCOUNTS_PER_CUSTOMER = 20;
const WINDOW_SECONDS = Number(process.env.BENCH_WEBHOOKS_SECONDS ?? 20);
const PRODUCERS = 20;
const WARM_UP_SECONDS = 5;
/** C's events: at WEBHOOK_CUSTOMER_MAX_IN_FLIGHT (10) attempts per WEBHOOK_TIMEOUT_MS (10 s), far more than the window gets through. */
const HANGING_EVENTS = 300;
const TARGET_RATE_KEPT = 0.9;

interface Window {
  publishedPerSecond: number;
  healthyWebhooksPerSecond: number;
}

/** A's producers for the window; A's deliveries published per second in it, from the database's clocks. */
async function publishingWindow(
  stack: BenchStack,
  customer: BenchCustomer,
  accounts: string[],
  webhooksReceived: () => number,
): Promise<Window> {
  let sequence = 0;
  const from = (await stack.db.query('SELECT now() AS at')).rows[0].at as Date;
  const receivedBefore = webhooksReceived();
  const load = await closedLoop(PRODUCERS, WINDOW_SECONDS, () =>
    publish(stack, customer, [accounts[sequence % accounts.length]!], `Steady post ${sequence++}`),
  );
  const to = (await stack.db.query('SELECT now() AS at')).rows[0].at as Date;
  const { rows } = await stack.db.query(
    'SELECT count(*)::int AS n FROM deliveries d JOIN customers c ON c.id = d.customer_id WHERE c.name = $1 AND d.published_at BETWEEN $2 AND $3',
    [customer.name, from, to],
  );
  const seconds = (to.getTime() - from.getTime()) / 1000;
  return {
    publishedPerSecond: rows[0].n / seconds,
    healthyWebhooksPerSecond: (webhooksReceived() - receivedBefore) / load.seconds,
  };
}

export async function runWebhooksMode(stack: BenchStack): Promise<void> {
  await stack.control('/settings', { xDuplicateDetection: false }, 'PUT');
  const healthy = await startHealthyReceiver();
  const hanging = await startHangingReceiver();
  try {
    const steady = await createCustomer(stack, 'hook-a');
    const hung = await createCustomer(stack, 'hook-c');
    const steadyAccounts = await connectXAccounts(stack, steady, ACCOUNTS_PER_CUSTOMER, 4);
    const hungAccounts = await connectXAccounts(stack, hung, ACCOUNTS_PER_CUSTOMER, 4);
    await setWebhook(stack, steady, healthy.url);
    await setWebhook(stack, hung, hanging.url);

    // Unmeasured: the process's code paths warm up (JIT) before the first window, not during it.
    let warmUps = 0;
    await closedLoop(PRODUCERS, WARM_UP_SECONDS, () =>
      publish(stack, steady, [steadyAccounts[warmUps % steadyAccounts.length]!], `Warm-up post ${warmUps++}`),
    );
    await stack.settle();
    const alone = await publishingWindow(stack, steady, steadyAccounts, healthy.count);
    await stack.settle();

    // C's events are in place (its posts published) before A's second window starts.
    const refused = await offer(HANGING_EVENTS, 20, (index) =>
      publish(stack, hung, [hungAccounts[index % hungAccounts.length]!], `Hung post ${index}`),
    );
    if (refused) throw new Error(`${refused} of C's posts were refused`);
    await stack.settle();
    await until(async () => hanging.count() > 0, stack.services, 30_000);
    const hangingBefore = hanging.count();
    const withHang = await publishingWindow(stack, steady, steadyAccounts, healthy.count);
    const { rows: hungPending } = await stack.db.query(
      "SELECT count(*)::int AS n FROM events e JOIN customers c ON c.id = e.customer_id WHERE c.name = $1 AND e.delivery_status = 'pending'",
      [hung.name],
    );

    const kept = withHang.publishedPerSecond / alone.publishedPerSecond;
    printTable(
      `Webhooks: ${steady.name} publishing while ${hung.name}'s receiver hangs (${WINDOW_SECONDS} s windows, ${PRODUCERS} producers; service processes: ${stack.layout})`,
      [
        [`${steady.name}: deliveries/s alone`, alone.publishedPerSecond.toFixed(0), ''],
        [
          `${steady.name}: deliveries/s while ${hung.name}'s receiver hangs`,
          withHang.publishedPerSecond.toFixed(0),
          '',
        ],
        ['publishing rate kept', kept.toFixed(2), `≥ ${TARGET_RATE_KEPT}`],
        [`${steady.name}: webhooks received/s alone`, alone.healthyWebhooksPerSecond.toFixed(0), ''],
        [`${steady.name}: webhooks received/s with the hang`, withHang.healthyWebhooksPerSecond.toFixed(0), ''],
        [
          `${hung.name}: connections held in the window`,
          String(hanging.count() - hangingBefore),
          'attempts left hanging',
        ],
        [`${hung.name}: events still pending afterwards`, String(hungPending[0].n), '> 0: the hang lasted'],
      ],
    );
    printResult({ webhooks: { publishingRateKept: rounded(kept) } });
  } finally {
    await healthy.close();
    await hanging.close();
  }
}
