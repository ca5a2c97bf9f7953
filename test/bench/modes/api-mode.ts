/**
 * BENCH_ONLY=api: the account list through the service against the bare Fastify + pg handler, in
 * the same run, alternating turns so that the machine's other load falls on both.
 */
import { createCustomer, connectXAccounts } from '../bench-customer';
import { BenchStack } from '../bench-stack';
import { compareAccountList } from '../account-list-comparison';
import { printResult, printTable, rounded } from '../report';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 60);
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
const SECONDS_PER_TURN = Number(process.env.BENCH_API_SECONDS ?? 5);
const TARGET_SERVICE_OVER_BARE = 0.8;

export async function runApiMode(stack: BenchStack): Promise<void> {
  const customer = await createCustomer(stack, 'bench');
  // The same list the default run measures: the tenant's ACCOUNTS X accounts.
  await connectXAccounts(stack, customer, ACCOUNTS, 4);
  const list = await compareAccountList(stack, customer, {
    rounds: ROUNDS,
    seconds: SECONDS_PER_TURN,
    warmUpSeconds: 2,
  });
  const ratio = list.serviceRps / list.bareRps;
  printTable(
    `Account list, ${ACCOUNTS} accounts, 50 clients, ${ROUNDS} alternating turns of ${SECONDS_PER_TURN} s each`,
    [
      ['account list req/s: service', list.serviceRps.toFixed(0), ''],
      ['account list req/s: bare Fastify + pg', list.bareRps.toFixed(0), ''],
      ['service / bare', ratio.toFixed(2), `≥ ${TARGET_SERVICE_OVER_BARE}`],
      ['failed requests: service / bare', `${list.serviceFailed}/${list.bareFailed}`, ''],
    ],
  );
  printResult({ api: { serviceOverBare: rounded(ratio) } });
}
