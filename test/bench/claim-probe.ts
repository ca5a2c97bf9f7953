/**
 * How long claim_deliveries takes with the lanes as they are, measured from outside: calls in
 * transactions that are rolled back (nothing stays claimed), while no worker runs, so that neither
 * the claim's advisory lock nor the machine's publishing work is in the figure. With
 * BENCH_EXPLAIN_CLAIM=1 the plans of the statements inside one call are printed (auto_explain, its
 * log lines sent to this client), the evidence when a claim slows with the number of accounts.
 */
import { Client } from 'pg';
import { percentile } from './load';

const PRINT_PLANS = process.env.BENCH_EXPLAIN_CLAIM === '1';

export interface ClaimProbe {
  medianMs: number;
  claimed: number;
}

export async function probeClaim(
  databaseUrl: string,
  options: { wanted: number; customerCap: number; calls: number },
): Promise<ClaimProbe> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const timings: number[] = [];
    let claimed = 0;
    for (let call = 0; call < options.calls; call += 1) {
      await client.query('BEGIN');
      const started = process.hrtime.bigint();
      const { rows } = await client.query('SELECT * FROM claim_deliveries($1, $2, $3)', [
        'bench-claim-probe',
        options.wanted,
        options.customerCap,
      ]);
      timings.push(Number(process.hrtime.bigint() - started) / 1e6);
      claimed = rows.length;
      await client.query('ROLLBACK');
    }
    if (PRINT_PLANS) await printClaimPlans(client, options);
    return {
      medianMs: percentile(
        timings.sort((a, b) => a - b),
        50,
      ),
      claimed,
    };
  } finally {
    await client.end();
  }
}

async function printClaimPlans(client: Client, options: { wanted: number; customerCap: number }): Promise<void> {
  const plans: string[] = [];
  const onNotice = (notice: { message?: string }) => plans.push(notice.message ?? '');
  client.on('notice', onNotice);
  try {
    await client.query('BEGIN');
    await client.query("LOAD 'auto_explain'");
    await client.query('SET LOCAL auto_explain.log_min_duration = 0');
    await client.query('SET LOCAL auto_explain.log_analyze = on');
    await client.query('SET LOCAL auto_explain.log_buffers = on');
    await client.query('SET LOCAL auto_explain.log_nested_statements = on');
    await client.query('SET LOCAL client_min_messages = log');
    await client.query('SELECT * FROM claim_deliveries($1, $2, $3)', [
      'bench-claim-probe',
      options.wanted,
      options.customerCap,
    ]);
    await client.query('ROLLBACK');
  } finally {
    client.off('notice', onNotice);
  }
  // The loop runs the same few statements once per turn: the first plan of each says enough.
  const seen = new Set<string>();
  for (const plan of plans) {
    const query = /Query Text: ([^\n]*)/.exec(plan)?.[1]?.trim() ?? plan.slice(0, 80);
    if (seen.has(query)) continue;
    seen.add(query);
    console.log(`\n${plan}`);
  }
}
