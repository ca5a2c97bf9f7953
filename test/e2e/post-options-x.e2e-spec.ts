import request from 'supertest';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { PostView } from '../../src/posts/dto/post.view';
import { connectAccount, ConnectedAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import { createPost, getPost, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';

/**
 * Issue 25's X options and per-account content, end to end: the real API, worker and database,
 * and the emulator over HTTP, whose record (control API) shows what X was sent.
 */

const TENANT = 'tenant-x-options';

describe('Options per network and content per account: X (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let x1: ConnectedAccount;
  let x2: ConnectedAccount;
  let facebook: ConnectedAccount;

  const published = async (network: string): Promise<PublishedItem[]> =>
    (
      (await (await fetch(`${t.baseUrl}/emulator/control/published?network=${network}`)).json()) as {
        data: PublishedItem[];
      }
    ).data;
  const tweet = async (postId: string) => (await published('x')).find((item) => item.postId === postId);
  const publish = async (body: Record<string, unknown>, idempotencyKey?: string) => {
    const accepted = await createPost(t, customer, { tenant_id: TENANT, ...body }, idempotencyKey);
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

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    customer = await t.createCustomer();
    x1 = await connectAccount(t, customer, 'x', TENANT, { freshUser: true });
    x2 = await connectAccount(t, customer, 'x', TENANT, { freshUser: true });
    facebook = await connectAccount(t, customer, 'facebook', TENANT, { freshUser: true });
  });
  afterAll(async () => {
    await t?.close();
    await media?.close();
  });

  it('publishes a poll, as X takes it, and shows it on the delivery', async () => {
    const poll = { options: ['Rye', 'Spelt', 'Both'], durationMinutes: 1440 };
    const post = await publish({
      accounts: [x1.id],
      containers: [{ content: 'Which loaf next?' }],
      options: { x: { poll } },
    });
    expect(post.deliveries[0]!.options).toEqual({ poll });
    expect(await tweet(post.deliveries[0]!.platformPostId!)).toMatchObject({
      text: 'Which loaf next?',
      poll: { options: ['Rye', 'Spelt', 'Both'], durationMinutes: 1440 },
    });
  });

  it('publishes a reply-restricted post; everyone sends no reply_settings', async () => {
    const restricted = await publish({
      accounts: [x1.id],
      containers: [{ content: 'Only people we follow may answer' }],
      options: { x: { replySettings: 'following' } },
    });
    expect((await tweet(restricted.deliveries[0]!.platformPostId!))?.replySettings).toBe('following');
    const open = await publish({
      accounts: [x1.id],
      containers: [{ content: 'Everyone may answer' }],
      options: { x: { replySettings: 'everyone' } },
    });
    const item = await tweet(open.deliveries[0]!.platformPostId!);
    expect(item?.text).toBe('Everyone may answer');
    expect(item?.replySettings).toBeUndefined();
  });

  it('publishes a quote of a post', async () => {
    const original = await publish({ accounts: [x2.id], containers: [{ content: 'Fresh out of the oven' }] });
    const quotedId = original.deliveries[0]!.platformPostId!;
    const quote = await publish({
      accounts: [x1.id],
      containers: [{ content: 'Look at this' }],
      options: { x: { quotePostId: quotedId } },
    });
    expect(await tweet(quote.deliveries[0]!.platformPostId!)).toMatchObject({
      text: 'Look at this',
      quoteOf: quotedId,
    });
  });

  it("gives X's accounts the network's containers and one account its own, each receiving its own text", async () => {
    const body = {
      accounts: [facebook.id, x1.id, x2.id],
      containers: [{ content: 'The long version, for Facebook: our sourdough takes two days.' }],
      options: { x: { containers: [{ content: 'Sourdough, two days in the making.' }], replySettings: 'following' } },
      accountOverrides: [
        {
          account: x2.id,
          containers: [{ content: 'At our second shop too!' }],
          options: { replySettings: 'verified' },
        },
      ],
    };
    const post = await publish(body, 'x-options-override-1');
    const delivery = (account: ConnectedAccount) => post.deliveries.find((item) => item.accountId === account.id)!;
    expect((await published('facebook')).find((item) => item.postId === delivery(facebook).platformPostId)?.text).toBe(
      'The long version, for Facebook: our sourdough takes two days.',
    );
    expect(await tweet(delivery(x1).platformPostId!)).toMatchObject({
      text: 'Sourdough, two days in the making.',
      replySettings: 'following',
    });
    expect(await tweet(delivery(x2).platformPostId!)).toMatchObject({
      text: 'At our second shop too!',
      replySettings: 'verified',
    });
    expect(delivery(facebook).options).toEqual({});
    expect(delivery(x1).options).toEqual({ replySettings: 'following' });
    expect(delivery(x2).options).toEqual({ replySettings: 'verified' });
    // The idempotent replay answers the same post, options shown.
    const replay = await createPost(t, customer, { tenant_id: TENANT, ...body }, 'x-options-override-1');
    expect((replay.body.data as PostView).id).toBe(post.id);
    expect((replay.body.data as PostView).deliveries.map((item) => item.options)).toEqual(
      post.deliveries.map(() => expect.any(Object)),
    );
    expect((await getPost(t, customer, post.id)).body.data.deliveries).toHaveLength(3);
    // The same key with other options is another request: refused, nothing published again.
    const other = await createPost(
      t,
      customer,
      { tenant_id: TENANT, ...body, options: { x: { ...body.options.x, replySettings: 'verified' } } },
      'x-options-override-1',
    );
    expect(other.status).toBe(409);
  });

  describe('refusals: a 422 naming the exact path, from validate and from POST /posts, nothing published', () => {
    const photo = () => [{ content: 'Look', media: [{ url: media.url('photo.jpg') }] }];
    const cases: Array<[string, () => Record<string, unknown>, string]> = [
      [
        'a poll with media',
        () => ({
          accounts: [x1.id],
          containers: photo(),
          options: { x: { poll: { options: ['a', 'b'], durationMinutes: 60 } } },
        }),
        'options.x.poll',
      ],
      [
        'a poll with one choice',
        () => ({
          accounts: [x1.id],
          containers: [{ content: 'Q' }],
          options: { x: { poll: { options: ['a'], durationMinutes: 60 } } },
        }),
        'options.x.poll.options',
      ],
      [
        'a poll of 4 minutes',
        () => ({
          accounts: [x1.id],
          containers: [{ content: 'Q' }],
          options: { x: { poll: { options: ['a', 'b'], durationMinutes: 4 } } },
        }),
        'options.x.poll.durationMinutes',
      ],
      [
        'a quote with a poll',
        () => ({
          accounts: [x1.id],
          containers: [{ content: 'Q' }],
          options: { x: { poll: { options: ['a', 'b'], durationMinutes: 60 }, quotePostId: '20' } },
        }),
        'options.x.quotePostId',
      ],
      [
        'a quote with media',
        () => ({ accounts: [x1.id], containers: photo(), options: { x: { quotePostId: '20' } } }),
        'options.x.quotePostId',
      ],
      [
        'a poll choice of 26 characters',
        () => ({
          accounts: [x1.id],
          containers: [{ content: 'Q' }],
          options: { x: { poll: { options: ['short', 'x'.repeat(26)], durationMinutes: 60 } } },
        }),
        'options.x.poll.options[1]',
      ],
      [
        'a reply setting X does not know',
        () => ({ accounts: [x1.id], containers: [{ content: 'Q' }], options: { x: { replySettings: 'friends' } } }),
        'options.x.replySettings',
      ],
      [
        'an option for a network none of the accounts is on',
        () => ({
          accounts: [x1.id],
          containers: [{ content: 'Q' }],
          options: { instagram: { containers: [{ content: 'IG' }] } },
        }),
        'options.instagram',
      ],
      [
        'an override for an account not in accounts',
        () => ({
          accounts: [x1.id],
          containers: [{ content: 'Q' }],
          accountOverrides: [{ account: x2.id, containers: [{ content: 'Hi' }] }],
        }),
        'accountOverrides[0].account',
      ],
      [
        "an override's text too long for X",
        () => ({
          accounts: [facebook.id, x1.id],
          containers: [{ content: 'Fine' }],
          accountOverrides: [{ account: x1.id, containers: [{ content: 'x'.repeat(281) }] }],
        }),
        'accountOverrides[0].containers[0].content',
      ],
      [
        "an override's option its network does not have",
        () => ({
          accounts: [x1.id],
          containers: [{ content: 'Q' }],
          accountOverrides: [{ account: x1.id, options: { placement: 'story' } }],
        }),
        'accountOverrides[0].options.placement',
      ],
    ];

    it.each(cases)('%s', async (_name, body, field) => {
      const before = (await published('x')).length;
      const verdict = await validate(body());
      expect(verdict.status).toBe(200);
      const data = verdict.body.data as {
        valid: boolean;
        problems: { field: string }[];
        accounts: { problems: { field: string }[] }[];
      };
      expect(data.valid).toBe(false);
      expect(
        [...data.problems, ...data.accounts.flatMap((account) => account.problems)].map((problem) => problem.field),
      ).toEqual([field]);
      const refused = await createPost(t, customer, { tenant_id: TENANT, ...body() });
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('unprocessable_content');
      expect(refused.body.error.details.map((detail: { field: string }) => detail.field)).toEqual([field]);
      expect((await published('x')).length).toBe(before);
    });
  });
});
