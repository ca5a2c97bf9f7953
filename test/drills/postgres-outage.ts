/**
 * Drill: PostgreSQL stopped for 10 s under load. An API process and a worker process; clients post
 * before, during and after the outage. Meanwhile the API answers 503 database_unavailable; the
 * service recovers by itself once PostgreSQL is back; every post that got a 202 exists and ends
 * published exactly once.
 */
import { Drill, sleep, Stack } from './harness';

const ACCOUNTS = 30;
const CLIENTS = 10;
const OUTAGE_MS = 10_000;

export const postgresOutage: Drill = {
  name: 'postgres-outage',
  title: 'PostgreSQL down 10 s under load',
  timeoutMs: 5 * 60_000,
  async run(log) {
    const stack = await Stack.create();
    try {
      const api = await stack.start('api');
      let worker = (await stack.start('worker')).process;
      await stack.setupCustomer();
      const accounts = await stack.connectXAccounts(ACCOUNTS);
      log(`${ACCOUNTS} X accounts connected; ${CLIENTS} clients post before, during and after the outage`);

      const prefix = `drill postgres-outage ${Date.now()} #`;
      const accepted = new Map<string, string>();
      const answers: Record<string, number> = {};
      let phase: 'before' | 'outage' | 'after' = 'before';
      const byPhase: Record<string, Record<string, number>> = { before: {}, outage: {}, after: {} };
      let sequence = 0;
      let producing = true;
      const clients = Array.from({ length: CLIENTS }, async () => {
        while (producing) {
          const index = sequence++;
          const text = `${prefix}${index}`;
          const answerPhase = phase;
          const answer = await stack.post(accounts[index % ACCOUNTS]!, text);
          const key = answer.status === 202 ? '202' : `${answer.status} ${answer.code ?? ''}`.trim();
          answers[key] = (answers[key] ?? 0) + 1;
          byPhase[answerPhase]![key] = (byPhase[answerPhase]![key] ?? 0) + 1;
          if (answer.status === 202) accepted.set(text, answer.id!);
          // A refused client backs off a little, as a client honouring 503 would.
          if (answer.status !== 202) await sleep(100);
        }
      });

      await sleep(5_000);
      phase = 'outage';
      const stoppedAt = Date.now();
      await stack.stopDatabase();
      log(`PostgreSQL stopped (${accepted.size} accepted so far)`);
      let health503 = false;
      while (Date.now() - stoppedAt < OUTAGE_MS) {
        const health = await fetch(`${api.url}/health`).catch(() => undefined);
        if (health?.status === 503) health503 = true;
        await sleep(500);
      }
      await stack.startDatabase();
      const restartedAt = Date.now();
      log(`PostgreSQL started again after ${((restartedAt - stoppedAt) / 1000).toFixed(1)} s`);
      phase = 'after';
      const crashes: string[] = [];
      await sleep(1_000);
      if (worker.child.exitCode !== null) {
        // A defect, reported as such; then restarted as a supervisor would, to see whether anything is lost besides.
        const fatal =
          worker
            .output()
            .split('\n')
            .find((line) => /^\w*Error|^error:/.test(line)) ?? 'no error line';
        crashes.push(`the worker process exited (code ${worker.child.exitCode}) during the outage: ${fatal.trim()}`);
        log(`DEFECT: ${crashes[0]}; starting a new worker as a supervisor would`);
        if (process.env.DRILL_VERBOSE) log(worker.output().split('\n').slice(-40).join('\n'));
        stack.forget(worker);
        worker = (await stack.start('worker')).process;
      }
      await stack.until(
        '/health to answer 200 again by itself',
        async () => (await fetch(`${api.url}/health`)).status === 200,
        60_000,
      );
      const recoveredIn = (Date.now() - restartedAt) / 1000;
      log(`the API recovered ${recoveredIn.toFixed(1)} s after PostgreSQL came back`);
      await stack.until('a post to be accepted again', async () => (byPhase.after!['202'] ?? 0) > 0, 60_000);
      await sleep(5_000);
      producing = false;
      await Promise.all(clients);
      log(`answers: ${JSON.stringify(byPhase)}`);

      await stack.settle(150_000);
      const { lost, summary } = await stack.checkExactlyOnce(accepted, prefix);
      lost.unshift(...crashes);
      log(summary);
      const during = byPhase.outage!;
      if (!during['503 database_unavailable'])
        lost.push('the API never answered 503 database_unavailable during the outage');
      if (!health503) lost.push('/health never answered 503 during the outage');
      const wrong = Object.keys(answers).filter((key) => key !== '202' && key !== '503 database_unavailable');
      if (wrong.length) {
        lost.push(
          `answers other than 202 / 503 database_unavailable: ${wrong.map((key) => `${answers[key]}× ${key}`).join(', ')}`,
        );
        // What the API logged for them, to find the cause.
        const logged = api.process
          .output()
          .split('\n')
          .filter((line) => /"level":50|internal_error|Unhandled/.test(line))
          .slice(0, 3);
        for (const line of logged) log(`API log: ${line.slice(0, 600)}`);
      }
      return {
        load: `${sequence} posts by ${CLIENTS} clients over ${ACCOUNTS} accounts (${accepted.size} accepted)`,
        faults: `PostgreSQL stopped ${OUTAGE_MS / 1000} s (${during['503 database_unavailable'] ?? 0}× 503 meanwhile; recovered in ${recoveredIn.toFixed(1)} s)`,
        lost,
        notes: [summary, `answers by phase: ${JSON.stringify(byPhase)}`],
      };
    } finally {
      await stack.close();
    }
  },
};
