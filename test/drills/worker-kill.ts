/**
 * Drill: the worker process killed with SIGKILL under load. An API process and a worker process;
 * 1,000 posts over 50 accounts; the worker is killed mid-drain (some deliveries `publishing`, most
 * still pending) and a new one started. Afterwards every accepted delivery is published exactly
 * once on the emulator, and none is left pending, publishing or failed.
 */
import { Drill, pool, sleep, Stack } from './harness';

const ACCOUNTS = 50;
const POSTS = 1_000;

export const workerKill: Drill = {
  name: 'worker-kill',
  title: 'worker SIGKILL under load',
  timeoutMs: 5 * 60_000,
  async run(log) {
    const stack = await Stack.create();
    try {
      await stack.start('api');
      const firstWorker = await stack.start('worker');
      await stack.setupCustomer();
      const accounts = await stack.connectXAccounts(ACCOUNTS);
      log(`${ACCOUNTS} X accounts connected; posting ${POSTS} posts with 20 clients`);

      const prefix = `drill worker-kill ${Date.now()} #`;
      const accepted = new Map<string, string>();
      const refused: string[] = [];
      const posting = pool(POSTS, 20, async (index) => {
        const text = `${prefix}${index}`;
        const answer = await stack.post(accounts[index % ACCOUNTS]!, text);
        if (answer.status === 202) accepted.set(text, answer.id!);
        else refused.push(`${answer.status} ${answer.code ?? ''}`);
      });

      // Kill while the queue is draining: some published, many still to go, some in flight.
      let atKill: Record<string, number> = {};
      await stack.until(
        'the worker to be mid-drain (≥ 150 published, deliveries still publishing or pending)',
        async () => {
          atKill = await stack.deliveryCounts();
          return (atKill.published ?? 0) >= 150 && (atKill.publishing ?? 0) + (atKill.pending ?? 0) > 0;
        },
        120_000,
      );
      await stack.kill(firstWorker.process);
      log(`worker killed (SIGKILL) at ${JSON.stringify(atKill)}; posting goes on`);
      await sleep(1000);
      await stack.start('worker');
      log('a new worker started');
      await posting;
      log(
        `${accepted.size} posts accepted, ${refused.length} refused${refused.length ? `: ${[...new Set(refused)].join(', ')}` : ''}`,
      );
      await stack.settle(150_000);
      const { lost, summary } = await stack.checkExactlyOnce(accepted, prefix);
      if (refused.length) lost.push(`${refused.length} posts refused by the API (${[...new Set(refused)].join(', ')})`);
      log(summary);
      return {
        load: `${accepted.size} posts over ${ACCOUNTS} accounts, 20 clients`,
        faults: `worker SIGKILL with ${atKill.publishing ?? 0} publishing, ${atKill.pending ?? 0} pending`,
        lost,
        notes: [summary],
      };
    } finally {
      await stack.close();
    }
  },
};
