/**
 * Drill: the webhook receiver down for minutes, then flapping. One service process (ROLE=all); the
 * receiver goes down before 10 accounts connect and 100 posts publish, stays down a little over two
 * minutes, then flaps twice (up 3 s answering 500s, a 503 with Retry-After and hang-ups, then down
 * 10 s) before staying up: 2.5 minutes down in all. Every event (account.connected, post.published)
 * reaches it at least once, signed, and none is left pending or failed; the receiver de-duplicates
 * by event id, and the unique ids are exactly the database's.
 */
import { createHmac } from 'node:crypto';
import { WebhookReceiver } from '../support/webhook-receiver';
import { Drill, pool, sleep, Stack } from './harness';

const ACCOUNTS = 10;
const POSTS = 100;
const SECRET = 'drill-webhook-secret-0123456789';
/** The long outage, counted from when the receiver goes down (the events are made in its first ~15 s). */
const OUTAGE_MS = 130_000;
const FLAPS = 2;
const FLAP_UP_MS = 3_000;
const FLAP_DOWN_MS = 10_000;
/**
 * The production default retries after 5 min, 30 min, …: a two-minute outage is over before the
 * third attempt. The drill compresses that into 20 attempts (the most the setting takes): 15 s
 * apart after the first few, so an event made at the start of the outage is still retried at 192 s
 * at the earliest (every delay can be 20% short), well past the end of the trouble (~156 s), and each
 * event's next attempt after the recovery comes within 18 s.
 */
const RETRY_GAP_S = 15;
const SCHEDULE = ['0s', '1s', '2s', '4s', '8s', ...Array.from({ length: 15 }, () => `${RETRY_GAP_S}s`)].join(',');

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

export const webhookFlap: Drill = {
  name: 'webhook-flap',
  title: 'webhook receiver down, then flapping',
  timeoutMs: 5 * 60_000,
  async run(log) {
    const stack = await Stack.create();
    const receiver = await WebhookReceiver.started();
    try {
      await stack.start('all', { env: { WEBHOOK_RETRY_SCHEDULE: SCHEDULE } });
      await stack.setupCustomer();
      const put = await fetch(`${stack.apiUrl}/api/v1/webhooks`, {
        method: 'PUT',
        headers: stack.headers,
        body: JSON.stringify({ url: receiver.url, webhook_secret: SECRET }),
      });
      if (put.status !== 200) throw new Error(`PUT /api/v1/webhooks answered ${put.status}: ${await put.text()}`);

      await receiver.down();
      const downAt = Date.now();
      log(`receiver down; connecting ${ACCOUNTS} accounts and publishing ${POSTS} posts (retry schedule ${SCHEDULE})`);
      const accounts = await stack.connectXAccounts(ACCOUNTS);
      const prefix = `drill webhook-flap ${Date.now()} #`;
      const accepted = new Map<string, string>();
      await pool(POSTS, 10, async (index) => {
        const answer = await stack.post(accounts[index % ACCOUNTS]!, `${prefix}${index}`);
        if (answer.status === 202) accepted.set(`${prefix}${index}`, answer.id!);
      });
      log(`${accepted.size} posts accepted; the receiver stays down until ${seconds(OUTAGE_MS)}`);
      await sleep(Math.max(0, OUTAGE_MS - (Date.now() - downAt)));
      const outageMs = Date.now() - downAt;
      let downMs = outageMs;
      // Still retrying, not given up: no event may have failed while the receiver was away.
      const failedInOutage = (
        await stack.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE delivery_status = 'failed'")
      )[0]!.n;
      const attemptsInOutage = (await stack.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_attempts'))[0]!
        .n;
      log(`after ${seconds(outageMs)} down: ${attemptsInOutage} attempts made, ${failedInOutage} events failed`);

      // Flapping: up answering errors and hanging up, down again.
      for (let round = 0; round < FLAPS; round += 1) {
        receiver.answerNext(
          { status: 500 },
          { status: 500 },
          'hang-up',
          { status: 503, headers: { 'Retry-After': '1' } },
          { status: 502 },
          'hang-up',
          { status: 500 },
        );
        await receiver.up();
        await sleep(FLAP_UP_MS);
        await receiver.down();
        const flapDownAt = Date.now();
        await sleep(FLAP_DOWN_MS);
        downMs += Date.now() - flapDownAt;
      }
      await receiver.up();
      const recoveredAt = Date.now();
      log(`receiver up for good after ${seconds(recoveredAt - downAt)} of trouble (${seconds(downMs)} down)`);

      await stack.settle(30_000);
      await stack.until(
        'every event to leave pending (delivered or failed)',
        async () =>
          (
            await stack.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE delivery_status = 'pending'")
          )[0]!.n === 0,
        90_000,
      );
      const lost: string[] = [];
      if (failedInOutage) lost.push(`${failedInOutage} events given up while the receiver was down`);
      const events = await stack.query<{ id: string; type: string; delivery_status: string }>(
        // Every event the service records is sent (post.completed too, one per post).
        'SELECT id, type, delivery_status FROM events',
      );
      const statuses: Record<string, number> = {};
      for (const event of events) statuses[event.delivery_status] = (statuses[event.delivery_status] ?? 0) + 1;
      const expected = {
        'account.connected': ACCOUNTS,
        'post.published': accepted.size,
        'post.completed': accepted.size,
      };
      for (const [type, count] of Object.entries(expected)) {
        const found = events.filter((event) => event.type === type).length;
        if (found !== count) lost.push(`${count} ${type} expected in the database, ${found} found`);
      }
      const notDelivered = events.filter((event) => event.delivery_status !== 'delivered');
      if (notDelivered.length) lost.push(`${notDelivered.length} events not delivered (${JSON.stringify(statuses)})`);

      // The receiver's side: verify each signature, de-duplicate by id.
      const badSignatures = receiver.receipts.filter(
        (receipt) =>
          receipt.headers['x-service-signature'] !== createHmac('sha256', SECRET).update(receipt.raw).digest('hex'),
      ).length;
      const headerMismatch = receiver.receipts.filter(
        (receipt) => receipt.headers['x-service-event-id'] !== receipt.body.id,
      ).length;
      const unique = new Set(receiver.receipts.map((receipt) => receipt.body.id));
      const missing = events.filter((event) => !unique.has(event.id)).length;
      const extra = [...unique].filter((id) => !events.some((event) => event.id === id)).length;
      if (badSignatures) lost.push(`${badSignatures} receipts with a wrong signature`);
      if (headerMismatch) lost.push(`${headerMismatch} receipts whose X-Service-Event-Id differs from the body's id`);
      if (missing) lost.push(`${missing} events never received`);
      if (extra) lost.push(`${extra} received ids that are not events in the database`);
      const { lost: postsLost } = await stack.checkExactlyOnce(accepted, prefix);
      lost.push(...postsLost);

      // Soon after the recovery: each event's next attempt was at most one (jittered) gap away.
      const firstReceipt = new Map<string, number>();
      for (const receipt of receiver.receipts)
        firstReceipt.set(receipt.body.id, Math.min(firstReceipt.get(receipt.body.id) ?? Infinity, receipt.at));
      const lastArrivalMs = Math.max(0, ...firstReceipt.values()) - recoveredAt;
      const soonMs = RETRY_GAP_S * 1.2 * 1000 + 15_000;
      if (lastArrivalMs > soonMs)
        lost.push(
          `the last event arrived ${seconds(lastArrivalMs)} after the recovery (expected within ${seconds(soonMs)})`,
        );
      const summary = `${events.length} events in the database (${JSON.stringify(statuses)}); ${receiver.receipts.length} requests received, ${unique.size} unique ids, ${receiver.receipts.length - unique.size} repeats de-duplicated by id`;
      log(summary);
      return {
        load: `${ACCOUNTS} account.connected + ${accepted.size} post.published + ${accepted.size} post.completed events`,
        faults:
          `receiver down ${seconds(downMs)} in all: ${seconds(outageMs)} at once, then ${FLAPS}× up ${seconds(FLAP_UP_MS)} (500/502/503/hang-ups) and down ${seconds(FLAP_DOWN_MS)}; ` +
          `every event received by ${seconds(Math.max(0, lastArrivalMs))} after it came back`,
        lost,
        notes: [summary],
      };
    } finally {
      await receiver.down();
      await stack.close();
    }
  },
};
