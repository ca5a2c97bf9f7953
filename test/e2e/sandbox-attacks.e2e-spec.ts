import { randomBytes } from 'node:crypto';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { startEmulatedApp } from '../support/connect-flow';
import { connectAccount } from '../support/connect-account';
import {
  HttpCall,
  measureUnderAttack,
  Neighbour,
  neighbourProblems,
  ordinaryCalls,
  repeatUntil,
  send,
} from '../support/neighbour-latency';
import { createPost, settledPost } from '../support/posts';
import { App, connectWorldAccount, control, testWorldOf } from '../support/sandbox-worlds';
import { TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const TENANT = 'tenant-attacks';
const REDIRECT = 'https://app.example.com/connected';
/**
 * The sandbox's emulator is reachable without any credential (it plays the networks), and every
 * connect URL shows a test world's id. Issue 24's review found that requests naming a world, with a
 * `slow` fault set on it, took the whole database pool (another customer's live API answered 503),
 * that anyone could flood a world, and that 401 against 404 told which worlds exist. The attacks
 * are measured against another customer's live API as every attack is (neighbour-attacks.e2e-spec.ts).
 */
describe('Sandbox attacks: a test world cannot take the pool, be flooded, or be told apart from none', () => {
  let t: App;
  let victim: TestCustomer; // A's test key: its world is the one attacked (or attacking)
  let victimX: { id: string; networkAccountId: string };
  let neighbour: TestCustomer; // B, live
  let neighbourX: { id: string };
  let attempts = 0;

  beforeAll(async () => {
    t = await startEmulatedApp({
      // A small pool, as the review's, and a query deadline that makes a starved pool show as 503s.
      env: { ALLOW_PRIVATE_URLS: 'true', DATABASE_POOL_SIZE: '10', DATABASE_QUERY_TIMEOUT_MS: '5000' },
    });
    const a = await t.createCustomer('attacked');
    await t.app.get(RedirectUrlsService).add(a.id, REDIRECT);
    victim = await testWorldOf(t, a);
    victimX = await connectWorldAccount(t, victim, 'x', TENANT, REDIRECT);
    neighbour = await t.createCustomer('neighbour');
    neighbourX = await connectAccount(t, neighbour, 'x', TENANT, { freshUser: true });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A request naming the victim's world with a made-up token, as anyone can send. */
  const strangerCall = (world = victim.id): HttpCall => ({
    method: 'GET',
    path: '/emulator/x/api/2/users/me',
    headers: { Authorization: `Bearer forged${(attempts += 1)}_sandbox_${world}` },
  });

  /** The neighbour's ordinary calls on its live API (test/support/neighbour-latency.ts). */
  const neighbourCalls = (): Neighbour => ({
    baseUrl: t.baseUrl,
    calls: ordinaryCalls({ apiKey: neighbour.apiKey, tenantId: TENANT, accountId: neighbourX.id }),
  });

  it('answers a world that does not exist exactly as an existing one given a wrong credential', async () => {
    const unknown = `cus_${randomBytes(12)
      .toString('hex')
      .slice(0, victim.id.length - 4)}`;
    const basic = (world: string) => `Basic ${Buffer.from(`sandbox_${world}:not-the-secret`).toString('base64')}`;
    const probes: Array<(world: string) => Promise<Response>> = [
      (world) => {
        const call = strangerCall(world);
        return fetch(`${t.baseUrl}${call.path}`, { headers: call.headers });
      },
      (world) => fetch(`${t.baseUrl}/emulator/facebook/graph/v25.0/me?access_token=EAAforged_sandbox_${world}`),
      (world) => fetch(`${t.baseUrl}/emulator/instagram/graph/v25.0/me?access_token=IGforged_sandbox_${world}`),
      (world) =>
        fetch(
          `${t.baseUrl}/emulator/facebook/graph/v25.0/oauth/access_token?client_id=sandbox_${world}` +
            `&client_secret=wrong&redirect_uri=${encodeURIComponent(`${t.baseUrl}/oauth/facebook/callback`)}&code=forged_sandbox_${world}`,
        ),
      (world) =>
        fetch(`${t.baseUrl}/emulator/x/api/2/oauth2/token`, {
          method: 'POST',
          headers: { Authorization: basic(world), 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: `forged_sandbox_${world}`,
            redirect_uri: `${t.baseUrl}/oauth/x/callback`,
            code_verifier: 'v'.repeat(43),
          }).toString(),
        }),
      (world) =>
        fetch(
          `${t.baseUrl}/emulator/facebook/v25.0/dialog/oauth?client_id=sandbox_${world}&response_type=code` +
            `&redirect_uri=${encodeURIComponent(`${t.baseUrl}/oauth/facebook/callback`)}&state=forged&scope=public_profile`,
        ),
    ];
    const seen = async (answer: Promise<Response>, world: string) => {
      const response = await answer;
      const body = (await response.text())
        .replaceAll(world, '<world>')
        .replace(/"fbtrace_id":"[^"]+"/g, '"fbtrace_id":"<trace>"');
      return { status: response.status, type: response.headers.get('content-type'), body };
    };
    const written = async () =>
      (
        await t.db.query<{ updated_at: Date }>('SELECT updated_at FROM emulator_worlds WHERE world_id = $1', [
          victim.id,
        ])
      )[0]!.updated_at.toISOString();
    const before = await written();
    for (const probe of probes) {
      const known = await seen(probe(victim.id), victim.id);
      const none = await seen(probe(unknown), unknown);
      expect(none).toEqual(known);
      expect(known.status).toBeGreaterThanOrEqual(400);
    }
    // Refused calls changed nothing, so the world's row was not written (nor one made for the unknown id).
    expect(await written()).toBe(before);
    expect(await t.db.query('SELECT 1 FROM emulator_worlds WHERE world_id = $1', [unknown])).toEqual([]);
  });

  it("keeps another customer's live API and worker as fast as before while strangers pile onto a slowed world", async () => {
    let slowPost = '';
    const run = await measureUnderAttack(
      neighbourCalls(),
      async (signal) => {
        // A (its own test key) slows its world's next X call by 10 s, and publishes: that call held
        // the world for 10 s in the old design, and every stranger's request naming it waited behind,
        // each holding a pooled connection.
        const fault = { network: 'x', accountId: victimX.networkAccountId, fault: 'slow', delayMs: 10_000, count: 1 };
        expect((await control(t, '/faults', { key: victim.apiKey, method: 'POST', body: fault })).status).toBe(201);
        const slow = await createPost(t, victim, {
          tenant_id: TENANT,
          accounts: [victimX.id],
          containers: [{ content: 'a slow one' }],
        });
        expect(slow.status).toBe(202);
        slowPost = slow.body.data.id as string;
        // The slow call holds the world once it has taken its one-call fault.
        await until('the slow X call to reach the emulator', async () => {
          const faults = (await (await control(t, '/faults', { key: victim.apiKey })).json()) as { data: unknown[] };
          return faults.data.length === 0;
        });
        // Forty strangers at a time naming the world, for the whole window; and the neighbour
        // publishes meanwhile, which needs the worker's claims and heartbeats.
        const strangers = repeatUntil(signal, 40, () => send(t.baseUrl, strangerCall()));
        const neighbourPost = await createPost(t, neighbour, {
          tenant_id: TENANT,
          accounts: [neighbourX.id],
          containers: [{ content: 'published meanwhile' }],
        });
        // Checked after the run, so that a failure reports the neighbour's figures first.
        const published =
          neighbourPost.status === 202
            ? (await settledPost(t, neighbour, neighbourPost.body.data.id, 15_000)).status
            : `not accepted: ${neighbourPost.status}`;
        return { strangers: await strangers, published };
      },
      { attackRampMs: 1_500 },
    );
    expect(neighbourProblems(run)).toEqual([]);
    expect(run.attack.published).toBe('published');
    // Strangers were refused (401 as X answers a forged token, or 429 when throttled), never served.
    expect(run.attack.strangers.length).toBeGreaterThan(0);
    expect(run.attack.strangers.filter((answer) => answer.status !== 401 && answer.status !== 429)).toEqual([]);
    // And A's slow call still took its 10 s, then published.
    expect((await settledPost(t, victim, slowPost, 20_000)).status).toBe('published');
  }, 90_000);

  it("throttles a flood naming a world from one address, in each network's shape, while its customer's sandbox publishes", async () => {
    const graphCall = () =>
      fetch(`${t.baseUrl}/emulator/facebook/graph/v25.0/me?access_token=EAAforged_sandbox_${victim.id}`);
    const xCall = () => {
      const call = strangerCall();
      return fetch(`${t.baseUrl}${call.path}`, { headers: call.headers });
    };
    const flood = async (count: number) => {
      const answers = await Promise.all(
        Array.from({ length: count }, (_, index) => (index % 3 === 0 ? graphCall() : xCall())),
      );
      return Promise.all(
        answers.map(async (answer) => ({ url: answer.url, status: answer.status, body: await answer.text() })),
      );
    };
    // The flood goes on, wave after wave, for the neighbour's whole window and until the customer's
    // own post has settled (five waves at least); another customer's live API is measured meanwhile.
    const run = await measureUnderAttack(neighbourCalls(), async (signal) => {
      const post = await createPost(t, victim, {
        tenant_id: TENANT,
        accounts: [victimX.id],
        containers: [{ content: 'published through a flood' }],
      });
      expect(post.status).toBe(202);
      let settled = false;
      const outcome = settledPost(t, victim, post.body.data.id, 15_000).finally(() => (settled = true));
      const answers: Array<{ url: string; status: number; body: string }> = [];
      for (let waves = 0; !signal.aborted || !settled || waves < 5; waves += 1) answers.push(...(await flood(60)));
      return { answers, outcome: await outcome };
    });
    expect(neighbourProblems(run)).toEqual([]);
    const { answers, outcome } = run.attack;
    // Published at its first attempt: the service's own calls were never throttled.
    expect(outcome.status).toBe('published');
    expect(outcome.deliveries[0]!.attempts).toBe(1);
    const x = answers.filter((answer) => answer.url.includes('/emulator/x/'));
    const graph = answers.filter((answer) => answer.url.includes('/emulator/facebook/'));

    // X: 401 for a forged token, or its 429 once throttled.
    const throttledX = x.filter((answer) => answer.status === 429);
    expect(throttledX.length).toBeGreaterThan(100);
    expect(x.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);
    expect(JSON.parse(throttledX[0]!.body)).toEqual({
      title: 'Too Many Requests',
      detail: 'Too Many Requests',
      type: 'about:blank',
      status: 429,
    });
    // Graph: 400 either way, code 190 for a forged token or its app-level throttle, code 4.
    const codes = graph.map((answer) => (JSON.parse(answer.body) as { error: { code: number } }).error.code);
    expect(graph.every((answer) => answer.status === 400)).toBe(true);
    expect(codes.filter((code) => code === 4).length).toBeGreaterThan(50);
    expect(codes.every((code) => code === 4 || code === 190)).toBe(true);
  }, 90_000);
});
