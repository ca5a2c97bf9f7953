import request from 'supertest';
import { PublishDeliveryTask } from '../../src/posts/publish-delivery.task';
import { PostView } from '../../src/posts/dto/post.view';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { startEmulatedApp } from '../support/connect-flow';
import { App, harness, TENANT } from '../support/emulated-customers';
import { createPost, getPost } from '../support/posts';
import { TestCustomer } from '../support/test-app';

/**
 * Drafts and edits before publishing. No worker runs in this app (ROLE=api): the test claims by
 * hand, as a named worker, through the same SQL function the publishing lane uses, and publishes
 * through the same task, so it decides when a claim happens and can race it against an edit.
 */
describe('Drafts and edits before publishing', () => {
  let t: App;
  let h: ReturnType<typeof harness>;
  let customer: TestCustomer;
  let account: { id: string; networkAccountId: string };
  let other: { id: string; networkAccountId: string };

  const api = (method: 'get' | 'post' | 'patch', path: string, body?: object, key?: string) => {
    const call = request(t.server)[method](`/api/v1${path}`).set('Authorization', `Bearer ${customer.apiKey}`);
    if (key) call.set('Idempotency-Key', key);
    return body ? call.send(body) : call;
  };
  const claim = async (worker: string) =>
    (
      await t.db.query<{ delivery_id: string; account_id: string }>(
        'SELECT delivery_id, account_id FROM claim_deliveries($1, 10, 10)',
        [worker],
      )
    ).map((row) => row.delivery_id);
  const beat = (worker: string) =>
    t.db.query(
      `INSERT INTO worker_heartbeats (worker_id, beat_at) VALUES ($1, now())
       ON CONFLICT (worker_id) DO UPDATE SET beat_at = excluded.beat_at`,
      [worker],
    );
  /** Publishes what `worker` claimed, as the lane does, and lets go of the lanes. */
  const publishClaimed = async (worker: string, deliveryIds: string[]) => {
    await beat(worker);
    for (const deliveryId of deliveryIds) await t.app.get(PublishDeliveryTask).run(deliveryId, worker);
    await t.db.query('SELECT release_lane(account_id, claimed_by) FROM publish_lanes WHERE claimed_by = $1', [worker]);
  };
  const published = async (): Promise<PublishedItem[]> =>
    ((await (await h.control('/published?network=x', undefined, 'GET')).json()) as { data: PublishedItem[] }).data;
  const textOn = async (platformPostId: string | null) =>
    (await published()).find((item) => item.postId === platformPostId)?.text;
  const dueAt = async (deliveryId: string) =>
    (await t.db.query<{ due_at: Date | null }>('SELECT due_at FROM deliveries WHERE id = $1', [deliveryId]))[0]!.due_at;
  const eventsOf = async (postId: string, type: string) =>
    t.db.query<{ data: Record<string, unknown> }>(
      `SELECT data FROM events WHERE type = $1 AND data->>'servicePostId' = $2 ORDER BY created_at`,
      [type, postId],
    );
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  beforeAll(async () => {
    t = await startEmulatedApp({ env: { ROLE: 'api' } });
    h = harness(t);
    const made = await h.customerWithAccounts(2);
    customer = made.customer;
    [account, other] = made.accounts as [typeof account, typeof other];
    // Two accounts publish the same words: X's duplicate check is not what these tests are about.
    await h.control('/settings', { xDuplicateDetection: false }, 'PUT');
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('keeps a draft, lists it, edits it and publishes it with its last text', async () => {
    const created = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'Draft, first words' }],
      draft: true,
    });
    expect(created.status).toBe(202);
    const draft = created.body.data as PostView;
    expect(draft.status).toBe('draft');
    expect(draft.deliveries.map((delivery) => delivery.status)).toEqual(['draft']);
    expect(await dueAt(draft.deliveries[0]!.id)).toBeNull();
    // Never claimed while a draft.
    expect(await claim('w-draft')).toEqual([]);

    const listed = await api('get', `/posts?tenantId=${TENANT}&status=draft`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((post: PostView) => post.id)).toContain(draft.id);

    const edited = await api('patch', `/posts/${draft.id}`, {
      containers: [{ content: 'Draft, edited words' }],
      accounts: [account.id, other.id],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.status).toBe('draft');
    expect(edited.body.data.deliveries).toHaveLength(2);
    expect(await eventsOf(draft.id, 'post.updated')).toEqual([
      { data: expect.objectContaining({ status: 'draft', fields: ['containers', 'accounts'] }) },
    ]);

    const publishing = await api('post', `/posts/${draft.id}/publish`);
    expect(publishing.status).toBe(202);
    expect(publishing.body.data.status).toBe('queued');
    expect((await api('post', `/posts/${draft.id}/publish`)).body.error.code).toBe('post_not_draft');

    await publishClaimed('w-draft', await claim('w-draft'));
    const done = (await getPost(t, customer, draft.id)).body.data as PostView;
    expect(done.status).toBe('published');
    for (const delivery of done.deliveries) expect(await textOn(delivery.platformPostId)).toBe('Draft, edited words');
  });

  it('publishes a draft once with an Idempotency-Key (a repeat answers the first answer) and records post.updated', async () => {
    const created = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'Draft published by key' }],
      draft: true,
    });
    const draft = created.body.data as PostView;
    const first = await api('post', `/posts/${draft.id}/publish`, undefined, 'publish-draft-key-1');
    expect(first.status).toBe(202);
    const again = await api('post', `/posts/${draft.id}/publish`, undefined, 'publish-draft-key-1');
    expect(again.status).toBe(202);
    expect(again.body.data).toEqual(first.body.data);
    expect((await api('post', `/posts/${draft.id}/publish`)).body.error.code).toBe('post_not_draft');
    expect(await eventsOf(draft.id, 'post.updated')).toEqual([
      { data: expect.objectContaining({ status: 'queued', fields: ['draft'] }) },
    ]);
    await publishClaimed('w-draft-key', await claim('w-draft-key'));
    expect(
      await textOn(((await getPost(t, customer, draft.id)).body.data as PostView).deliveries[0]!.platformPostId),
    ).toBe('Draft published by key');
  });

  it('refuses a draft that could never publish as it refuses the post (422), and takes no unknown field in a patch', async () => {
    const tooLong = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'x'.repeat(300) }],
      draft: true,
    });
    expect(tooLong.status).toBe(422);
    const kept = (
      await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [account.id],
        containers: [{ content: 'A draft to patch badly' }],
        draft: true,
      })
    ).body.data as PostView;
    expect((await api('patch', `/posts/${kept.id}`, { tenant_id: 'another' })).status).toBe(400);
    const refused = await api('patch', `/posts/${kept.id}`, { containers: [{ content: 'y'.repeat(300) }] });
    expect(refused.status).toBe(422);
    const verdict = await api('post', `/posts/${kept.id}/validate`, { containers: [{ content: 'y'.repeat(300) }] });
    expect(verdict.status).toBe(200);
    expect(verdict.body.data.valid).toBe(false);
    // Nothing of a refused patch was kept.
    const publishing = await api('post', `/posts/${kept.id}/publish`);
    expect(publishing.status).toBe(202);
    await publishClaimed('w-bad', await claim('w-bad'));
    const done = (await getPost(t, customer, kept.id)).body.data as PostView;
    expect(await textOn(done.deliveries[0]!.platformPostId)).toBe('A draft to patch badly');
  });

  it('edits a scheduled post and moves it, answering the same with the same Idempotency-Key', async () => {
    const post = (
      await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [account.id],
        containers: [{ content: 'Scheduled, first words' }],
        scheduledAt: inHours(1),
      })
    ).body.data as PostView;
    const later = inHours(2);
    const patch = { containers: [{ content: 'Scheduled, edited words' }], scheduledAt: later };
    const first = await api('patch', `/posts/${post.id}`, patch, 'edit-once');
    expect(first.status).toBe(200);
    expect(first.body.data.scheduledAt).toBe(later);
    expect(first.body.data.status).toBe('scheduled');
    expect((await dueAt(post.deliveries[0]!.id))!.toISOString()).toBe(later);
    const again = await api('patch', `/posts/${post.id}`, patch, 'edit-once');
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await eventsOf(post.id, 'post.updated')).toHaveLength(1);
    expect((await api('patch', `/posts/${post.id}`, { scheduledAt: inHours(3) }, 'edit-once')).body.error.code).toBe(
      'idempotency_key_reused',
    );

    // Moved to now: due at once, and published with the edited words.
    const now = await api('patch', `/posts/${post.id}`, { scheduledAt: null });
    expect(now.status).toBe(200);
    expect(now.body.data.status).toBe('queued');
    await publishClaimed('w-moved', await claim('w-moved'));
    const done = (await getPost(t, customer, post.id)).body.data as PostView;
    expect(done.status).toBe('published');
    expect(await textOn(done.deliveries[0]!.platformPostId)).toBe('Scheduled, edited words');
  });

  it('refuses a patch with 409 once the first delivery is claimed, naming it, and changes nothing', async () => {
    const post = (
      await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [account.id],
        containers: [{ content: 'Claimed before the edit' }],
      })
    ).body.data as PostView;
    const claimed = await claim('w-first');
    expect(claimed).toEqual([post.deliveries[0]!.id]);
    const refused = await api('patch', `/posts/${post.id}`, { containers: [{ content: 'Too late' }] });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('post_delivery_started');
    expect(refused.body.error.details).toEqual([
      { field: `deliveries.${post.deliveries[0]!.id}`, message: expect.stringContaining('claimed') },
    ]);
    const verdict = await api('post', `/posts/${post.id}/validate`, { containers: [{ content: 'Too late' }] });
    expect(verdict.body.data.valid).toBe(false);
    await publishClaimed('w-first', claimed);
    const done = (await getPost(t, customer, post.id)).body.data as PostView;
    expect(await textOn(done.deliveries[0]!.platformPostId)).toBe('Claimed before the edit');
    // Published: only its text may change now, where the network edits it (edit after publishing).
    // This X account has no subscription, so its delivery's edit is refused and nothing is sent.
    const later = await api('patch', `/posts/${post.id}`, { containers: [{ content: 'Later' }] });
    expect(later.status).toBe(202);
    expect((later.body.data as PostView).deliveries[0]!.edit).toEqual(
      expect.objectContaining({
        status: 'failed',
        error: expect.objectContaining({ code: 'edit_requires_subscription' }),
      }),
    );
    expect(await textOn(done.deliveries[0]!.platformPostId)).toBe('Claimed before the edit');
  });

  it('never lets an edit race a claim: the edit wins and the network gets its text, or the claim wins and the edit is 409 (202 once published: an edit after publishing)', async () => {
    const outcomes = { edited: 0, refused: 0 };
    for (let round = 0; round < 30; round += 1) {
      const post = (
        await createPost(t, customer, {
          tenant_id: TENANT,
          accounts: [account.id],
          containers: [{ content: `Race ${round}: old words` }],
        })
      ).body.data as PostView;
      const worker = `w-race-${round}`;
      // The claim starts 0 to 29 ms after the edit, so that either comes first in some rounds, and
      // the worker publishes as soon as it has claimed, reading the post while the edit may be going on.
      const [patched, claimed] = await Promise.all([
        api('patch', `/posts/${post.id}`, { containers: [{ content: `Race ${round}: new words` }] }),
        new Promise((resolve) => setTimeout(resolve, round))
          .then(() => claim(worker))
          .then(async (ids) => {
            if (ids.length) await publishClaimed(worker, ids);
            return ids;
          }),
      ]);
      // 202: the claim won and the delivery was published before the edit looked, so the patch was
      // an edit after publishing (this X account has no subscription: refused on the delivery, nothing sent).
      expect([200, 202, 409]).toContain(patched.status);
      if (patched.status !== 200) expect(claimed).toEqual([post.deliveries[0]!.id]);
      if (patched.status === 202)
        expect((patched.body.data as PostView).deliveries[0]!.edit?.error?.code).toBe('edit_requires_subscription');
      // The claim skipped the lane the edit held: it is claimed once the edit has committed.
      if (!claimed.length) await publishClaimed(worker, await claim(worker));
      const done = (await getPost(t, customer, post.id)).body.data as PostView;
      expect(done.status).toBe('published');
      const text = await textOn(done.deliveries[0]!.platformPostId);
      if (patched.status === 200) {
        outcomes.edited += 1;
        expect(text).toBe(`Race ${round}: new words`);
      } else {
        outcomes.refused += 1;
        expect(text).toBe(`Race ${round}: old words`);
      }
    }
    expect(outcomes.edited + outcomes.refused).toBe(30);
  }, 120_000);
});
