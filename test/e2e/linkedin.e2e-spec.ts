import { randomBytes } from 'node:crypto';
import { SchedulerRegistry } from '@nestjs/schedule';
import request from 'supertest';
import { AccountsStore } from '../../src/accounts/accounts.store';
import { TokenVault } from '../../src/accounts/token-vault';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { MetricView } from '../../src/metrics/dto/metric.view';
import { AccountMetricsView, PostMetricsView } from '../../src/metrics/dto/metrics.views';
import { PostView } from '../../src/posts/dto/post.view';
import { TOKEN_SCAN } from '../../src/scheduling/periodic-tasks';
import { TokenScan } from '../../src/token-lifecycle/token-scan';
import { connectAccount, connectAccounts, ConnectedAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import { emulatorControl } from '../support/emulator-control';
import { awaitingRetry, createPost, getPost, makeDueNow, publishSettled, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const TENANT = 'tenant-linkedin';

/**
 * What is LinkedIn's own, end to end against the emulated api.linkedin.com: the connect flow
 * offering the member and the organization they administer, each kind of post (text with reserved
 * characters, an image with alt text, several images, a video uploaded in parts and read until
 * AVAILABLE, a document, an article, a poll, each option), a lost answer resumed without a second
 * post, unpublishing, share statistics, comments listed and answered once, the refresh token used
 * before expiry and an expired token, a rate limit and a refused post surfacing as on the other
 * networks. The generic e2e tests (connect-flow, the capability walk) cover LinkedIn beside the others.
 */
describe('LinkedIn (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;

  const { call: emulator, control, published, clearFaults } = emulatorControl(() => t.baseUrl);
  const publishedBy = (networkAccountId: string) => published('linkedin', networkAccountId);
  const auth = () => ({ Authorization: `Bearer ${customer.apiKey}` });

  /** A member of their own, connected as the organization they administer. */
  async function organizationAccount(): Promise<ConnectedAccount> {
    const id = `li-${randomBytes(5).toString('hex')}`;
    await control('POST', '/users', {
      id,
      name: id,
      linkedin: { name: id, organizations: [{ name: `${id} bakery` }] },
    });
    const [account] = await connectAccounts(t, customer, 'linkedin', TENANT, {
      emulatorUser: id,
      choose: (offered) => offered.filter((page) => page.id.startsWith('urn:li:organization:')),
    });
    return account!;
  }
  /** A member of their own, with no organization, connected as themselves. */
  async function memberAccount(): Promise<ConnectedAccount> {
    const id = `li-${randomBytes(5).toString('hex')}`;
    await control('POST', '/users', { id, name: id, linkedin: { name: id } });
    return connectAccount(t, customer, 'linkedin', TENANT, { emulatorUser: id });
  }

  const publish = (account: ConnectedAccount, containers: unknown[], options?: Record<string, unknown>) =>
    publishSettled(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers,
      ...(options ? { options: { linkedin: options } } : {}),
    });

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true', LINKEDIN_POLL_MS: '1000' } });
    // The tests run the token scan themselves.
    t.app.get(SchedulerRegistry).getCronJob(TOKEN_SCAN.name).stop();
    customer = await t.createCustomer();
  });
  afterAll(async () => {
    await t?.close();
    await media?.close();
  });
  afterEach(async () => {
    await clearFaults();
  });

  it('connects the member and the organization they administer, each with the 60-day token and the refresh token', async () => {
    const member = await memberAccount();
    expect(member.networkAccountId).toMatch(/^urn:li:person:/);
    const organization = await organizationAccount();
    expect(organization.networkAccountId).toMatch(/^urn:li:organization:\d+$/);
    const stored = (await t.app.get(AccountsStore).findById(customer.id, organization.id))!;
    expect(stored.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect(t.app.get(TokenVault).open(stored.id, stored, stored.tokenExpiresAt)!.refreshToken).toEqual(
      expect.any(String),
    );
  });

  it('publishes text with reserved characters escaped (kept whole by LinkedIn), with visibility and reshare options', async () => {
    const account = await memberAccount();
    const post = await publish(account, [{ content: 'Rye (dark) #1 @ 5 [sic] {ok} <b> *x* _y_ ~z~ |w| a\\b' }], {
      visibility: 'CONNECTIONS',
      disableReshare: true,
    });
    expect(post.status).toBe('published');
    const [item] = await publishedBy(account.networkAccountId);
    expect(item!.text).toBe('Rye (dark) #1 @ 5 [sic] {ok} <b> *x* _y_ ~z~ |w| a\\b');
    expect(item!.linkedin).toMatchObject({ visibility: 'CONNECTIONS', reshareDisabled: true, truncated: false });
    expect(post.deliveries[0]!.platformPostId).toMatch(/^urn:li:share:\d+$/);
    expect(post.deliveries[0]!.permalink).toMatch(/\/emulator\/linkedin\/feed\/update\/urn:li:share:\d+/);
  });

  it('publishes an image with alt text, several images, a video once AVAILABLE, a document, an article and a poll as the organization', async () => {
    const account = await organizationAccount();
    const image = await publish(account, [
      { content: 'A loaf', media: [{ url: media.url('photo.jpg'), altText: 'A round rye loaf' }] },
    ]);
    const images = await publish(account, [
      { content: 'Two loaves', media: [{ url: media.url('a.jpg') }, { url: media.url('b.png'), altText: 'Spelt' }] },
    ]);
    const video = await publish(account, [{ content: 'Kneading', media: [{ url: media.url('clip.mp4') }] }]);
    // The video was read PROCESSING first: one more attempt, LINKEDIN_POLL_MS later.
    expect(video.deliveries[0]!.attempts).toBe(2);
    const document = await publish(account, [{ content: 'Our menu' }], {
      document: { url: media.url('menu.pdf'), title: 'Menu' },
    });
    const article = await publish(account, [{ content: 'Read this' }], {
      article: { url: 'https://example.com/rye', title: 'Why rye', description: 'A short history' },
    });
    const poll = await publish(account, [{ content: '' }], {
      poll: { question: 'Which bread?', options: ['Rye', 'Spelt'], duration: 'ONE_DAY' },
    });
    for (const post of [image, images, video, document, article, poll]) expect(post.status).toBe('published');
    const items = await publishedBy(account.networkAccountId);
    const byId = (post: PostView) => items.find((item) => item.postId === post.deliveries[0]!.platformPostId)!;
    expect(byId(image).media).toEqual([expect.objectContaining({ type: 'image', altText: 'A round rye loaf' })]);
    expect(byId(images).linkedin!.content).toBe('multiImage');
    expect(byId(images).media.map((medium) => medium.altText)).toEqual([undefined, 'Spelt']);
    expect(byId(video).media).toEqual([expect.objectContaining({ type: 'video', size: 4096 })]);
    expect(byId(document).linkedin).toMatchObject({ content: 'media', documentTitle: 'Menu' });
    expect(byId(article).linkedin!.article).toEqual({
      source: 'https://example.com/rye',
      title: 'Why rye',
      description: 'A short history',
    });
    expect(byId(poll).linkedin!.poll).toEqual({
      question: 'Which bread?',
      options: ['Rye', 'Spelt'],
      duration: 'ONE_DAY',
    });
  });

  it('after a lost answer to the creation, the next attempt finds the post: it is published once', async () => {
    const account = await organizationAccount();
    await control('POST', '/faults', {
      network: 'linkedin',
      accountId: account.networkAccountId,
      fault: 'answer_lost',
      count: 1,
    });
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'Only once' }],
    });
    const deliveryId = accepted.body.data.deliveries[0].id as string;
    // The post was made, its answer lost (a 500): the delivery waits for a retry, which must not post again.
    await awaitingRetry(t, deliveryId, 'network_unavailable');
    expect(await publishedBy(account.networkAccountId)).toHaveLength(1);
    await makeDueNow(t, deliveryId);
    const post = await settledPost(t, customer, accepted.body.data.id, 30_000);
    expect(post.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2 }));
    const items = await publishedBy(account.networkAccountId);
    expect(items.map((item) => item.postId)).toEqual([post.deliveries[0]!.platformPostId]);
  });

  it('refuses at the API what LinkedIn would refuse: a second container, 3,001 characters, a poll with media', async () => {
    const account = await memberAccount();
    const body = (containers: unknown[], options?: Record<string, unknown>) => ({
      tenant_id: TENANT,
      accounts: [account.id],
      containers,
      ...(options ? { options: { linkedin: options } } : {}),
    });
    const thread = await createPost(t, customer, body([{ content: 'One' }, { content: 'Two' }]));
    expect(thread.status).toBe(422);
    expect(thread.body.error.details).toEqual([
      { field: 'containers[1]', message: expect.stringContaining('LinkedIn has no threads') },
    ]);
    const long = await createPost(t, customer, body([{ content: 'a'.repeat(3001) }]));
    expect(long.status).toBe(422);
    const poll = await createPost(
      t,
      customer,
      body([{ content: 'x', media: [{ url: media.url('photo.jpg') }] }], {
        poll: { question: 'Q?', options: ['A', 'B'] },
      }),
    );
    expect(poll.status).toBe(422);
  });

  it('unpublishes a post: DELETE on LinkedIn', async () => {
    const account = await organizationAccount();
    const post = await publish(account, [{ content: 'Gone soon' }]);
    const answer = await request(t.server).post(`/api/v1/posts/${post.id}/unpublish`).set(auth());
    expect(answer.status).toBe(202);
    await until(
      'the post to be deleted',
      async () => ((await getPost(t, customer, post.id)).body.data as PostView).status === 'deleted',
    );
    const [item] = await publishedBy(account.networkAccountId);
    expect(item!.deletedAt).toEqual(expect.any(String));
  });

  it("reads an organization's share statistics in the service's metric names", async () => {
    const account = await organizationAccount();
    const post = await publish(account, [{ content: 'Counted' }]);
    await control('PUT', '/metrics', {
      network: 'linkedin',
      objectId: post.deliveries[0]!.platformPostId,
      metrics: { impressionCount: 321, commentCount: 4 },
    });
    const response = await request(t.server).get(`/api/v1/posts/${post.id}/metrics`).set(auth());
    expect(response.status).toBe(200);
    const [delivery] = (response.body.data as PostMetricsView).deliveries;
    const byName = Object.fromEntries(delivery!.metrics.map((metric: MetricView) => [metric.name, metric]));
    expect(Object.keys(byName).sort()).toEqual(['clicks', 'comments', 'impressions', 'likes', 'reach', 'shares']);
    expect(byName.impressions).toMatchObject({ value: 321 });
    expect(byName.comments).toMatchObject({ value: 4 });
  });

  it("says a member's post metrics need r_member_postAnalytics, which the service does not ask", async () => {
    const account = await memberAccount();
    const post = await publish(account, [{ content: 'Counted?' }]);
    const response = await request(t.server).get(`/api/v1/posts/${post.id}/metrics`).set(auth());
    expect(response.status).toBe(200);
    const [delivery] = (response.body.data as PostMetricsView).deliveries;
    for (const metric of delivery!.metrics)
      expect(metric).toMatchObject({
        value: null,
        unavailableReason: 'missing_permission',
        message: expect.stringContaining('r_member_postAnalytics'),
      });
  });

  it("reads an organization's followers, and says a member's need r_member_profileAnalytics, which the service does not ask", async () => {
    const organization = await organizationAccount();
    await control('PUT', '/metrics', {
      network: 'linkedin',
      objectId: organization.networkAccountId,
      metrics: { firstDegreeSize: 4321 },
    });
    const read = async (account: ConnectedAccount) => {
      const response = await request(t.server).get(`/api/v1/social-accounts/${account.id}/metrics`).set(auth());
      expect(response.status).toBe(200);
      return response.body.data as AccountMetricsView;
    };
    expect(await read(organization)).toMatchObject({
      refreshError: null,
      metrics: [expect.objectContaining({ name: 'followers', value: 4321 })],
    });

    const member = await memberAccount();
    expect((await read(member)).metrics).toEqual([
      expect.objectContaining({
        name: 'followers',
        value: null,
        unavailableReason: 'missing_permission',
        message: expect.stringContaining('r_member_profileAnalytics'),
      }),
    ]);
    // Nothing was asked of LinkedIn for the member.
    const reads = (await (
      await emulator(`/metrics?network=linkedin&objectId=${encodeURIComponent(member.networkAccountId)}`)
    ).json()) as { data: { reads: number } };
    expect(reads.data.reads).toBe(0);
  });

  it('lists comments newest first and answers one once', async () => {
    const account = await organizationAccount();
    const post = await publish(account, [{ content: 'Ask me anything' }]);
    const objectId = post.deliveries[0]!.platformPostId!;
    const comment = (await control('POST', '/comments', {
      network: 'linkedin',
      parentId: objectId,
      text: 'Open on Sunday?',
      author: { id: '4242', username: 'a_reader' },
    })) as PublishedItem;
    const listed = await request(t.server)
      .get(`/api/v1/posts/${post.id}/comments`)
      .query({ deliveryId: post.deliveries[0]!.id })
      .set(auth());
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: comment.postId, text: 'Open on Sunday?', own: false, replyToId: null }),
    ]);
    const answered = await request(t.server)
      .post(`/api/v1/posts/${post.id}/comments`)
      .set(auth())
      .set('Idempotency-Key', 'linkedin-answer-1')
      .send({ deliveryId: post.deliveries[0]!.id, replyToId: comment.postId, text: 'Yes (8 to 12)' });
    expect(answered.status).toBe(202);
    await until('the answer to be on LinkedIn', async () =>
      (await publishedBy(account.networkAccountId)).some((item) => item.text === 'Yes (8 to 12)'),
    );
    const answers = (await publishedBy(account.networkAccountId)).filter((item) => item.text === 'Yes (8 to 12)');
    expect(answers).toHaveLength(1);
    expect(answers[0]!.parentId).toBe(comment.postId);
  });

  it('refreshes with the refresh token in the last 7 days, and a token LinkedIn expired fails the post as on the other networks', async () => {
    const scan = t.app.get(TokenScan);
    const account = await organizationAccount();
    const vault = t.app.get(TokenVault);
    const tokensOf = async () => {
      const stored = (await t.app.get(AccountsStore).findById(customer.id, account.id))!;
      const tokens = vault.open(stored.id, stored, stored.tokenExpiresAt)!;
      return {
        status: stored.status,
        expiresAt: stored.tokenExpiresAt,
        token: tokens.accessToken,
        refresh: tokens.refreshToken,
      };
    };
    const before = await tokensOf();
    await t.db.query("UPDATE connected_accounts SET token_expires_at = now() + interval '3 days' WHERE id = $1", [
      account.id,
    ]);
    const result = await scan.scanOnce();
    expect(result.ran && result.enqueued).toContain(account.id);
    const after = await until('the token to be refreshed', async () => {
      const now = await tokensOf();
      return now.token !== before.token && now;
    });
    expect(after).toMatchObject({ status: 'active', refresh: before.refresh });
    expect(after.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);

    await control('POST', '/faults', {
      network: 'linkedin',
      accountId: account.networkAccountId,
      fault: 'token_expired',
      count: 1,
    });
    const failed = await publish(account, [{ content: 'Never on LinkedIn' }]);
    expect(failed.deliveries[0]).toEqual(
      expect.objectContaining({ status: 'failed', error: { code: 'token_expired', message: expect.any(String) } }),
    );
    const listed = await request(t.server).get(`/api/v1/social-accounts?tenantId=${TENANT}`).set(auth());
    expect(listed.body.data.find((a: { id: string }) => a.id === account.id).status).toBe('expired');
  });

  it('without a refresh token (an app LinkedIn gives none), announces the expiry instead of refreshing', async () => {
    await control('PUT', '/settings', { linkedinRefreshTokens: false });
    try {
      const account = await memberAccount();
      await t.db.query("UPDATE connected_accounts SET token_expires_at = now() + interval '2 days' WHERE id = $1", [
        account.id,
      ]);
      await t.app.get(TokenScan).scanOnce();
      const expiring = await until('account.token_expiring', async () => {
        const rows = await t.db.query<{ data: { reason?: string } }>(
          "SELECT data FROM events WHERE type = 'account.token_expiring' AND data->>'connectedAccountId' = $1",
          [account.id],
        );
        return rows[0];
      });
      expect(expiring).toBeDefined();
    } finally {
      await control('PUT', '/settings', { linkedinRefreshTokens: true });
    }
  });

  it('waits out the daily limit until midnight UTC, and a refused post (a duplicate) fails for good', async () => {
    const account = await organizationAccount();
    await control('POST', '/faults', {
      network: 'linkedin',
      accountId: account.networkAccountId,
      fault: 'rate_limited',
      count: 1,
    });
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'After the limit' }],
    });
    const deliveryId = accepted.body.data.deliveries[0].id as string;
    const waiting = await awaitingRetry(t, deliveryId, 'rate_limited');
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(waiting.due_at!.getTime()).toBeGreaterThanOrEqual(midnight.getTime() - 60_000);
    await makeDueNow(t, deliveryId);
    const settled = await settledPost(t, customer, accepted.body.data.id, 30_000);
    expect(settled.deliveries[0]).toEqual(expect.objectContaining({ status: 'published', attempts: 2 }));

    const again = await publish(account, [{ content: 'After the limit' }]);
    expect(again.deliveries[0]).toEqual(
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        error: expect.objectContaining({ code: 'network_rejected' }),
      }),
    );
  });
});
