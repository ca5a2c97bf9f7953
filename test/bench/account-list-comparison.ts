/**
 * The account list (GET /api/v1/social-accounts?tenantId=…) through the service against the bare
 * Fastify + pg reference (bare-account-list.ts, a process of its own), in the same run, over the
 * same database, with the same key.
 */
import { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { BenchCustomer } from './bench-customer';
import { BenchStack, spawnListening } from './bench-stack';
import { closedLoop } from './load';

const CLIENTS = 50;

export interface AccountListComparison {
  serviceRps: number;
  bareRps: number;
  serviceFailed: number;
  bareFailed: number;
}

async function startBareProcess(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const { found: port, child } = await spawnListening(
    ['-r', 'ts-node/register/transpile-only', join(__dirname, 'bare-account-list.ts')],
    { DATABASE_URL: databaseUrl },
    /listening (\d+)/,
    'The bare reference',
  );
  return { url: `http://127.0.0.1:${port}/accounts`, child };
}

/**
 * `rounds` alternating turns of `seconds` each (service, then bare), after `warmUpSeconds` of each
 * unmeasured: alternating spreads the machine's other load over both sides rather than one.
 */
export async function compareAccountList(
  stack: BenchStack,
  customer: BenchCustomer,
  options: { rounds: number; seconds: number; warmUpSeconds: number } = { rounds: 1, seconds: 5, warmUpSeconds: 0 },
): Promise<AccountListComparison> {
  const bare = await startBareProcess(stack.databaseUrl);
  try {
    // Each answer is read to its end, as a client does: an unread body keeps its connection from
    // being reused, so the client would open a new one per request (past the service's 256 per address).
    const succeeded = async (answer: Response) => {
      await answer.arrayBuffer();
      return answer.status === 200;
    };
    const serviceCall = async () =>
      succeeded(
        await fetch(`${stack.baseUrl}/api/v1/social-accounts?tenantId=${customer.tenantId}`, {
          headers: customer.headers,
        }),
      );
    const bareCall = async () =>
      succeeded(await fetch(`${bare.url}?tenantId=${customer.tenantId}`, { headers: customer.headers }));
    if (options.warmUpSeconds > 0) {
      await closedLoop(CLIENTS, options.warmUpSeconds, serviceCall);
      await closedLoop(CLIENTS, options.warmUpSeconds, bareCall);
    }
    const totals = { service: { completed: 0, failed: 0, seconds: 0 }, bare: { completed: 0, failed: 0, seconds: 0 } };
    for (let round = 0; round < options.rounds; round += 1) {
      for (const [side, call] of [
        ['service', serviceCall],
        ['bare', bareCall],
      ] as const) {
        const result = await closedLoop(CLIENTS, options.seconds, call);
        totals[side].completed += result.completed;
        totals[side].failed += result.failed;
        totals[side].seconds += result.seconds;
      }
    }
    return {
      serviceRps: totals.service.completed / totals.service.seconds,
      bareRps: totals.bare.completed / totals.bare.seconds,
      serviceFailed: totals.service.failed,
      bareFailed: totals.bare.failed,
    };
  } finally {
    bare.child.kill('SIGTERM');
  }
}
