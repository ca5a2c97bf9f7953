import request from 'supertest';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { PostView } from '../../src/posts/dto/post.view';
import { connectAccount, ConnectedAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import { capabilitiesOf, publishableContainer, requiredPostOptions } from '../support/network-cases';
import { createPost, getPost, settledPost } from '../support/posts';
import { control } from '../support/sandbox-worlds';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const TENANT = 'tenant-edit-published';

type Network = 'facebook' | 'instagram' | 'linkedin' | 'x';
type EditedEvent = {
  servicePostId: string;
  deliveryId: string;
  status: string;
  platformPostId: string;
  error: { code: string } | null;
};

/**
 * PATCH /posts/:id of a published post (edit after publishing) against the built-in emulator: the
 * text is edited on each network that edits (a Facebook Page post's message, a LinkedIn
 * commentary, an X post within its window for a subscribed account), by the worker, with the
 * outcome on the delivery's `edit` and a post.edited event; a network that keeps published posts
 * as they are (Instagram) is answered edit_not_supported and nothing is sent. Every test has its
 * own emulator user.
 */
describe('Editing a published post (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let users = 0;

  const published = async (network: Network, networkAccountId: string): Promise<PublishedItem[]> =>
    (
      (await (await control(t, `/published?network=${network}&accountId=${networkAccountId}`)).json()) as {
        data: PublishedItem[];
      }
    ).data;
  const patch = (postId: string, body: unknown, key?: string) => {
    const call = request(t.server).patch(`/api/v1/posts/${postId}`).set('Authorization', `Bearer ${customer.apiKey}`);
    return (key ? call.set('Idempotency-Key', key) : call).send(body as object);
  };
  const editedEvents = async (postId: string): Promise<EditedEvent[]> =>
    (
      await t.db.query<{ data: EditedEvent }>(
        `SELECT data FROM events WHERE customer_id = $1 AND type = 'post.edited' AND data->>'servicePostId' = $2
          ORDER BY created_at`,
        [customer.id, postId],
      )
    ).map((row) => row.data);

  /** Publishes one post to the account and waits until it is out (with an image where the network needs media). */
  async function publishedPost(accountId: string, content: string, network: Network): Promise<PostView> {
    const document = await capabilitiesOf(t, customer.apiKey, network);
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [accountId],
      containers: [publishableContainer(document, content, () => media.url('photo.jpg'))],
      options: requiredPostOptions(network),
    });
    expect(accepted.status).toBe(202);
    const post = await settledPost(t, customer, accepted.body.data.id);
    expect(post.status).toBe('published');
    return post;
  }

  /** The post once its deliveries' edits are all final (no longer `requested`). */
  const editSettled = (postId: string) =>
    until(`the edits of post ${postId} to settle`, async () => {
      const post = (await getPost(t, customer, postId)).body.data as PostView;
      return post.deliveries.every((delivery) => delivery.edit?.status !== 'requested') ? post : undefined;
    });

  /** An emulator user of its own with an X profile on this subscription, connected for the tenant. */
  async function xAccount(subscriptionType: string): Promise<ConnectedAccount> {
    const id = `x-edit-${++users}`;
    const made = await control(t, '/users', {
      method: 'POST',
      body: { id, name: id, x: { username: id.replace(/-/g, '_'), subscriptionType } },
    });
    if (made.status !== 201) throw new Error(`The emulator refused the test user: ${await made.text()}`);
    return connectAccount(t, customer, 'x', TENANT, { emulatorUser: id });
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

  it.each(['facebook', 'linkedin'] as const)(
    "%s: edits the published post's text on the network; the delivery and post.edited say edited",
    async (network) => {
      const account = await connectAccount(t, customer, network, TENANT, { freshUser: true });
      expect((await capabilitiesOf(t, customer.apiKey, network)).editAfterPublishing).toEqual({ supported: true });
      const post = await publishedPost(account.id, `Fresh bread on ${network}`, network);
      const [delivery] = post.deliveries;
      const container = publishableContainer(
        await capabilitiesOf(t, customer.apiKey, network),
        `Fresh bread on ${network}, every morning`,
        () => media.url('photo.jpg'),
      );

      const answer = await patch(post.id, { containers: [container] });
      expect(answer.status).toBe(202);
      expect((answer.body.data as PostView).deliveries[0]!.edit).toEqual(
        expect.objectContaining({ status: 'requested', text: `Fresh bread on ${network}, every morning`, error: null }),
      );

      const edited = await editSettled(post.id);
      expect(edited.deliveries[0]).toEqual(
        expect.objectContaining({ status: 'published', platformPostId: delivery!.platformPostId }),
      );
      expect(edited.deliveries[0]!.edit).toEqual(
        expect.objectContaining({
          status: 'edited',
          editedAt: expect.any(String),
          error: null,
          edits: 1,
          originalPlatformPostId: delivery!.platformPostId,
        }),
      );
      const onNetwork = (await published(network, account.networkAccountId)).find(
        (item) => item.postId === delivery!.platformPostId,
      );
      expect(onNetwork?.text).toBe(`Fresh bread on ${network}, every morning`);
      expect(onNetwork?.editedAt).toEqual(expect.any(String));
      expect(await editedEvents(post.id)).toEqual([
        expect.objectContaining({
          deliveryId: delivery!.id,
          status: 'edited',
          platformPostId: delivery!.platformPostId,
          error: null,
        }),
      ]);
      // The event history holds it too.
      const history = await request(t.server)
        .get('/api/v1/events?types=post.edited')
        .set('Authorization', `Bearer ${customer.apiKey}`);
      expect(history.status).toBe(200);
      expect(JSON.stringify(history.body.data)).toContain(delivery!.id);
    },
  );

  it('instagram: refuses the edit clearly (edit_not_supported on the delivery), nothing sent', async () => {
    const account = await connectAccount(t, customer, 'instagram', TENANT, { freshUser: true });
    const document = await capabilitiesOf(t, customer.apiKey, 'instagram');
    expect(document.editAfterPublishing).toEqual({ supported: false });
    const post = await publishedPost(account.id, 'A loaf on Instagram', 'instagram');
    const [delivery] = post.deliveries;
    const container = publishableContainer(document, 'A loaf on Instagram, edited', () => media.url('photo.jpg'));

    const answer = await patch(post.id, { containers: [container] });
    expect(answer.status).toBe(202);
    expect((answer.body.data as PostView).deliveries[0]!.edit).toEqual(
      expect.objectContaining({
        status: 'not_supported',
        error: { code: 'edit_not_supported', message: expect.stringContaining('instagram') },
      }),
    );
    const onNetwork = (await published('instagram', account.networkAccountId)).find(
      (item) => item.postId === delivery!.platformPostId,
    );
    expect(onNetwork?.text).toBe('A loaf on Instagram');
    expect(await editedEvents(post.id)).toEqual([]);
  });

  it('edits the published delivery, and a failed one publishes the new text when it is retried', async () => {
    const facebook = await connectAccount(t, customer, 'facebook', TENANT, { freshUser: true });
    const instagram = await connectAccount(t, customer, 'instagram', TENANT, { freshUser: true });
    // Instagram's container ends in ERROR once: its delivery fails, Facebook's is published.
    const fault = await control(t, '/faults', {
      method: 'POST',
      body: { network: 'instagram', accountId: instagram.networkAccountId, fault: 'container_error', count: 1 },
    });
    expect(fault.status).toBe(201);
    const photo = [{ url: media.url('photo.jpg') }];
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [facebook.id, instagram.id],
      containers: [{ content: 'Two networks', media: photo }],
    });
    expect(accepted.status).toBe(202);
    const post = await settledPost(t, customer, accepted.body.data.id);
    expect(post.status).toBe('partially_published');
    const byPlatform = (view: PostView, platform: string) => view.deliveries.find((one) => one.platform === platform)!;

    const answer = await patch(post.id, { containers: [{ content: 'Two networks, edited', media: photo }] });
    expect(answer.status).toBe(202);
    expect(byPlatform(answer.body.data as PostView, 'instagram')).toEqual(
      expect.objectContaining({ status: 'failed', edit: null }),
    );
    const edited = await editSettled(post.id);
    expect(byPlatform(edited, 'facebook').edit).toEqual(expect.objectContaining({ status: 'edited' }));
    const onFacebook = await published('facebook', facebook.networkAccountId);
    expect(onFacebook.find((item) => item.postId === byPlatform(edited, 'facebook').platformPostId)?.text).toBe(
      'Two networks, edited',
    );

    // The failed delivery reads the post when it is retried: it publishes the edited text.
    const retried = await request(t.server)
      .post(`/api/v1/posts/${post.id}/deliveries/${byPlatform(edited, 'instagram').id}/retry`)
      .set('Authorization', `Bearer ${customer.apiKey}`);
    expect(retried.status).toBe(202);
    const done = await settledPost(t, customer, post.id);
    expect(done.status).toBe('published');
    expect((await published('instagram', instagram.networkAccountId)).map((item) => item.text)).toEqual([
      'Two networks, edited',
    ]);
  });

  it('refuses a text edit while a failed delivery may be on its network (no answer to trust)', async () => {
    const facebook = await connectAccount(t, customer, 'facebook', TENANT, { freshUser: true });
    const linkedin = await connectAccount(t, customer, 'linkedin', TENANT, { freshUser: true });
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [facebook.id, linkedin.id],
      containers: [{ content: 'Maybe twice' }],
    });
    expect(accepted.status).toBe(202);
    const post = await settledPost(t, customer, accepted.body.data.id);
    const onLinkedIn = post.deliveries.find((one) => one.platform === 'linkedin')!;
    // LinkedIn's delivery as its retries leave it when no answer ever came back: failed, network_unavailable.
    await t.db.query(
      `UPDATE deliveries SET status = 'failed', error_code = 'network_unavailable', error_message = 'timeout',
              platform_post_id = NULL, published_at = NULL, attempts = 3 WHERE id = $1`,
      [onLinkedIn.id],
    );
    const answer = await patch(post.id, { containers: [{ content: 'Maybe twice, edited' }] });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual(
      expect.objectContaining({
        code: 'post_delivery_started',
        details: [expect.objectContaining({ field: `deliveries.${onLinkedIn.id}` })],
      }),
    );
    const unchanged = (await getPost(t, customer, post.id)).body.data as PostView;
    expect(unchanged.deliveries.every((delivery) => delivery.edit === null)).toBe(true);
  });

  it('refuses a patch of a published post that changes anything but its text (409, naming the fields)', async () => {
    const account = await connectAccount(t, customer, 'facebook', TENANT, { freshUser: true });
    const post = await publishedPost(account.id, 'Kept as it is', 'facebook');
    const answer = await patch(post.id, {
      containers: [{ content: 'Kept as it is?', media: [{ url: media.url('photo.jpg') }] }],
      scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('post_published_field_not_editable');
    // The dry run says the same, and that the text alone would pass.
    const verdict = await request(t.server)
      .post(`/api/v1/posts/${post.id}/validate`)
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({ scheduledAt: new Date(Date.now() + 3600_000).toISOString() });
    expect(verdict.body.data.valid).toBe(false);
    expect(verdict.body.data.problems).toEqual([
      expect.objectContaining({ field: 'scheduledAt', rule: 'published_field_not_editable' }),
    ]);
    const textOnly = await request(t.server)
      .post(`/api/v1/posts/${post.id}/validate`)
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({ containers: [{ content: 'Kept as it is, edited' }] });
    expect(textOnly.body.data).toEqual(expect.objectContaining({ valid: true, problems: [] }));
    expect(answer.body.error.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
      'containers[0].media',
      'scheduledAt',
    ]);
    const onNetwork = await published('facebook', account.networkAccountId);
    expect(onNetwork.find((item) => item.postId === post.deliveries[0]!.platformPostId)?.text).toBe('Kept as it is');
  });

  it('x: edits within the window for a subscribed account; the delivery takes the new post id', async () => {
    const account = await xAccount('Premium');
    const post = await publishedPost(account.id, 'Baked at dawn', 'x');
    const first = post.deliveries[0]!.platformPostId!;

    const answer = await patch(post.id, { containers: [{ content: 'Baked at dawn, sold by noon' }] }, 'edit-x-1');
    expect(answer.status).toBe(202);
    // The same key and body answer the first answer.
    const again = await patch(post.id, { containers: [{ content: 'Baked at dawn, sold by noon' }] }, 'edit-x-1');
    expect(again.status).toBe(202);
    expect(again.body.data).toEqual(answer.body.data);

    const edited = await editSettled(post.id);
    const delivery = edited.deliveries[0]!;
    expect(delivery.edit).toEqual(
      expect.objectContaining({ status: 'edited', edits: 1, originalPlatformPostId: first, error: null }),
    );
    expect(delivery.platformPostId).not.toBe(first);
    const tweets = await published('x', account.networkAccountId);
    const latest = tweets.find((item) => item.postId === delivery.platformPostId);
    expect(latest?.text).toBe('Baked at dawn, sold by noon');
    expect(latest?.editHistory).toEqual([first, delivery.platformPostId]);
    // One edit only: the original and one new version.
    expect(tweets.filter((item) => item.text.startsWith('Baked at dawn'))).toHaveLength(2);
    expect(await editedEvents(post.id)).toEqual([
      expect.objectContaining({ status: 'edited', platformPostId: delivery.platformPostId }),
    ]);
  });

  it("x: an edit whose answer was lost is made once: the next attempt finds it in the post's edit history", async () => {
    const account = await xAccount('Premium');
    const post = await publishedPost(account.id, 'Croissants at eight', 'x');
    const first = post.deliveries[0]!.platformPostId!;
    // X makes the edit, then the answer is lost (a 503): the worker cannot tell whether it went through.
    const fault = await control(t, '/faults', {
      method: 'POST',
      body: { network: 'x', accountId: account.networkAccountId, fault: 'answer_lost', count: 1 },
    });
    expect(fault.status).toBe(201);

    expect(
      (await patch(post.id, { containers: [{ content: 'Croissants at eight, pains au chocolat at nine' }] })).status,
    ).toBe(202);
    const edited = await editSettled(post.id);
    const delivery = edited.deliveries[0]!;
    expect(delivery.edit).toEqual(
      expect.objectContaining({ status: 'edited', edits: 1, originalPlatformPostId: first }),
    );
    const tweets = await published('x', account.networkAccountId);
    // The original and the one edit X made: the retry adopted it instead of editing again.
    expect(tweets.map((item) => item.postId)).toEqual([first, delivery.platformPostId]);
    expect(tweets[1]!.editHistory).toEqual([first, delivery.platformPostId]);
    expect(await editedEvents(post.id)).toHaveLength(1);
  });

  it('x: refuses without a subscription (edit_requires_subscription), nothing sent', async () => {
    const account = await xAccount('None');
    const post = await publishedPost(account.id, 'Rye today', 'x');
    const answer = await patch(post.id, { containers: [{ content: 'Rye and spelt today' }] });
    expect(answer.status).toBe(202);
    expect((answer.body.data as PostView).deliveries[0]!.edit).toEqual(
      expect.objectContaining({
        status: 'failed',
        error: expect.objectContaining({ code: 'edit_requires_subscription' }),
      }),
    );
    const tweets = await published('x', account.networkAccountId);
    expect(tweets.map((item) => item.text)).toEqual(['Rye today']);
  });

  it("x: refuses past X's edit window (edit_window_closed), nothing sent", async () => {
    const account = await xAccount('Premium');
    const post = await publishedPost(account.id, 'Spelt today', 'x');
    // The test's stand-in for the clock passing X's 30 minutes: the delivery was published 31 minutes ago.
    await t.db.query(`UPDATE deliveries SET published_at = now() - interval '31 minutes' WHERE id = $1`, [
      post.deliveries[0]!.id,
    ]);
    const answer = await patch(post.id, { containers: [{ content: 'Spelt and rye today' }] });
    expect(answer.status).toBe(202);
    expect((answer.body.data as PostView).deliveries[0]!.edit).toEqual(
      expect.objectContaining({ status: 'failed', error: expect.objectContaining({ code: 'edit_window_closed' }) }),
    );
    const tweets = await published('x', account.networkAccountId);
    expect(tweets.map((item) => item.text)).toEqual(['Spelt today']);
  });
});
