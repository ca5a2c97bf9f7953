/**
 * `npm run drill [-- name …]`: the fault drills. Each starts the real built service (`npm run build`'s
 * dist/) as separate processes on an embedded PostgreSQL of its own, puts load on it, injects a fault,
 * and checks that nothing was lost. Each is bounded in time. At the end a report table; the exit code
 * is non-zero if any drill lost anything or failed to finish.
 *
 * Not part of `npm test` (the quick loop), but CI runs them after it (.ci/run): together they take
 * several minutes of a machine's full attention. Hostile input is the fuzz test's
 * (test/e2e/fuzz.e2e-spec.ts), not the drills'.
 */
import { cpus } from 'node:os';
import { buildService, ServiceProcess } from '../support/service-process';
import { allProcesses, Drill, DrillResult } from './harness';
import { postgresOutage } from './postgres-outage';
import { twoInstances } from './two-instances';
import { webhookFlap } from './webhook-flap';
import { workerKill } from './worker-kill';

const DRILLS: Drill[] = [workerKill, postgresOutage, webhookFlap, twoInstances];

interface Row {
  drill: Drill;
  seconds: number;
  result?: DrillResult;
  error?: string;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms)),
    ),
  ]);
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !DRILLS.some((drill) => drill.name === name));
  if (unknown.length)
    throw new Error(`Unknown drill(s): ${unknown.join(', ')}. Drills: ${DRILLS.map((drill) => drill.name).join(', ')}`);
  const selected = wanted.length ? DRILLS.filter((drill) => wanted.includes(drill.name)) : DRILLS;

  console.log('Building the service (npm run build)…');
  await buildService();
  const rows: Row[] = [];
  for (const drill of selected) {
    console.log(`\n== ${drill.name}: ${drill.title} (at most ${drill.timeoutMs / 1000} s)`);
    const started = Date.now();
    const log = (line: string) =>
      console.log(`  [${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
    const firstProcess = allProcesses.length;
    try {
      const result = await withTimeout(drill.run(log), drill.timeoutMs, `The drill ${drill.name}`);
      rows.push({ drill, seconds: (Date.now() - started) / 1000, result });
      log(result.lost.length ? `LOST: ${result.lost.join('; ')}` : 'lost: nothing');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      rows.push({ drill, seconds: (Date.now() - started) / 1000, error: message });
      log(`FAILED: ${message}`);
    }
    // A drill that timed out is still running: its service processes must not load the next drill's machine.
    const leftOver = killAll(allProcesses.slice(firstProcess));
    if (leftOver) log(`killed ${leftOver} service process(es) the drill left running`);
  }

  console.log(`\nDrill report (${cpus().length} cores, ${new Date().toISOString()})\n`);
  console.log('| drill | load held | faults survived | bad inputs tried | lost | time |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    const lost = row.error
      ? `DRILL FAILED: ${row.error.split('\n')[0]}`
      : row.result!.lost.length
        ? row.result!.lost.join('; ')
        : 'nothing';
    console.log(
      `| ${row.drill.name} | ${row.result?.load ?? '—'} | ${row.result?.faults ?? '—'} | see the fuzz test (test/e2e/fuzz.e2e-spec.ts) | ${lost} | ${row.seconds.toFixed(0)} s |`,
    );
  }
  const failed = rows.filter((row) => row.error || row.result!.lost.length);
  console.log(
    failed.length
      ? `\n${failed.length} of ${rows.length} drills lost something or failed.`
      : `\nAll ${rows.length} drills: nothing lost.`,
  );
  process.exitCode = failed.length ? 1 : 0;
}

/** SIGKILLs those still running; returns how many. */
function killAll(processes: ServiceProcess[]): number {
  const running = processes.filter((service) => service.child.exitCode === null && service.child.signalCode === null);
  for (const service of running) service.child.kill('SIGKILL');
  return running.length;
}

// Interrupted (Ctrl-C, a CI timeout) or done: no service process outlives the run (a timed-out
// drill's would otherwise). The embedded PostgreSQL servers stop by themselves when this process goes away.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll(allProcesses);
    process.exit(130);
  });
}

main().then(
  () => {
    killAll(allProcesses);
    process.exit(process.exitCode ?? 0);
  },
  (error: unknown) => {
    console.error(error);
    killAll(allProcesses);
    process.exit(1);
  },
);
