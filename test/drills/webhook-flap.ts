/**
 * Drill: the webhook receiver down, then flapping. One service process (ROLE=all); the receiver
 * goes down before 10 accounts connect and 100 posts publish, stays down ~20 s, then flaps (up with
 * 500s, hang-ups and a 503 Retry-After, down again, …) before staying up. Every event
 * (account.connected, post.published) reaches it at least once, signed, and none is left pending
 * or failed; the receiver de-duplicates by event id, and the unique ids are exactly the database's.
 */
import { createHmac } from 'node:crypto';
import { WebhookReceiver } from '../support/webhook-receiver';
import { Drill, pool, sleep, Stack } from './harness';

const ACCOUNTS = 10;
const POSTS = 100;
const SECRET = 'drill-webhook-secret-0123456789';
/** Long enough to outlast the faults below (the last two attempts come ~50 s and ~80 s after an event, ±20%). */
const SCHEDULE = '0s,1s,2s,4s,8s,15s,20s,30s';

export const webhookFlap: Drill = {
  name: 'webhook-flap',
  title: 'webhook receiver down, then flapping',
  timeoutMs: 5 * 60_000,
  async run(log) {
    const stack = await Stack.create();
    const receiver = await WebhookReceiver.started();
    try {
      const service = await stack.start('all', { env: { WEBHOOK_RETRY_SCHEDULE: SCHEDULE } });
      stack.apiUrl = service.url;
      await stack.setupCustomer();
      const put = await fetch(`${stack.apiUrl}/api/v1/webhooks`, { method: 'PUT', headers: stack.headers, body: JSON.stringify({ url: receiver.url, webhook_secret: SECRET }) });
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
      await sleep(Math.max(0, 20_000 - (Date.now() - downAt)));
      const faults: string[] = [`down ${((Date.now() - downAt) / 1000).toFixed(0)} s`];
      // Flapping: up answering errors and hanging up, down again, twice.
      for (let round = 0; round < 2; round += 1) {
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
        await sleep(3_000);
        await receiver.down();
        await sleep(8_000);
        faults.push('up 3 s (500/502/503/hang-ups) then down 8 s');
      }
      await receiver.up();
      const recoveredAt = Date.now();
      log(`receiver up for good after ${((recoveredAt - downAt) / 1000).toFixed(0)} s of trouble`);

      await stack.settle(60_000);
      await stack.until(
        'every event to leave pending (delivered or failed)',
        async () => (await stack.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE delivery_status = 'pending'"))[0]!.n === 0,
        150_000,
      );
      const lost: string[] = [];
      const events = await stack.query<{ id: string; type: string; delivery_status: string }>(
        "SELECT id, type, delivery_status FROM events WHERE type IN ('account.connected', 'post.published', 'post.failed')",
      );
      const statuses: Record<string, number> = {};
      for (const event of events) statuses[event.delivery_status] = (statuses[event.delivery_status] ?? 0) + 1;
      const expected = { 'account.connected': ACCOUNTS, 'post.published': accepted.size };
      for (const [type, count] of Object.entries(expected)) {
        const found = events.filter((event) => event.type === type).length;
        if (found !== count) lost.push(`${count} ${type} expected in the database, ${found} found`);
      }
      const notDelivered = events.filter((event) => event.delivery_status !== 'delivered');
      if (notDelivered.length) lost.push(`${notDelivered.length} events not delivered (${JSON.stringify(statuses)})`);

      // The receiver's side: verify each signature, de-duplicate by id.
      const badSignatures = receiver.receipts.filter((receipt) => receipt.headers['x-service-signature'] !== createHmac('sha256', SECRET).update(receipt.raw).digest('hex')).length;
      const headerMismatch = receiver.receipts.filter((receipt) => receipt.headers['x-service-event-id'] !== receipt.body.id).length;
      const unique = new Set(receiver.receipts.map((receipt) => receipt.body.id));
      const missing = events.filter((event) => !unique.has(event.id)).length;
      const extra = [...unique].filter((id) => !events.some((event) => event.id === id)).length;
      if (badSignatures) lost.push(`${badSignatures} receipts with a wrong signature`);
      if (headerMismatch) lost.push(`${headerMismatch} receipts whose X-Service-Event-Id differs from the body's id`);
      if (missing) lost.push(`${missing} events never received`);
      if (extra) lost.push(`${extra} received ids that are not events in the database`);
      const { lost: postsLost } = await stack.checkExactlyOnce(accepted, prefix);
      lost.push(...postsLost);
      const summary = `${events.length} events in the database (${JSON.stringify(statuses)}); ${receiver.receipts.length} requests received, ${unique.size} unique ids, ${receiver.receipts.length - unique.size} repeats de-duplicated by id`;
      log(summary);
      return {
        load: `${ACCOUNTS} account.connected + ${accepted.size} post.published events`,
        faults: `receiver ${faults.join(', ')}; then up`,
        lost,
        notes: [summary],
      };
    } finally {
      await receiver.down();
      await stack.close();
    }
  },
};
