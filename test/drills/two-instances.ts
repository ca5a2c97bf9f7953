/**
 * Drill: two service instances (two ROLE=all processes) on one database, behind a round-robin
 * load balancer. Posts go through either instance; each delivery is published exactly once. Then
 * the X tokens are made due and both instances' token-scan crons fire at the same moment: each due
 * account's token is refreshed exactly once (refresh calls counted on the wire), and one instance
 * scans that round while the other skips it.
 *
 * The balancer is also each instance's PUBLIC_URL, so every call to the emulated networks goes
 * through it (to instance A, which hosts the emulator the drill reads) and is counted.
 */
import { createServer, request as httpRequest, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Drill, pool, sleep, Stack } from './harness';

const ACCOUNTS = 20;
const POSTS = 400;

interface Balancer {
  url: string;
  server: Server;
  targets: string[];
  counts: { api: number[]; refreshCalls: number; publishCalls: number };
}

/** Round-robin over the instances for the API; the emulator's paths always to the first. */
async function startBalancer(): Promise<Balancer> {
  const balancer: Balancer = {
    url: '',
    server: undefined as unknown as Server,
    targets: [],
    counts: { api: [0, 0], refreshCalls: 0, publishCalls: 0 },
  };
  let turn = 0;
  balancer.server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = request.url ?? '/';
      let index = 0;
      if (path.startsWith('/emulator')) {
        if (
          request.method === 'POST' &&
          path.endsWith('/oauth2/token') &&
          body.toString().includes('grant_type=refresh_token')
        )
          balancer.counts.refreshCalls += 1;
        if (request.method === 'POST' && path.endsWith('/2/tweets')) balancer.counts.publishCalls += 1;
      } else {
        index = turn++ % balancer.targets.length;
        balancer.counts.api[index]! += 1;
      }
      const target = new URL(balancer.targets[index]!);
      const forward = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path,
          headers: { ...request.headers, host: target.host },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.on('error', () => response.writeHead(502).end());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => balancer.server.listen(0, '127.0.0.1', resolve));
  balancer.url = `http://127.0.0.1:${(balancer.server.address() as AddressInfo).port}`;
  return balancer;
}

export const twoInstances: Drill = {
  name: 'two-instances',
  title: 'two instances on one database',
  timeoutMs: 5 * 60_000,
  async run(log) {
    const stack = await Stack.create();
    const balancer = await startBalancer();
    try {
      // Both crons fire at this moment (see cron-clock.js): late enough for the setup and the load.
      const fireAt = Date.now() + 90_000;
      const options = {
        publicUrl: balancer.url,
        env: { LOG_LEVEL: 'debug', DRILL_CRON_FIRE_AT: String(fireAt) },
        nodeArgs: ['-r', join(__dirname, 'cron-clock.js')],
      };
      const a = await stack.start('all', options);
      const b = await stack.start('all', options);
      balancer.targets = [a.url, b.url];
      stack.apiUrl = balancer.url;
      await stack.setupCustomer();
      const accounts = await stack.connectXAccounts(ACCOUNTS);
      log(
        `two ROLE=all instances behind a round-robin balancer; ${ACCOUNTS} accounts connected; posting ${POSTS} posts`,
      );

      const prefix = `drill two-instances ${Date.now()} #`;
      const accepted = new Map<string, string>();
      const refused: string[] = [];
      await pool(POSTS, 20, async (index) => {
        const answer = await stack.post(accounts[index % ACCOUNTS]!, `${prefix}${index}`);
        if (answer.status === 202) accepted.set(`${prefix}${index}`, answer.id!);
        else refused.push(`${answer.status} ${answer.code ?? ''}`);
      });
      await stack.settle(120_000);
      const { lost, summary } = await stack.checkExactlyOnce(accepted, prefix);
      if (refused.length) lost.push(`${refused.length} posts refused (${[...new Set(refused)].join(', ')})`);
      const workedBy = await stack.query<{ n: number }>(
        'SELECT count(DISTINCT worker_id)::int AS n FROM worker_heartbeats',
      );
      log(
        `${summary}; API requests per instance ${balancer.counts.api.join(' / ')}; ${balancer.counts.publishCalls} publish calls on the wire; ${workedBy[0]!.n} worker ids beating`,
      );

      // The scan: every X token due (expires within X's 15-minute window) just before both crons fire.
      const secondsLeft = (fireAt - Date.now()) / 1000;
      if (secondsLeft < 5)
        throw new Error(`The setup and load took too long: the scan was to fire ${(-secondsLeft).toFixed(0)} s ago`);
      const tokensBefore = await stack.query<{ id: string; token: string }>(
        'SELECT id, access_token_encrypted AS token FROM connected_accounts',
      );
      await stack.query(
        "UPDATE connected_accounts SET token_expires_at = now() + interval '10 minutes' WHERE platform = 'x'",
      );
      const refreshesBefore = balancer.counts.refreshCalls;
      log(`${ACCOUNTS} tokens made due; both instances' token scans fire in ${secondsLeft.toFixed(0)} s`);
      await sleep(fireAt - Date.now());
      await stack.until(
        'every due token to be refreshed',
        async () =>
          (
            await stack.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM connected_accounts WHERE token_expires_at < now() + interval '15 minutes'",
            )
          )[0]!.n === 0,
        60_000,
      );
      await sleep(5_000); // room for a second refresh, if there were one, to show up
      const refreshes = balancer.counts.refreshCalls - refreshesBefore;
      const tokensAfter = await stack.query<{ id: string; token: string }>(
        'SELECT id, access_token_encrypted AS token FROM connected_accounts',
      );
      const changed = tokensAfter.filter(
        (row) => tokensBefore.find((before) => before.id === row.id)?.token !== row.token,
      ).length;
      const ran = [a, b].map((instance) => (instance.process.output().match(/Queued token refreshes/g) ?? []).length);
      const skipped = [a, b].map((instance) => (instance.process.output().match(/Token scan skipped/g) ?? []).length);
      const scanNote = `scans that queued refreshes per instance ${ran.join(' / ')}, skipped (the round taken by the other) ${skipped.join(' / ')}`;
      log(
        `${refreshes} refresh calls on the wire for ${ACCOUNTS} due accounts, ${changed} stored tokens changed; ${scanNote}`,
      );
      if (refreshes !== ACCOUNTS)
        lost.push(`${refreshes} token refresh calls for ${ACCOUNTS} due accounts (each should be refreshed once)`);
      if (changed !== ACCOUNTS) lost.push(`${changed} of ${ACCOUNTS} stored tokens changed`);
      if (ran[0]! + ran[1]! !== 1)
        lost.push(`the scan queued refreshes ${ran[0]! + ran[1]!} times in one round (${scanNote})`);
      if (skipped[0]! + skipped[1]! !== 1)
        lost.push(`${skipped[0]! + skipped[1]!} instances skipped the round, where one should (${scanNote})`);
      return {
        load: `${accepted.size} posts over ${ACCOUNTS} accounts through 2 instances (${balancer.counts.api.join(' / ')} API requests)`,
        faults: `concurrent workers on one queue; both token-scan crons firing at once (${scanNote}); ${refreshes} refreshes for ${ACCOUNTS} due`,
        lost,
        notes: [summary, scanNote],
      };
    } finally {
      balancer.server.closeAllConnections();
      balancer.server.close();
      await stack.close();
    }
  },
};
