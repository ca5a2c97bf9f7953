import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { connectAccount, ConnectedAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { emulatorControl } from '../support/emulator-control';
import { createPost, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { PostView } from '../../src/posts/dto/post.view';
import type { DeliveryAttemptView } from '../../src/posts/attempts/delivery-attempt.view';

const TENANT = 'tenant-attempts';
const RUN = randomBytes(4).toString('hex');

interface AttemptsPage {
  success: true;
  data: DeliveryAttemptView[];
  pagination: { nextCursor: string | null };
}

/**
 * GET /posts/:id/deliveries/:deliveryId/attempts against the emulator: a delivery published at
 * once (its calls), one that waited for X's rate limit and published on its next attempt, one that
 * failed, and the 404s (another customer's delivery, an unknown one).
 */
describe("A delivery's attempts", () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let account: ConnectedAccount;
  const emulator = emulatorControl(() => t.baseUrl);

  beforeAll(async () => {
    t = await startEmulatedApp();
    customer = await t.createCustomer();
    account = await connectAccount(t, customer, 'x', TENANT, { freshUser: `attempts-${RUN}` });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await emulator.clearFaults();
  });

  const attempts = (postId: string, deliveryId: string, query = '', who: TestCustomer = customer) =>
    request(t.server)
      .get(`/api/v1/posts/${postId}/deliveries/${deliveryId}/attempts${query}`)
      .set('Authorization', `Bearer ${who.apiKey}`);
  const postSaying = async (text: string): Promise<PostView> => {
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: text }],
    });
    expect(accepted.status).toBe(202);
    return accepted.body.data as PostView;
  };

  it('lists the one attempt of a delivery published at once, with its calls (no token, no query) and a summary', async () => {
    const created = await postSaying(`Open at nine ${RUN}`);
    const post = await settledPost(t, customer, created.id);
    expect(post.status).toBe('published');
    const answer = await attempts(post.id, post.deliveries[0]!.id).expect(200);
    const page = answer.body as AttemptsPage;
    expect(page.pagination).toEqual({ nextCursor: null });
    expect(page.data).toHaveLength(1);
    const [attempt] = page.data;
    expect(attempt).toEqual(
      expect.objectContaining({
        number: 1,
        outcome: 'published',
        error: null,
        wait: null,
        resuming: false,
        unfinishedBefore: 0,
        worker: expect.stringMatching(/^worker_[0-9a-f]{12}$/),
      }),
    );
    expect(Date.parse(attempt!.endedAt)).toBeGreaterThanOrEqual(Date.parse(attempt!.startedAt));
    expect(attempt!.calls).toContainEqual(
      // The emulator serves X under its own prefix; the path is X's.
      expect.objectContaining({
        operation: 'publish',
        method: 'POST',
        path: expect.stringMatching(/\/2\/tweets$/),
        status: 201,
      }),
    );
    for (const call of attempt!.calls) expect(call.path).not.toMatch(/[?=&]/);
    expect(JSON.stringify(attempt)).not.toMatch(/Bearer|access_token|token=/i);
    expect(attempt!.summary).toMatch(/^Attempt 1 made \d+ network calls?.*, and published the post\.$/);
  });

  it("shows the steps the network confirmed: an X thread's tweets, saved one by one", async () => {
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: `First of two ${RUN}` }, { content: `Second of two ${RUN}` }],
    });
    expect(accepted.status).toBe(202);
    const post = await settledPost(t, customer, (accepted.body.data as PostView).id);
    expect(post.status).toBe('published');
    const [attempt] = ((await attempts(post.id, post.deliveries[0]!.id).expect(200)).body as AttemptsPage).data;
    expect(attempt!.checkpoints.length).toBeGreaterThanOrEqual(1);
    expect(attempt!.checkpoints[0]!.saved).toContain('tweetIds');
    expect(attempt!.calls.filter((call) => call.path.endsWith('/2/tweets'))).toHaveLength(2);
    expect(attempt!.summary).toMatch(/saved \d+ steps? the network confirmed, and published the post\.$/);
  });

  it("names X's rate-limit wait with its reset time, then the attempt that published; pages with limit and cursor", async () => {
    await emulator.control('POST', '/faults', {
      network: 'x',
      accountId: account.networkAccountId,
      fault: 'rate_limited',
      count: 1,
      resetInSeconds: 2,
    });
    const created = await postSaying(`After the limit ${RUN}`);
    const deliveryId = created.deliveries[0]!.id;
    const post = await settledPost(t, customer, created.id, 45_000);
    expect(post.status).toBe('published');

    const first = (await attempts(post.id, deliveryId, '?limit=1').expect(200)).body as AttemptsPage;
    expect(first.data).toHaveLength(1);
    const waited = first.data[0]!;
    expect(waited.outcome).toBe('retry_later');
    expect(waited.error).toEqual({ code: 'rate_limited', message: expect.any(String) });
    expect(waited.wait).toEqual({
      reason: 'rate_limit',
      until: expect.any(String),
      networkResetAt: expect.any(String),
    });
    // The next attempt waited for X's reset (x-rate-limit-reset), a little after it.
    expect(Date.parse(waited.wait!.until)).toBeGreaterThanOrEqual(Date.parse(waited.wait!.networkResetAt!));
    expect(waited.calls).toContainEqual(expect.objectContaining({ operation: 'publish', status: 429 }));
    expect(waited.summary).toContain("hit the network's rate limit, which resets at");
    expect(first.pagination.nextCursor).toEqual(expect.any(String));

    const second = (await attempts(post.id, deliveryId, `?limit=1&cursor=${first.pagination.nextCursor!}`).expect(200))
      .body as AttemptsPage;
    expect(second.data.map((attempt) => [attempt.number, attempt.outcome])).toEqual([[2, 'published']]);
    expect(second.pagination.nextCursor).toBeNull();
  }, 60_000);

  it("records a failed delivery's outcome with its code", async () => {
    await emulator.control('POST', '/faults', {
      network: 'x',
      accountId: account.networkAccountId,
      fault: 'duplicate',
      count: 1,
    });
    const created = await postSaying(`Refused ${RUN}`);
    const post = await settledPost(t, customer, created.id);
    expect(post.status).toBe('failed');
    const page = (await attempts(post.id, post.deliveries[0]!.id).expect(200)).body as AttemptsPage;
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toEqual(
      expect.objectContaining({ outcome: 'failed', error: { code: 'network_rejected', message: expect.any(String) } }),
    );
    expect(page.data[0]!.summary).toContain('and failed for good (network_rejected)');
  });

  it('says that an attempt left no trace (its worker stopped) in the next one', async () => {
    const created = await postSaying(`Cut off ${RUN}`);
    const post = await settledPost(t, customer, created.id);
    const deliveryId = post.deliveries[0]!.id;
    // An attempt that began and whose worker died: the count went up, no row was written.
    await t.db.query(`UPDATE delivery_attempts SET number = number + 1 WHERE delivery_id = $1`, [deliveryId]);
    const page = (await attempts(post.id, deliveryId).expect(200)).body as AttemptsPage;
    expect(page.data[0]!.unfinishedBefore).toBe(1);
    expect(page.data[0]!.summary).toMatch(/^The previous attempt did not finish: its worker stopped/);
  });

  it("answers 404 for another customer's delivery, an unknown one, and one of another post", async () => {
    const created = await postSaying(`Mine ${RUN}`);
    const post = await settledPost(t, customer, created.id);
    const deliveryId = post.deliveries[0]!.id;
    const other = await t.createCustomer();
    const foreign = await attempts(post.id, deliveryId, '', other).expect(404);
    expect(foreign.body.error.code).toBe('not_found');
    await attempts(post.id, 'dlv_0000000000000000000000').expect(404);
    const another = await postSaying(`Another ${RUN}`);
    await attempts(another.id, deliveryId).expect(404);
    await attempts(post.id, deliveryId, '?cursor=nonsense').expect(400);
  });
});
