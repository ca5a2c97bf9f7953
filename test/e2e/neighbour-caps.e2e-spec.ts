import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { connectAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { signInForm } from '../support/dashboard';
import {
  HttpAnswer,
  measureUnderAttack,
  Neighbour,
  neighbourProblems,
  ordinaryCalls,
  repeatUntil,
  send,
} from '../support/neighbour-latency';
import { TestApp } from '../support/test-app';

const TENANT = 'tenant-neighbour-caps';
/**
 * The API rate limit per customer and mode. Not the default (20/s, burst 100): the neighbour must
 * never meet its own limit, and the attacker, spreading over many keys, must go well past it. The
 * neighbour pauses NEIGHBOUR_PAUSE_MS after each call (so at most ~100 keyed calls a second, 2/3
 * of its calls); eight attacking loops make 500-600 a second here.
 */
const RATE_PER_SECOND = 200;
const RATE_BURST = 200;
const NEIGHBOUR_PAUSE_MS = 5;
/** The defaults (environment.schema.ts), which test-app.ts lifts for other tests. */
const SIGN_IN_BURST = 30;
const SIGN_IN_PER_MINUTE = 30;
const API_KEYS_PER_CUSTOMER = 50;
const MEDIA_QUOTA_BYTES = 10 * 1024 ** 3;
const GB = 1024 ** 3;
/** How long the slow webhook receiver takes to answer (under WEBHOOK_TIMEOUT_MS). */
const RECEIVER_DELAY_MS = 2_000;

/**
 * The per-customer and per-address caps of issue 24 (API keys sharing one rate limit, test webhook
 * events, wrong dashboard passwords, the media quota), each pushed past by one customer while
 * another customer (the neighbour) makes its ordinary API calls: the service holds when nothing is
 * refused to the neighbour and its p99 stays within its normal range (test/support/neighbour-latency.ts),
 * and the attacker meets the cap.
 */
describe('Customers pushing past their caps leave another customer alone', () => {
  let t: TestApp & { baseUrl: string };
  let neighbour: Neighbour;
  let slowReceiver: Server;

  beforeAll(async () => {
    t = await startEmulatedApp({
      env: {
        // The webhook receiver is on loopback.
        ALLOW_PRIVATE_URLS: 'true',
        // Every client here shares 127.0.0.1, as behind a load balancer: the sign-in cap is per address.
        TRUST_PROXY: 'false',
        RATE_LIMIT_PER_SECOND: String(RATE_PER_SECOND),
        RATE_LIMIT_BURST: String(RATE_BURST),
        DASHBOARD_SIGN_IN_BURST: String(SIGN_IN_BURST),
        DASHBOARD_SIGN_IN_PER_MINUTE: String(SIGN_IN_PER_MINUTE),
        API_KEYS_PER_CUSTOMER: String(API_KEYS_PER_CUSTOMER),
        MEDIA_QUOTA_BYTES: String(MEDIA_QUOTA_BYTES),
      },
    });
    const other = await t.createCustomer();
    const account = await connectAccount(t, other, 'x', TENANT, { freshUser: true });
    neighbour = {
      baseUrl: t.baseUrl,
      calls: ordinaryCalls({ apiKey: other.apiKey, tenantId: TENANT, accountId: account.id }),
      pauseMs: NEIGHBOUR_PAUSE_MS,
    };
    slowReceiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => setTimeout(() => response.end('ok'), RECEIVER_DELAY_MS));
    });
    await new Promise<void>((resolve) => slowReceiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    slowReceiver?.closeAllConnections();
    await new Promise((resolve) => slowReceiver?.close(resolve));
    await t?.close();
  });

  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

  // Sixteen at a time: the attack must outrun the bucket (RATE_BURST, then RATE_PER_SECOND) even on a
  // loaded machine, where eight requests in flight at ~40 ms each stayed under it and drew no 429 (a
  // CI run). Past the bucket the extra requests are 429s answered before any work, so the neighbour
  // meets no more load than the limit lets through.
  it(`many API keys of one customer (${API_KEYS_PER_CUSTOMER}), requests spread over them, sixteen at a time`, async () => {
    const attacker = await t.createCustomer();
    const apiKeys = t.app.get(ApiKeysService);
    const keys = [attacker.apiKey];
    while (keys.length < API_KEYS_PER_CUSTOMER) keys.push((await apiKeys.create(attacker.id)).plaintext);
    await expect(apiKeys.create(attacker.id)).rejects.toMatchObject({ code: 'api_key_limit_reached' });
    let turn = 0;
    let startedAt = 0;
    const run = await measureUnderAttack(neighbour, async (signal) => {
      startedAt = performance.now();
      const answers = await repeatUntil(signal, 16, () =>
        send(t.baseUrl, {
          method: 'GET',
          path: `/api/v1/social-accounts?tenantId=${TENANT}`,
          headers: bearer(keys[turn++ % keys.length]!),
        }),
      );
      return { answers, seconds: (performance.now() - startedAt) / 1_000 };
    });
    expect(neighbourProblems(run)).toEqual([]);
    expect(statuses(run.attack.answers)).toEqual([200, 429]);
    // The keys share the customer's one bucket: no more served than it holds and refills (10% for timing).
    const served = run.attack.answers.filter((answer) => answer.status === 200).length;
    expect(served).toBeLessThanOrEqual((RATE_BURST + RATE_PER_SECOND * run.attack.seconds) * 1.1);
  });

  it(`POST /webhooks/test towards a receiver answering in ${RECEIVER_DELAY_MS / 1_000} s, twenty at a time`, async () => {
    const attacker = await t.createCustomer();
    const { port } = slowReceiver.address() as AddressInfo;
    const put = await send(t.baseUrl, {
      method: 'PUT',
      path: '/api/v1/webhooks',
      headers: bearer(attacker.apiKey),
      body: { url: `http://127.0.0.1:${port}/hooks` },
    });
    expect(put.status).toBe(200);
    const run = await measureUnderAttack(neighbour, (signal) =>
      repeatUntil(signal, 20, () =>
        send(t.baseUrl, { method: 'POST', path: '/api/v1/webhooks/test', headers: bearer(attacker.apiKey) }),
      ),
    );
    expect(neighbourProblems(run)).toEqual([]);
    // Five sent (and answered by the slow receiver), every other one refused at once, nothing sent.
    const sent = run.attack.filter((answer) => answer.status === 200);
    expect(sent.length).toBeLessThanOrEqual(5 + 1);
    expect(statuses(run.attack)).toEqual([200, 429]);
    const refused = run.attack.filter((answer) => answer.status === 429);
    expect(Math.max(...refused.map((answer) => answer.ms))).toBeLessThan(RECEIVER_DELAY_MS);
  });

  it('dashboard sign-in guesses at many emails from the neighbour’s address, four at a time', async () => {
    const form = await signInForm(t);
    let guess = 0;
    const run = await measureUnderAttack(neighbour, (signal) =>
      repeatUntil(signal, 4, () =>
        send(t.baseUrl, {
          method: 'POST',
          path: '/dashboard/sign-in',
          headers: { Cookie: form.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            _csrf: form.token,
            email: `made-up-${(guess += 1)}@example.com`,
            password: 'a guess',
          }).toString(),
        }),
      ),
    );
    expect(neighbourProblems(run)).toEqual([]);
    // Passwords checked for the address's burst (and what a minute refills), then 429 before any hash.
    expect(statuses(run.attack)).toEqual([401, 429]);
    expect(run.attack.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(SIGN_IN_BURST + 5);
  });

  it('media announcements of 1 GB past the quota, four at a time', async () => {
    const attacker = await t.createCustomer();
    const run = await measureUnderAttack(neighbour, (signal) =>
      repeatUntil(signal, 4, () =>
        send(t.baseUrl, {
          method: 'POST',
          path: '/api/v1/media',
          headers: bearer(attacker.apiKey),
          body: { contentType: 'video/mp4', size: GB },
        }),
      ),
    );
    expect(neighbourProblems(run)).toEqual([]);
    // Ten taken, then 422 media_quota_exceeded (429 too once the loops outrun the rate limit).
    expect(run.attack.filter((answer) => answer.status === 201)).toHaveLength(MEDIA_QUOTA_BYTES / GB);
    expect(statuses(run.attack)).toEqual(expect.arrayContaining([201, 422]));
    expect(statuses(run.attack).filter((status) => ![201, 422, 429].includes(status))).toEqual([]);
  });
});

/** The distinct statuses of a set of answers, in order. */
function statuses(answers: HttpAnswer[]): number[] {
  return [...new Set(answers.map((answer) => answer.status))].sort((a, b) => a - b);
}
