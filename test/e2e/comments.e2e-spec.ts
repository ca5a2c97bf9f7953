import { Database } from '../../src/database/database';
import request from 'supertest';
import { CommentScan } from '../../src/comments/comment-scan';
import { ScanCommentsTask } from '../../src/comments/scan-comments.task';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { connectAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import {
  capabilitiesOf,
  listedAuthorName,
  NETWORK_FIXTURES,
  publishableContainer,
  requiredPostOptions,
} from '../support/network-cases';
import { TESTED_NETWORKS, TestedNetwork } from '../support/networks';
import { createPost, settledPost } from '../support/posts';
import { EventOutbox } from '../../src/webhooks/event-outbox';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const TENANT = 'tenant-comments';
/** Every installed network: a case checks first that the network's capability document says it has comments. */
const NETWORKS = TESTED_NETWORKS;
type Network = TestedNetwork;

interface CommentRequest {
  id: string;
  status: string;
  attempts: number;
  platformCommentId: string | null;
  error: { code: string; message: string } | null;
}

/**
 * Comments under published deliveries, on each network against the built-in emulator: third-party
 * comments added through its control API are listed newest first (with paging), answers are sent
 * once through the worker even when the network's answer to the first attempt is lost, an
 * Idempotency-Key replays, and other customers' posts and unpublished deliveries are refused.
 */
describe('Comments (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;

  const emulator = (path: string, init?: RequestInit) =>
    fetch(`${t.baseUrl}/emulator/control${path}`, {
      ...init,
      headers: { ...(init?.body ? { 'Content-Type': 'application/json' } : {}), ...init?.headers },
    });
  const auth = (who: TestCustomer = customer) => ({ Authorization: `Bearer ${who.apiKey}` });

  /** A new emulator user's page or profile, connected: every test's posts and comments touch no other's. */
  const ownAccount = (network: Network) => connectAccount(t, customer, network, TENANT, { freshUser: true });

  /** A post published on the network: its id, its delivery's id and the network's id of it. */
  async function published(network: Network, text: string) {
    const account = await ownAccount(network);
    const document = await capabilitiesOf(t, customer.apiKey, network);
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [publishableContainer(document, text, () => media.url('photo.jpg'))],
      options: requiredPostOptions(network),
    });
    expect(accepted.status).toBe(202);
    const post = await settledPost(t, customer, accepted.body.data.id);
    expect(post.status).toBe('published');
    const delivery = post.deliveries[0]!;
    return { account, postId: post.id, deliveryId: delivery.id, objectId: delivery.platformPostId! };
  }

  async function thirdPartyComment(network: Network, parentId: string, text: string, username = 'a_reader') {
    const answer = await emulator('/comments', {
      method: 'POST',
      body: JSON.stringify({ network, parentId, text, author: { username } }),
    });
    expect(answer.status).toBe(201);
    return ((await answer.json()) as { data: PublishedItem }).data;
  }

  const listComments = (postId: string, query: Record<string, string | number>, who = customer) =>
    request(t.server).get(`/api/v1/posts/${postId}/comments`).query(query).set(auth(who));

  const answer = (postId: string, body: Record<string, unknown>, key?: string, who = customer) => {
    const call = request(t.server).post(`/api/v1/posts/${postId}/comments`).set(auth(who));
    if (key) call.set('Idempotency-Key', key);
    return call.send(body);
  };

  async function requestWhen(
    postId: string,
    id: string,
    holds: (request: CommentRequest) => boolean,
    timeoutMs = 20_000,
  ): Promise<CommentRequest> {
    let last: CommentRequest | undefined;
    try {
      return await until(
        `comment request ${id}`,
        async () => {
          const got = await request(t.server).get(`/api/v1/posts/${postId}/comment-requests/${id}`).set(auth());
          expect(got.status).toBe(200);
          last = got.body.data as CommentRequest;
          return holds(last) && last;
        },
        timeoutMs,
        100,
      );
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('Timed out')) throw error;
      const jobs = await t.db.query<{ last_error: string | null }>(
        "SELECT last_error FROM graphile_worker.jobs WHERE key = $1 OR (task_identifier = 'send-comment' AND key IS NULL)",
        [`comment:${id}`],
      );
      throw new Error(`Comment request ${id} is still ${JSON.stringify(last)}; jobs: ${JSON.stringify(jobs)}`);
    }
  }

  const onNetwork = async (network: Network, text: string): Promise<PublishedItem[]> =>
    ((await (await emulator(`/published?network=${network}`)).json()) as { data: PublishedItem[] }).data.filter(
      (item) => item.text === text,
    );

  /**
   * Whether the network has comments, as its capability document says. One that has none answers
   * 409 for its published post's comments; the case then ends there.
   */
  async function hasComments(network: Network): Promise<boolean> {
    if ((await capabilitiesOf(t, customer.apiKey, network)).comments.supported) return true;
    const post = await published(network, `No comments here (${network})`);
    const listed = await listComments(post.postId, { deliveryId: post.deliveryId });
    expect({ status: listed.status, code: listed.body.error?.code }).toEqual({
      status: 409,
      code: 'delivery_not_published',
    });
    return false;
  }

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    customer = await t.createCustomer();
  });
  afterAll(async () => {
    await t?.close();
    await media?.close();
  });
  afterEach(async () => {
    expect((await emulator('/faults', { method: 'DELETE' })).status).toBe(200);
  });

  it.each(NETWORKS)('%s: lists third-party comments newest first', async (network) => {
    if (!(await hasComments(network))) return;
    const post = await published(network, `Comment on me (${network})`);
    const older = await thirdPartyComment(network, post.objectId, 'First!', 'early_bird');
    const newer = await thirdPartyComment(network, post.objectId, 'When does it ship?', 'curious_cat');

    const listed = await listComments(post.postId, { deliveryId: post.deliveryId });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: newer.postId,
        text: 'When does it ship?',
        authorName: listedAuthorName(network, 'curious_cat'),
        own: false,
      }),
      expect.objectContaining({
        id: older.postId,
        text: 'First!',
        authorName: listedAuthorName(network, 'early_bird'),
        own: false,
      }),
    ]);
    expect(listed.body.data[0].replyToId).toBeNull();
    expect(Number.isNaN(Date.parse(listed.body.data[0].createdAt))).toBe(false);
    // Nothing follows. A network that pages by cursors alone (Threads) cannot say so on the page
    // itself: its cursor then leads to an empty last page.
    let cursor: string | null = listed.body.pagination.nextCursor;
    for (let page = 0; cursor && page < 3; page++) {
      const next = await listComments(post.postId, { deliveryId: post.deliveryId, cursor });
      expect({ status: next.status, comments: next.body.data }).toEqual({ status: 200, comments: [] });
      cursor = next.body.pagination.nextCursor;
    }
    expect(cursor).toBeNull();
  });

  it('pages with a cursor that wraps the network’s', async () => {
    const post = await published('facebook', 'Many comments');
    for (const text of ['one', 'two', 'three']) await thirdPartyComment('facebook', post.objectId, text);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const listed = await listComments(post.postId, {
        deliveryId: post.deliveryId,
        limit: 1,
        ...(cursor ? { cursor } : {}),
      });
      expect(listed.status).toBe(200);
      seen.push(...listed.body.data.map((comment: { text: string }) => comment.text));
      cursor = listed.body.pagination.nextCursor ?? undefined;
    }
    expect(seen).toEqual(['three', 'two', 'one']);
    expect(cursor).toBeUndefined();
    // A cursor is bound to its delivery.
    const other = await published('facebook', 'Another post');
    const first = await listComments(post.postId, { deliveryId: post.deliveryId, limit: 1 });
    const misused = await listComments(other.postId, {
      deliveryId: other.deliveryId,
      cursor: first.body.pagination.nextCursor,
    });
    expect(misused.status).toBe(400);
    expect(misused.body.error.code).toBe('validation_failed');
  });

  it.each(NETWORKS)(
    '%s: answers a comment once, even when the answer to the first attempt is lost',
    async (network) => {
      if (!(await hasComments(network))) return;
      const post = await published(network, `Ask me anything (${network})`);
      const question = await thirdPartyComment(network, post.objectId, 'Is it vegan?');
      // The network makes the comment, then its answer is lost (a 5xx): the worker must not post it again.
      const fault = await emulator('/faults', {
        method: 'POST',
        body: JSON.stringify({ network, accountId: post.account.networkAccountId, fault: 'answer_lost', count: 1 }),
      });
      expect(fault.status).toBe(201);
      const text = `Yes, fully vegan (${network})`;
      const accepted = await answer(post.postId, { deliveryId: post.deliveryId, text, replyToId: question.postId });
      expect(accepted.status).toBe(202);
      expect(accepted.body.data).toEqual(
        expect.objectContaining({ status: 'queued', deliveryId: post.deliveryId, text, replyToId: question.postId }),
      );
      const id: string = accepted.body.data.id;

      const waiting = await requestWhen(post.postId, id, (row) => row.error?.code === 'network_unavailable');
      expect(waiting.attempts).toBe(1);
      expect(await onNetwork(network, text)).toHaveLength(1);
      // The retry's time (backoff) is brought forward, as its passing would.
      await t.db.query(
        "SELECT graphile_worker.add_job('send-comment', json_build_object('commentRequestId', $1::text), job_key => $2, run_at => now())",
        [id, `comment:${id}`],
      );
      const sent = await requestWhen(post.postId, id, (row) => row.status === 'sent');
      expect(sent).toEqual(expect.objectContaining({ attempts: 2, error: null }));
      const made = await onNetwork(network, text);
      expect(made).toHaveLength(1);
      expect(sent.platformCommentId).toBe(made[0]!.postId);
      expect(made[0]![NETWORK_FIXTURES[network].comments.answerParent]).toBe(question.postId);

      // Seen in the list as the account's own answer to the question.
      const listed = await listComments(post.postId, { deliveryId: post.deliveryId });
      expect(listed.body.data).toEqual([
        expect.objectContaining({ id: made[0]!.postId, own: true, replyToId: question.postId }),
        expect.objectContaining({ id: question.postId, own: false, replyToId: null }),
      ]);
    },
  );

  it("waits out the network's rate limit before answering, then answers once", async () => {
    const post = await published('x', 'Busy profile');
    const fault = await emulator('/faults', {
      method: 'POST',
      body: JSON.stringify({
        network: 'x',
        accountId: post.account.networkAccountId,
        fault: 'rate_limited',
        count: 1,
        resetInSeconds: 180,
      }),
    });
    expect(fault.status).toBe(201);
    const text = 'After the window';
    const before = Date.now();
    const accepted = await answer(post.postId, { deliveryId: post.deliveryId, text });
    const id: string = accepted.body.data.id;
    const waiting = await requestWhen(post.postId, id, (row) => row.error?.code === 'rate_limited');
    expect(waiting.attempts).toBe(1);
    const [row] = await t.db.query<{ next_attempt_at: Date; rate_limit_waits: number }>(
      'SELECT next_attempt_at, rate_limit_waits FROM comment_requests WHERE id = $1',
      [id],
    );
    // X's x-rate-limit-reset, 3 minutes on (plus at most 5 s of jitter): not before.
    expect(row!.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + 180_000);
    expect(row!.rate_limit_waits).toBe(1);
    expect(await onNetwork('x', text)).toHaveLength(0);
    await t.db.query(
      "SELECT graphile_worker.add_job('send-comment', json_build_object('commentRequestId', $1::text), job_key => $2, run_at => now())",
      [id, `comment:${id}`],
    );
    await requestWhen(post.postId, id, (row) => row.status === 'sent');
    expect(await onNetwork('x', text)).toHaveLength(1);
  });

  it.each(NETWORKS)('%s: answers under the post itself', async (network) => {
    if (!(await hasComments(network))) return;
    const post = await published(network, `Plain answer (${network})`);
    const text = `Thanks all (${network})`;
    const accepted = await answer(post.postId, { deliveryId: post.deliveryId, text });
    expect(accepted.status).toBe(202);
    const sent = await requestWhen(post.postId, accepted.body.data.id, (row) => row.status === 'sent');
    expect(sent.attempts).toBe(1);
    const listed = await listComments(post.postId, { deliveryId: post.deliveryId });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: sent.platformCommentId, text, own: true, replyToId: null }),
    ]);
  });

  it('replays an Idempotency-Key and refuses it with another body', async () => {
    const post = await published('facebook', 'Idempotent answers');
    const body = { deliveryId: post.deliveryId, text: 'Once only' };
    const first = await answer(post.postId, body, 'comment-key-1');
    const second = await answer(post.postId, body, 'comment-key-1');
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body.data.id).toBe(first.body.data.id);
    const other = await answer(post.postId, { ...body, text: 'Something else' }, 'comment-key-1');
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    await requestWhen(post.postId, first.body.data.id, (row) => row.status === 'sent');
    expect(await onNetwork('facebook', 'Once only')).toHaveLength(1);
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM comment_requests WHERE delivery_id = $1',
      [post.deliveryId],
    );
    expect(n).toBe(1);
  });

  it.each(NETWORKS)(
    '%s: announces a third-party comment once with comment.received, never our own answers',
    async (network) => {
      if (!(await hasComments(network))) return;
      const post = await published(network, `Watched for comments (${network})`);
      const own = await answer(post.postId, { deliveryId: post.deliveryId, text: `Our own note (${network})` });
      await requestWhen(post.postId, own.body.data.id, (row) => row.status === 'sent');
      const reader = await thirdPartyComment(network, post.objectId, `Love it (${network})`, 'big_fan');
      const events = async () =>
        (
          await t.db.query<{ data: { deliveryId: string; comment: { id: string; text: string } } }>(
            "SELECT data FROM events WHERE customer_id = $1 AND type = 'comment.received' AND data->>'deliveryId' = $2",
            [customer.id, post.deliveryId],
          )
        ).map((row) => row.data);
      const scanned = async () => {
        await t.app.get(CommentScan).scanOnce(0);
        // The scan's job has run once the delivery's watermark was written after the scan began.
        const began = new Date();
        await until('the comment scan to read the delivery', async () => {
          const [mark] = await t.db.query<{ scanned_at: Date }>(
            'SELECT scanned_at FROM comment_watermarks WHERE delivery_id = $1 AND scanned_at >= $2',
            [post.deliveryId, began],
          );
          return mark;
        });
      };
      await scanned();
      const announced = await events();
      expect(announced).toEqual([
        expect.objectContaining({
          servicePostId: post.postId,
          deliveryId: post.deliveryId,
          connectedAccountId: post.account.id,
          platform: network,
          platformPostId: post.objectId,
          comment: expect.objectContaining({
            id: reader.postId,
            text: `Love it (${network})`,
            authorName: listedAuthorName(network, 'big_fan'),
          }),
        }),
      ]);
      // Read again (as the next scan would): nothing new, nothing announced twice.
      await t.app.get(ScanCommentsTask).run(post.deliveryId);
      expect(await events()).toHaveLength(1);
    },
  );

  it.each(NETWORKS)('%s: lists and announces a reader’s answer to a comment', async (network) => {
    if (!(await hasComments(network))) return;
    const post = await published(network, `A thread of readers (${network})`);
    const question = await thirdPartyComment(network, post.objectId, `Where is it sold? (${network})`, 'asker');
    const scan = t.app.get(ScanCommentsTask);
    await scan.run(post.deliveryId);
    const reply = await thirdPartyComment(network, question.postId, `At the market (${network})`, 'helper');

    const listed = await listComments(post.postId, { deliveryId: post.deliveryId });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: reply.postId,
        authorName: listedAuthorName(network, 'helper'),
        replyToId: question.postId,
        own: false,
      }),
      expect.objectContaining({
        id: question.postId,
        authorName: listedAuthorName(network, 'asker'),
        replyToId: null,
        own: false,
      }),
    ]);

    await scan.run(post.deliveryId);
    const announced = await t.db.query<{ data: { comment: { id: string; replyToId: string | null } } }>(
      "SELECT data FROM events WHERE customer_id = $1 AND type = 'comment.received' AND data->>'deliveryId' = $2 ORDER BY created_at, id",
      [customer.id, post.deliveryId],
    );
    expect(announced.map((row) => row.data.comment)).toEqual([
      expect.objectContaining({ id: question.postId, replyToId: null }),
      expect.objectContaining({ id: reply.postId, replyToId: question.postId }),
    ]);
  });

  it('instagram: lists every reply of a comment, past the 25 that Graph nests in the list', async () => {
    const post = await published('instagram', 'A question that got answers');
    const question = await thirdPartyComment('instagram', post.objectId, 'Which size fits?', 'asker');
    const replies: string[] = [];
    for (let i = 0; i < 30; i++)
      replies.push((await thirdPartyComment('instagram', question.postId, `Size ${i}`, `reader_${i}`)).postId);

    const listed = await listComments(post.postId, { deliveryId: post.deliveryId, limit: 5 });
    expect(listed.status).toBe(200);
    const comments: Array<{ id: string; replyToId: string | null; createdAt: string }> = listed.body.data;
    expect(comments).toHaveLength(31);
    // Newest first by their time: Instagram documents no order for replies, and those of one second
    // (all of these) can come in any order.
    const answers = comments.filter((comment) => comment.replyToId === question.postId);
    expect(new Set(answers.map((comment) => comment.id))).toEqual(new Set(replies));
    const times = comments.map((comment) => Date.parse(comment.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(comments[30]).toEqual(expect.objectContaining({ id: question.postId, replyToId: null }));
  });

  it('announces every comment of a burst larger than one scan reads, over the next scans', async () => {
    const post = await published('facebook', 'A post that went viral');
    const written: string[] = [];
    for (let i = 0; i < 230; i++) written.push((await thirdPartyComment('facebook', post.objectId, `Wow ${i}`)).postId);
    const announced = async () =>
      (
        await t.db.query<{ id: string }>(
          "SELECT data->'comment'->>'id' AS id FROM events WHERE customer_id = $1 AND type = 'comment.received' AND data->>'deliveryId' = $2",
          [customer.id, post.deliveryId],
        )
      ).map((row) => row.id);
    const scan = t.app.get(ScanCommentsTask);

    // One scan reads 4 pages of 50: the newest 200, the other 30 are left for the next scan.
    await scan.run(post.deliveryId);
    expect(new Set(await announced())).toEqual(new Set(written.slice(30)));
    // Comments written meanwhile shift nothing: the backlog's cursor stands at a comment.
    for (let i = 230; i < 240; i++)
      written.push((await thirdPartyComment('facebook', post.objectId, `Wow ${i}`)).postId);
    await scan.run(post.deliveryId);
    await scan.run(post.deliveryId);
    const all = await announced();
    expect(all).toHaveLength(240);
    expect(new Set(all)).toEqual(new Set(written));
  });

  it("answers 404 for another customer's post, delivery or comment request", async () => {
    const post = await published('x', 'Mine alone');
    const accepted = await answer(post.postId, { deliveryId: post.deliveryId, text: 'Mine' });
    const stranger = await t.createCustomer();
    const listed = await listComments(post.postId, { deliveryId: post.deliveryId }, stranger);
    expect(listed.status).toBe(404);
    expect(listed.body.error.code).toBe('not_found');
    const answered = await answer(post.postId, { deliveryId: post.deliveryId, text: 'Not yours' }, undefined, stranger);
    expect(answered.status).toBe(404);
    const got = await request(t.server)
      .get(`/api/v1/posts/${post.postId}/comment-requests/${accepted.body.data.id}`)
      .set(auth(stranger));
    expect(got.status).toBe(404);
    // A delivery of another post of the same customer is not this post's.
    const other = await published('x', 'Other post');
    const crossed = await listComments(post.postId, { deliveryId: other.deliveryId });
    expect(crossed.status).toBe(404);
  });

  it.each(NETWORKS)(
    "%s: checks replyToId before anything is sent: the network's id shape (400), and a comment known to be under another delivery (422 reply_not_in_thread)",
    async (network) => {
      if (!(await hasComments(network))) return;
      const here = await published(network, `Answers go here (${network})`);
      const there = await published(network, `Another post (${network})`);
      const text = `Misdirected answer (${network})`;
      const refusedWith = async (replyToId: string, status: number, code: string) => {
        const refused = await answer(here.postId, { deliveryId: here.deliveryId, text, replyToId });
        expect({ replyToId, status: refused.status, code: refused.body.error?.code }).toEqual({
          replyToId,
          status,
          code,
        });
        expect(refused.body.error.details).toEqual([expect.objectContaining({ field: 'replyToId' })]);
      };

      // Not the shape of this network's comment ids.
      const fixture = NETWORK_FIXTURES[network].comments;
      await refusedWith(fixture.misshapenId, 400, 'validation_failed');
      // The other post itself, our answer under it, and a comment the scan found under it.
      const postIdAsReply = fixture.postIdAsReply ?? { status: 422, code: 'reply_not_in_thread' };
      await refusedWith(there.objectId, postIdAsReply.status, postIdAsReply.code);
      const ours = await answer(there.postId, {
        deliveryId: there.deliveryId,
        text: `Under the other post (${network})`,
      });
      const sent = await requestWhen(there.postId, ours.body.data.id, (row) => row.status === 'sent');
      await refusedWith(sent.platformCommentId!, 422, 'reply_not_in_thread');
      const scannedId = fixture.unseenId(there.objectId);
      // Announced as the comment scan announces what it finds.
      await t.app.get(Database).transaction((manager) =>
        t.app.get(EventOutbox).record(manager, {
          customerId: customer.id,
          tenantId: TENANT,
          type: 'comment.received',
          data: {
            servicePostId: there.postId,
            deliveryId: there.deliveryId,
            connectedAccountId: there.account.id,
            platform: network,
            platformPostId: there.objectId,
            comment: {
              id: scannedId,
              text: 'Found by the scan',
              authorId: null,
              authorName: 'reader',
              createdAt: new Date().toISOString(),
              replyToId: null,
            },
          },
        }),
      );
      await refusedWith(scannedId, 422, 'reply_not_in_thread');
      expect(await onNetwork(network, text)).toEqual([]);

      // A comment under this delivery is answered as before.
      const question = await thirdPartyComment(network, here.objectId, `Here? (${network})`);
      const accepted = await answer(here.postId, { deliveryId: here.deliveryId, text, replyToId: question.postId });
      expect(accepted.status).toBe(202);
      await requestWhen(here.postId, accepted.body.data.id, (row) => row.status === 'sent');
    },
  );

  it('refuses a delivery not yet published with 409 delivery_not_published, and bad input with 4xx', async () => {
    const account = await ownAccount('facebook');
    const scheduled = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'Later' }],
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(scheduled.status).toBe(202);
    const postId: string = scheduled.body.data.id;
    const deliveryId: string = scheduled.body.data.deliveries[0].id;
    const listed = await listComments(postId, { deliveryId });
    expect(listed.status).toBe(409);
    expect(listed.body.error.code).toBe('delivery_not_published');
    const answered = await answer(postId, { deliveryId, text: 'Too early' });
    expect(answered.status).toBe(409);
    expect(answered.body.error.code).toBe('delivery_not_published');

    expect((await listComments(postId, {})).status).toBe(400);
    expect((await answer(postId, { deliveryId, text: '' })).status).toBe(400);
    expect((await answer(postId, { deliveryId, text: 'x', replyToId: 'not an id' })).status).toBe(400);

    const onX = await published('x', 'Short answers only');
    const tooLong = await answer(onX.postId, { deliveryId: onX.deliveryId, text: 'a'.repeat(281) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error.details[0].field).toBe('text');
  });
});
