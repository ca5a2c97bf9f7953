import { SchedulerRegistry } from '@nestjs/schedule';
import request from 'supertest';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { PostView } from '../../src/posts/dto/post.view';
import { TOKEN_SCAN } from '../../src/scheduling/periodic-tasks';
import { TokenScan } from '../../src/token-lifecycle/token-scan';
import { connectAccount, ConnectedAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import { createPost, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

/**
 * X long posts (by the account's subscription, read at connect and at each token refresh) and X
 * alt text (POST /2/media/metadata), end to end: the real API, worker and database, and the
 * emulator over HTTP, whose record (control API) shows what X was sent.
 */

const TENANT = 'tenant-x-long';
const LONG = `${'Our sourdough rests for two days before it is baked. '.repeat(19)}Come and taste it.`;

describe('X long posts and alt text (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let premium: ConnectedAccount;
  let none: ConnectedAccount;
  let users = 0;

  const control = (path: string, method: 'GET' | 'POST' | 'PUT' = 'GET', body?: unknown) =>
    fetch(`${t.baseUrl}/emulator/control${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const published = async (): Promise<PublishedItem[]> =>
    ((await (await control('/published?network=x')).json()) as { data: PublishedItem[] }).data;
  const tweet = async (postId: string) => (await published()).find((item) => item.postId === postId);
  const publish = async (body: Record<string, unknown>) => {
    const accepted = await createPost(t, customer, { tenant_id: TENANT, ...body });
    expect(accepted.status).toBe(202);
    const post = await settledPost(t, customer, (accepted.body.data as PostView).id);
    expect(post.status).toBe('published');
    return post;
  };
  const validate = (body: Record<string, unknown>) =>
    request(t.server)
      .post('/api/v1/posts/validate')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({ tenant_id: TENANT, ...body });

  /** An emulator test user of its own with an X profile on this subscription, connected for the tenant. */
  async function connectSubscriber(subscriptionType: string): Promise<ConnectedAccount & { emulatorUser: string }> {
    const id = `x-long-${++users}`;
    const made = await control('/users', 'POST', {
      id,
      name: id,
      x: { username: id.replace(/-/g, '_'), subscriptionType },
    });
    if (made.status !== 201) throw new Error(`The emulator refused the test user: ${await made.text()}`);
    return { ...(await connectAccount(t, customer, 'x', TENANT, { emulatorUser: id })), emulatorUser: id };
  }
  const traitsOf = async (accountId: string) =>
    (
      await t.db.query<{ network_traits: Record<string, unknown> }>(
        'SELECT network_traits FROM connected_accounts WHERE id = $1',
        [accountId],
      )
    )[0]!.network_traits;

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    // The refresh test runs the token scan itself.
    t.app.get(SchedulerRegistry).getCronJob(TOKEN_SCAN.name).stop();
    customer = await t.createCustomer();
    premium = await connectSubscriber('Premium');
    none = await connectSubscriber('None');
  });
  afterAll(async () => {
    await t?.close();
    await media?.close();
  });

  it('reads the subscription at connect and stores it on the account', async () => {
    expect(await traitsOf(premium.id)).toEqual({ subscriptionType: 'Premium' });
    expect(await traitsOf(none.id)).toEqual({ subscriptionType: 'None' });
  });

  it('publishes a long post for a Premium account, recorded on X with its whole text', async () => {
    expect(LONG.length).toBeGreaterThan(1000);
    const post = await publish({ accounts: [premium.id], containers: [{ content: LONG }] });
    expect((await tweet(post.deliveries[0]!.platformPostId!))?.text).toBe(LONG);
  });

  it('refuses the same post for an account without a long-post subscription: a 422 at containers[0].content naming the account, from validate and from POST /posts, nothing published', async () => {
    const body = { accounts: [premium.id, none.id], containers: [{ content: LONG }] };
    const before = (await published()).length;
    const verdict = await validate(body);
    expect(verdict.status).toBe(200);
    const data = verdict.body.data as {
      valid: boolean;
      accounts: { accountId: string; valid: boolean; problems: { field: string; rule: string; message: string }[] }[];
    };
    expect(data.valid).toBe(false);
    expect(data.accounts.find((account) => account.accountId === premium.id)).toMatchObject({
      valid: true,
      problems: [],
    });
    const refusal = data.accounts.find((account) => account.accountId === none.id)!;
    expect(refusal.problems).toEqual([
      {
        field: 'containers[0].content',
        rule: 'text_too_long',
        message: expect.stringMatching(
          new RegExp(`^${none.id} \\(@${none.username}\\): .*\\(None\\).* at most 280 weighted`),
        ),
      },
    ]);

    const refused = await createPost(t, customer, { tenant_id: TENANT, ...body });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('unprocessable_content');
    expect(refused.body.error.details).toEqual([
      { field: 'containers[0].content', message: expect.stringContaining(`x: ${none.id} (@${none.username})`) },
    ]);
    expect(refused.body.error.details[0].message).toContain('at most 280 weighted characters');
    expect((await published()).length).toBe(before);
  });

  it('picks up a subscription that changed at the next token refresh', async () => {
    const upgraded = await connectSubscriber('None');
    const body = { accounts: [upgraded.id], containers: [{ content: LONG }] };
    expect((await validate(body)).body.data.valid).toBe(false);

    const changed = await control('/x/subscription', 'PUT', {
      userId: upgraded.emulatorUser,
      subscriptionType: 'PremiumPlus',
    });
    expect(changed.status).toBe(200);
    // Nothing changes on our side until the account is read again: at its next refresh.
    expect((await validate(body)).body.data.valid).toBe(false);
    await t.db.query("UPDATE connected_accounts SET token_expires_at = now() + interval '10 minutes' WHERE id = $1", [
      upgraded.id,
    ]);
    const scanned = await t.app.get(TokenScan).scanOnce();
    expect(scanned.ran && scanned.enqueued).toContain(upgraded.id);
    await until(
      'the refresh to store the new subscription',
      async () => (await traitsOf(upgraded.id))['subscriptionType'] === 'PremiumPlus',
      30_000,
      100,
    );
    expect((await validate(body)).body.data.valid).toBe(true);
    const post = await publish(body);
    expect((await tweet(post.deliveries[0]!.platformPostId!))?.text).toBe(LONG);
  });

  it("sends an image's alt text to X, recorded with the medium on the emulator", async () => {
    const post = await publish({
      accounts: [none.id],
      containers: [
        { content: 'Fresh loaves', media: [{ url: media.url('loaf.jpg'), altText: 'Three loaves on a rack' }] },
      ],
    });
    const item = await tweet(post.deliveries[0]!.platformPostId!);
    expect(item?.media).toEqual([expect.objectContaining({ type: 'image', altText: 'Three loaves on a rack' })]);
  });

  it('refuses alt text longer than 1,000 characters: a 400 naming the path', async () => {
    const refused = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [none.id],
      containers: [{ content: 'Loaves', media: [{ url: media.url('loaf.jpg'), altText: 'a'.repeat(1001) }] }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ field: 'containers[0].media[0].altText' })]);
  });
});
