import request from 'supertest';
import { connectAccount, createEmulatorUser } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { createPost, PostBody } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { TESTED_NETWORKS, TestedNetwork } from '../support/networks';

const TENANT = 'tenant-validation';
/**
 * Media on a public address written as a literal, so that the URL check needs no DNS. Nothing here
 * fetches it: refused posts are never published, and accepted ones are scheduled a day ahead.
 */
const CDN = 'https://1.1.1.1/media';
const NETWORKS = TESTED_NETWORKS;
type Network = TestedNetwork;
type Container = PostBody['containers'][number];

const DAY_MS = 86_400_000;
const media = (...names: string[]) => names.map((name) => ({ url: `${CDN}/${name}` }));
const numbered = (count: number, extension: string) =>
  media(...Array.from({ length: count }, (_, i) => `${i}.${extension}`));
const words = (count: number, make: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => make(i)).join(' ');
/** A container every network takes: text and one JPEG. */
const FINE: Container = { content: 'Fresh bread', media: media('bread.jpg') };
const tomorrow = () => new Date(Date.now() + DAY_MS).toISOString();
/** Tomorrow as a date and a time with no UTC offset (2026-11-23T09:15:00). */
const laterWithoutOffset = () => tomorrow().slice(0, 19);

/** The same instant a calendar year from now (UTC), moved by `shiftMs`. */
function oneYearFromNow(shiftMs = 0): Date {
  const at = new Date();
  at.setUTCFullYear(at.getUTCFullYear() + 1);
  return new Date(at.getTime() + shiftMs);
}

interface Refusal {
  /** The networks whose accounts the post goes to (the test tenant's active account of each). */
  on: readonly Network[];
  /** What replaces the valid body's fields. */
  change: Record<string, unknown>;
  status: 400 | 422;
  field: string;
  /** The rule, as the message of that field's detail names it. */
  rule: RegExp;
}

const CODE = { 400: 'validation_failed', 422: 'unprocessable_content' } as const;

function refusal(
  on: Network | readonly Network[],
  change: Record<string, unknown>,
  status: 400 | 422,
  field: string,
  rule: RegExp,
): Refusal {
  return { on: typeof on === 'string' ? [on] : on, change, status, field, rule };
}
const containers = (...parts: Container[]) => ({ containers: parts });

/** Malformed whatever the network: the request itself is wrong. */
const MALFORMED: Array<[string, Refusal]> = [
  ['no tenant_id', refusal('x', { tenant_id: undefined }, 400, 'tenant_id', /required/)],
  ['no accounts', refusal('x', { accounts: undefined }, 400, 'accounts', /required/)],
  ['an empty accounts list', refusal('x', { accounts: [] }, 400, 'accounts', /at least one account/)],
  ['a malformed account id', refusal('x', { accounts: ['nope'] }, 400, 'accounts', /acc_/)],
  ['accounts that is not an array', refusal('x', { accounts: 'acc_one' }, 400, 'accounts', /must be an array/)],
  ['an account named twice', refusal('x', { accounts: ['acc_same1', 'acc_same1'] }, 400, 'accounts', /not repeat/)],
  ['no containers', refusal('x', { containers: undefined }, 400, 'containers', /required/)],
  ['an empty containers list', refusal('x', { containers: [] }, 400, 'containers', /at least the post/)],
  [
    'containers that is not an array',
    refusal('x', { containers: 'Fresh bread' }, 400, 'containers', /must be an array/),
  ],
  [
    'content that is not a string',
    refusal('x', containers({ content: 42 } as unknown as Container), 400, 'containers[0].content', /must be a string/),
  ],
  [
    'media that is not an array',
    refusal(
      'x',
      containers({ content: 'x', media: { url: `${CDN}/a.jpg` } } as unknown as Container),
      400,
      'containers[0].media',
      /must be an array/,
    ),
  ],
  [
    'media that is not a list of objects',
    refusal(
      'x',
      containers({ content: 'x', media: ['https://1.1.1.1/a.jpg'] } as unknown as Container),
      400,
      'containers[0].media[0]',
      /object/,
    ),
  ],
  [
    'a url that is not a string',
    refusal(
      'x',
      containers({ content: 'x', media: [{ url: 42 }] } as unknown as Container),
      400,
      'containers[0].media[0].url',
      /must be a string/,
    ),
  ],
  [
    'more media than any network takes',
    refusal(
      'x',
      containers({ content: 'x', media: numbered(21, 'jpg') }),
      400,
      'containers[0].media',
      /at most 20 items/,
    ),
  ],
  [
    'a medium without a url',
    refusal(
      'x',
      containers({ content: 'x', media: [{}] } as unknown as Container),
      400,
      'containers[0].media[0].url',
      /required/,
    ),
  ],
  ['an unknown field', refusal('x', { extra: true }, 400, 'extra', /not an accepted field/)],
  [
    'an unknown field in a container',
    refusal(
      'x',
      containers({ content: 'x', caption: 'y' } as unknown as Container),
      400,
      'containers[0].caption',
      /not an accepted field/,
    ),
  ],
  [
    'scheduledAt that is not a date-time',
    refusal('x', { scheduledAt: 'tomorrow morning' }, 400, 'scheduledAt', /ISO 8601/),
  ],
  // Forms ISO 8601 admits that would schedule at another moment than meant: Date reads a time
  // without an offset in the server's local time and a date alone as UTC midnight; it cannot read week or ordinal dates.
  [
    'scheduledAt without a UTC offset',
    refusal('x', { scheduledAt: laterWithoutOffset() }, 400, 'scheduledAt', /UTC offset/),
  ],
  [
    'scheduledAt as a date alone',
    refusal('x', { scheduledAt: laterWithoutOffset().slice(0, 10) }, 400, 'scheduledAt', /UTC offset/),
  ],
  [
    'scheduledAt as a week date',
    refusal('x', { scheduledAt: `${new Date().getUTCFullYear() + 1}-W10-2T09:00Z` }, 400, 'scheduledAt', /UTC offset/),
  ],
  [
    'scheduledAt as an ordinal date',
    refusal('x', { scheduledAt: `${new Date().getUTCFullYear() + 1}-060T09:00:00Z` }, 400, 'scheduledAt', /UTC offset/),
  ],
  [
    'scheduledAt on a day the month lacks',
    refusal('x', { scheduledAt: `${new Date().getUTCFullYear() + 1}-02-30T09:00:00Z` }, 400, 'scheduledAt', /ISO 8601/),
  ],
  [
    'scheduledAt in the past',
    refusal('x', { scheduledAt: '2020-01-01T00:00:00Z' }, 400, 'scheduledAt', /in the future/),
  ],
  [
    'scheduledAt a second ago',
    refusal('x', { scheduledAt: new Date(Date.now() - 1_000).toISOString() }, 400, 'scheduledAt', /in the future/),
  ],
  [
    'scheduledAt over a year ahead',
    refusal(
      'x',
      { scheduledAt: new Date(Date.now() + 400 * DAY_MS).toISOString() },
      400,
      'scheduledAt',
      /within one year/,
    ),
  ],
  // A year from now is 365 days unless the coming year holds a 29 February: 366 days is a day too many otherwise.
  [
    'scheduledAt half a day past one calendar year',
    refusal('x', { scheduledAt: oneYearFromNow(DAY_MS / 2).toISOString() }, 400, 'scheduledAt', /within one year/),
  ],
  [
    'a relative media URL',
    refusal(
      'x',
      containers({ content: 'x', media: [{ url: 'photo.jpg' }] }),
      400,
      'containers[0].media[0].url',
      /absolute URL/,
    ),
  ],
  [
    'an ftp media URL',
    refusal(
      'x',
      containers({ content: 'x', media: [{ url: 'ftp://1.1.1.1/a.jpg' }] }),
      400,
      'containers[0].media[0].url',
      /http or https/,
    ),
  ],
  [
    'a media URL with credentials',
    refusal(
      'x',
      containers({ content: 'x', media: [{ url: 'https://me:pw@1.1.1.1/a.jpg' }] }),
      400,
      'containers[0].media[0].url',
      /credentials/,
    ),
  ],
  [
    'a media URL without an extension',
    refusal(
      'x',
      containers({ content: 'x', media: media('photo') }),
      400,
      'containers[0].media[0].url',
      /known media extension/,
    ),
  ],
  [
    'a media URL of an unknown kind',
    refusal(
      'x',
      containers({ content: 'x', media: media('notes.pdf') }),
      400,
      'containers[0].media[0].url',
      /known media extension/,
    ),
  ],
  [
    'a bad media URL in a thread part',
    refusal(
      'x',
      containers(FINE, { content: 'x', media: [{ url: 'ftp://1.1.1.1/a.jpg' }] }),
      400,
      'containers[1].media[0].url',
      /http or https/,
    ),
  ],
];

/** Loopback, private, link-local (cloud metadata), unspecified: never fetched on a customer's say-so. */
const PRIVATE_HOSTS = [
  '127.0.0.1',
  '127.1',
  '10.0.0.5',
  '172.16.4.2',
  '192.168.1.20',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  'localhost',
  'media.localhost',
  '[::1]',
  '[::ffff:10.0.0.1]',
  '[fd00::1]',
  '[fe80::1]',
];

interface Connected {
  active: string;
  expired: string;
  disconnected: string;
  /** The same network's account, connected by another customer. */
  foreign: string;
}

interface AccountProblem {
  accounts: (mine: Connected) => string[];
  tenant?: string;
  field: string;
  rule: RegExp;
}

/** Every account must exist, belong to this customer and tenant, and be active: checked for each network. */
const ACCOUNT_PROBLEMS: Array<[string, AccountProblem]> = [
  [
    'an unknown account',
    {
      accounts: () => ['acc_doesnotexist000000'],
      field: 'accounts[0]',
      rule: new RegExp(`not a connected account of tenant ${TENANT}`),
    },
  ],
  [
    'an account of another tenant',
    {
      accounts: (mine) => [mine.active],
      tenant: 'someone-else',
      field: 'accounts[0]',
      rule: /not a connected account of tenant someone-else/,
    },
  ],
  [
    'an account of another customer',
    { accounts: (mine) => [mine.foreign], field: 'accounts[0]', rule: /not a connected account/ },
  ],
  ['an expired account', { accounts: (mine) => [mine.expired], field: 'accounts[0]', rule: /account_expired/ }],
  ['a disconnected account', { accounts: (mine) => [mine.disconnected], field: 'accounts[0]', rule: /disconnected/ }],
  [
    'an expired account after an active one',
    { accounts: (mine) => [mine.active, mine.expired], field: 'accounts[1]', rule: /account_expired/ },
  ],
];

const X_RULES: Array<[string, Refusal]> = [
  [
    'x: 281 characters',
    refusal(
      'x',
      containers({ content: 'a'.repeat(281) }),
      422,
      'containers[0].content',
      /at most 280 weighted characters \(got 281/,
    ),
  ],
  [
    'x: 141 emoji, each weighing 2',
    refusal(
      'x',
      containers({ content: '🙂'.repeat(141) }),
      422,
      'containers[0].content',
      /at most 280 weighted characters \(got 282/,
    ),
  ],
  [
    'x: 141 CJK characters, each weighing 2',
    refusal(
      'x',
      containers({ content: '日'.repeat(141) }),
      422,
      'containers[0].content',
      /at most 280 weighted characters \(got 282/,
    ),
  ],
  [
    'x: a long URL weighing 23 past the limit',
    refusal(
      'x',
      containers({ content: `${'a'.repeat(257)} https://bakery.example.com/${'x'.repeat(200)}` }),
      422,
      'containers[0].content',
      /got 281/,
    ),
  ],
  [
    'x: a character X refuses',
    refusal(
      'x',
      containers({ content: 'Fresh\uFFFEbread' }),
      422,
      'containers[0].content',
      /characters X does not accept/,
    ),
  ],
  [
    'x: neither text nor media',
    refusal('x', containers({ content: '  ' }), 422, 'containers[0].content', /needs text or media/),
  ],
  [
    'x: 5 images',
    refusal(
      'x',
      containers({ content: 'x', media: numbered(5, 'png') }),
      422,
      'containers[0].media',
      /at most 4 images \(got 5\)/,
    ),
  ],
  [
    'x: 2 GIFs',
    refusal(
      'x',
      containers({ content: 'x', media: media('a.gif', 'b.gif') }),
      422,
      'containers[0].media',
      /1 GIF, or 1 video, without mixing/,
    ),
  ],
  [
    'x: 2 videos',
    refusal(
      'x',
      containers({ content: 'x', media: media('a.mp4', 'b.mov') }),
      422,
      'containers[0].media',
      /1 GIF, or 1 video, without mixing/,
    ),
  ],
  [
    'x: an image and a video',
    refusal(
      'x',
      containers({ content: 'x', media: media('a.jpg', 'b.mp4') }),
      422,
      'containers[0].media',
      /without mixing/,
    ),
  ],
  [
    'x: an image and a GIF',
    refusal(
      'x',
      containers({ content: 'x', media: media('a.jpg', 'b.gif') }),
      422,
      'containers[0].media',
      /without mixing/,
    ),
  ],
  [
    'x: an image format X does not take',
    refusal(
      'x',
      containers({ content: 'x', media: media('a.tiff') }),
      422,
      'containers[0].media[0].url',
      /JPEG, PNG or WEBP/,
    ),
  ],
  [
    'x: a video format X does not take',
    refusal('x', containers({ content: 'x', media: media('a.m4v') }), 422, 'containers[0].media[0].url', /MP4 or MOV/),
  ],
  [
    'x: a thread part over 280',
    refusal('x', containers(FINE, { content: 'b'.repeat(281) }), 422, 'containers[1].content', /at most 280 weighted/),
  ],
  [
    'x: an empty thread part',
    refusal(
      'x',
      containers(FINE, { content: 'two' }, { content: '' }),
      422,
      'containers[2].content',
      /needs text or media/,
    ),
  ],
  [
    'x: a thread part mixing media',
    refusal(
      'x',
      containers(FINE, { content: 'two', media: media('a.gif', 'b.jpg') }),
      422,
      'containers[1].media',
      /without mixing/,
    ),
  ],
  [
    'x: a thread part with 5 images',
    refusal(
      'x',
      containers(FINE, { content: 'two', media: numbered(5, 'jpg') }),
      422,
      'containers[1].media',
      /at most 4 images/,
    ),
  ],
];

const INSTAGRAM_RULES: Array<[string, Refusal]> = [
  [
    'instagram: no media',
    refusal(
      'instagram',
      containers({ content: 'Words only' }),
      422,
      'containers[0].media',
      /at least one image or video/,
    ),
  ],
  [
    'instagram: an empty media list',
    refusal(
      'instagram',
      containers({ content: 'Words only', media: [] }),
      422,
      'containers[0].media',
      /at least one image or video/,
    ),
  ],
  [
    'instagram: a carousel of 11',
    refusal(
      'instagram',
      containers({ content: 'x', media: numbered(11, 'jpg') }),
      422,
      'containers[0].media',
      /2 to 10 items \(got 11\)/,
    ),
  ],
  [
    'instagram: a caption of 2,201 characters',
    refusal(
      'instagram',
      containers({ content: 'a'.repeat(2201), media: media('a.jpg') }),
      422,
      'containers[0].content',
      /at most 2200 characters \(got 2201\)/,
    ),
  ],
  [
    'instagram: 31 hashtags',
    refusal(
      'instagram',
      containers({ content: words(31, (i) => `#bread${i}`), media: media('a.jpg') }),
      422,
      'containers[0].content',
      /at most 30 hashtags \(got 31\)/,
    ),
  ],
  [
    'instagram: 21 @mentions',
    refusal(
      'instagram',
      containers({ content: words(21, (i) => `@baker.${i}`), media: media('a.jpg') }),
      422,
      'containers[0].content',
      /at most 20 @mentions \(got 21\)/,
    ),
  ],
  [
    'instagram: a GIF',
    refusal(
      'instagram',
      containers({ content: 'x', media: media('a.gif') }),
      422,
      'containers[0].media[0].url',
      /does not take GIFs/,
    ),
  ],
  [
    'instagram: a PNG image',
    refusal(
      'instagram',
      containers({ content: 'x', media: media('a.jpg', 'b.png') }),
      422,
      'containers[0].media[1].url',
      /JPEG/,
    ),
  ],
  [
    'instagram: an M4V video',
    refusal(
      'instagram',
      containers({ content: 'x', media: media('a.m4v') }),
      422,
      'containers[0].media[0].url',
      /MP4 or MOV/,
    ),
  ],
  [
    'instagram: media in a thread part',
    refusal(
      'instagram',
      containers(FINE, { content: 'A comment', media: media('b.jpg') }),
      422,
      'containers[1].media',
      /text only/,
    ),
  ],
  [
    'instagram: an empty thread part',
    refusal('instagram', containers(FINE, { content: ' ' }), 422, 'containers[1].content', /need text/),
  ],
];

const FACEBOOK_RULES: Array<[string, Refusal]> = [
  [
    'facebook: neither text nor media',
    refusal('facebook', containers({ content: '   ' }), 422, 'containers[0].content', /needs text or media/),
  ],
  [
    'facebook: nothing at all',
    refusal('facebook', containers({}), 422, 'containers[0].content', /needs text or media/),
  ],
  [
    'facebook: a MOV video among photos',
    refusal(
      'facebook',
      containers({ content: 'x', media: media('a.jpg', 'clip.mov') }),
      422,
      'containers[0].media',
      /video is posted alone/,
    ),
  ],
  [
    'facebook: two videos',
    refusal(
      'facebook',
      containers({ content: 'x', media: media('a.mp4', 'b.mp4') }),
      422,
      'containers[0].media',
      /video is posted alone/,
    ),
  ],
  [
    'facebook: a WEBP photo',
    refusal(
      'facebook',
      containers({ content: 'x', media: media('a.webp') }),
      422,
      'containers[0].media[0].url',
      /JPEG, BMP, PNG, GIF or TIFF/,
    ),
  ],
  [
    'facebook: 11 photos',
    refusal(
      'facebook',
      containers({ content: 'x', media: numbered(11, 'jpg') }),
      422,
      'containers[0].media',
      /at most 10 photos \(got 11\)/,
    ),
  ],
  [
    'facebook: media in a thread part',
    refusal(
      'facebook',
      containers(FINE, { content: 'A comment', media: media('b.jpg') }),
      422,
      'containers[1].media',
      /text only/,
    ),
  ],
  [
    'facebook: an empty thread part',
    refusal('facebook', containers(FINE, { content: 'ok' }, {}), 422, 'containers[2].content', /need text/),
  ],
];

/** A post to several networks is refused by the one that would refuse it, and the detail says which. */
const ACROSS_NETWORKS: Array<[string, Refusal]> = [
  [
    'all three: text only, which Instagram refuses',
    refusal(
      NETWORKS,
      containers({ content: 'Words only' }),
      422,
      'containers[0].media',
      /^instagram: .*at least one image or video/,
    ),
  ],
  [
    'all three: 281 characters, which X refuses',
    refusal(
      NETWORKS,
      containers({ content: 'a'.repeat(281), media: media('a.jpg') }),
      422,
      'containers[0].content',
      /^x: .*280 weighted/,
    ),
  ],
  [
    'all three: a video beside a photo, which Facebook refuses',
    refusal(
      NETWORKS,
      containers({ content: 'x', media: media('a.jpg', 'clip.mp4') }),
      422,
      'containers[0].media',
      /^facebook: A Facebook video is posted alone/,
    ),
  ],
];

describe('Post validation: every rule refused before anything is accepted (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let stranger: TestCustomer;
  const accounts = {} as Record<Network, Connected>;

  const connect = async (owner: TestCustomer, network: Network, emulatorUser?: string) =>
    (await connectAccount(t, owner, network, TENANT, { emulatorUser })).id;

  /** What a post leaves behind anywhere: a refused one must leave none of it. */
  async function footprint(): Promise<Record<string, string>> {
    const [row] = await t.db.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM posts)::text AS posts,
              (SELECT count(*) FROM deliveries)::text AS deliveries,
              (SELECT count(*) FROM publish_lanes)::text AS lanes,
              (SELECT count(*) FROM idempotency_keys)::text AS idempotency_keys,
              (SELECT count(*) FROM events WHERE type LIKE 'post.%')::text AS post_events`,
    );
    return row!;
  }

  const listPosts = (owner: TestCustomer) =>
    request(t.server).get(`/api/v1/posts?tenantId=${TENANT}`).set('Authorization', `Bearer ${owner.apiKey}`);

  beforeAll(async () => {
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'false' } });
    customer = await t.createCustomer();
    stranger = await t.createCustomer();
    // A test user each for the account that expires and the one that is disconnected, on every network.
    for (const id of ['expiring', 'leaving']) await createEmulatorUser(t, id);
    for (const network of NETWORKS) {
      accounts[network] = {
        active: await connect(customer, network),
        expired: await connect(customer, network, 'expiring'),
        disconnected: await connect(customer, network, 'leaving'),
        foreign: await connect(stranger, network, 'bob'),
      };
      // Expired in the database directly: posts.e2e-spec drives the real path (a token refused while publishing).
      await t.db.query("UPDATE connected_accounts SET status = 'expired' WHERE id = $1", [accounts[network].expired]);
      const gone = await request(t.server)
        .delete(`/api/v1/social-accounts/${accounts[network].disconnected}`)
        .set('Authorization', `Bearer ${customer.apiKey}`);
      expect(gone.body.data).toEqual({ id: accounts[network].disconnected, status: 'disconnected' });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  function body(refused: Refusal): Record<string, unknown> {
    const base: Record<string, unknown> = {
      tenant_id: TENANT,
      accounts: refused.on.map((network) => accounts[network].active),
      containers: [FINE],
    };
    for (const [key, value] of Object.entries(refused.change)) {
      if (value === undefined) delete base[key];
      else base[key] = value;
    }
    return base;
  }

  async function expectRefused(refused: Refusal, idempotencyKey: string): Promise<void> {
    const before = await footprint();
    // With an Idempotency-Key too: a refused request must not take the key either.
    const response = await createPost(t, customer, body(refused), idempotencyKey);
    expect({ status: response.status, code: response.body.error?.code, success: response.body.success }).toEqual({
      status: refused.status,
      code: CODE[refused.status],
      success: false,
    });
    expect(response.body.error.details).toEqual(
      expect.arrayContaining([{ field: refused.field, message: expect.stringMatching(refused.rule) }]),
    );
    expect(response.body.error.message).toContain(refused.field);
    expect(await footprint()).toEqual(before);
  }

  describe('refused', () => {
    let keys = 0;
    const key = () => `validation-${++keys}`;

    it.each(MALFORMED)('400: %s', async (_, refused) => expectRefused(refused, key()));

    it.each(PRIVATE_HOSTS)(
      '400: a media URL on the private or loopback address %s (ALLOW_PRIVATE_URLS off)',
      async (host) => {
        await expectRefused(
          refusal(
            'x',
            containers({ content: 'x', media: [{ url: `http://${host}:8080/media/a.jpg` }] }),
            400,
            'containers[0].media[0].url',
            /private or loopback/,
          ),
          key(),
        );
      },
    );

    it('400: a private media URL in a thread part, named by its place', async () => {
      await expectRefused(
        refusal(
          'facebook',
          containers(FINE, { content: 'ok' }, { content: 'x', media: [{ url: 'http://192.168.0.1/a.jpg' }] }),
          400,
          'containers[2].media[0].url',
          /private or loopback/,
        ),
        key(),
      );
    });

    it.each(
      NETWORKS.flatMap((network) =>
        ACCOUNT_PROBLEMS.map(([name, problem]) => [`${network}: ${name}`, network, problem] as const),
      ),
    )('422: %s', async (_, network, problem) => {
      const change = {
        accounts: problem.accounts(accounts[network]),
        ...(problem.tenant ? { tenant_id: problem.tenant } : {}),
      };
      await expectRefused(refusal(network, change, 422, problem.field, problem.rule), key());
    });

    it.each([...X_RULES, ...INSTAGRAM_RULES, ...FACEBOOK_RULES, ...ACROSS_NETWORKS])('422: %s', async (_, refused) =>
      expectRefused(refused, key()),
    );

    it('names every field at fault in one answer, not only the first', async () => {
      const response = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [accounts.x.active],
        containers: [{ content: 'a'.repeat(281), media: numbered(5, 'jpg') }, { content: '' }],
      });
      expect(response.status).toBe(422);
      // The network's rules first, then the account's own (280 for an X account without a long-post subscription).
      expect(response.body.error.details.map((detail: { field: string }) => detail.field)).toEqual([
        'containers[0].media',
        'containers[1].content',
        'containers[0].content',
      ]);
    });

    it('after all of that, the tenant has no post', async () => {
      const listed = await listPosts(customer);
      expect(listed.status).toBe(200);
      expect(listed.body.data).toEqual([]);
      const [count] = await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM posts WHERE customer_id = $1', [
        customer.id,
      ]);
      expect(count!.n).toBe('0');
    });
  });

  describe('accepted at the limits (scheduled a day ahead, so nothing is fetched or published)', () => {
    it.each([
      ['x: 280 characters', 'x', [{ content: 'a'.repeat(280) }]],
      ['x: 140 emoji (280 weighted)', 'x', [{ content: '🙂'.repeat(140) }]],
      ['x: 4 images', 'x', [{ content: 'x', media: numbered(4, 'png') }]],
      ['x: 1 GIF', 'x', [{ content: '', media: media('a.gif') }]],
      ['x: 1 video', 'x', [{ media: media('a.mp4') }]],
      ['x: a thread', 'x', [{ content: 'one' }, { content: 'two', media: media('a.webp') }]],
      [
        'instagram: a carousel of 10 with a video',
        'instagram',
        [{ content: 'x', media: [...numbered(9, 'jpg'), ...media('a.mov')] }],
      ],
      [
        'instagram: 2,200 characters with 30 hashtags',
        'instagram',
        [{ content: `${words(30, (i) => `#bread${i}`)} `.padEnd(2200, 'a'), media: media('a.jpeg') }],
      ],
      ['instagram: a reel and a comment', 'instagram', [{ media: media('a.mp4') }, { content: 'A comment' }]],
      ['facebook: text only', 'facebook', [{ content: 'Open today' }]],
      ['facebook: photos only', 'facebook', [{ media: media('a.jpg', 'b.png', 'c.gif', 'd.bmp', 'e.tiff') }]],
      [
        'facebook: 10 photos and a comment',
        'facebook',
        [{ content: 'x', media: numbered(10, 'jpg') }, { content: 'A comment' }],
      ],
      ['facebook: a video alone, without text', 'facebook', [{ media: media('clip.mov') }]],
    ] as Array<[string, Network, Container[]]>)('%s', async (_, network, parts) => {
      const response = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [accounts[network].active],
        containers: parts,
        scheduledAt: tomorrow(),
      });
      expect({ status: response.status, error: response.body.error }).toEqual({ status: 202, error: undefined });
    });

    it('scheduledAt just inside one year', async () => {
      const response = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [accounts.x.active],
        containers: [{ content: 'Next year' }],
        scheduledAt: oneYearFromNow(-60_000).toISOString(),
      });
      expect({ status: response.status, error: response.body.error }).toEqual({ status: 202, error: undefined });
    });

    it('a refused request does not take its Idempotency-Key: the corrected body may use it', async () => {
      const refused = await createPost(
        t,
        customer,
        { tenant_id: TENANT, accounts: [accounts.instagram.active], containers: [{ content: 'Words only' }] },
        'fix-and-retry',
      );
      expect(refused.status).toBe(422);
      const corrected = await createPost(
        t,
        customer,
        { tenant_id: TENANT, accounts: [accounts.instagram.active], containers: [FINE], scheduledAt: tomorrow() },
        'fix-and-retry',
      );
      expect(corrected.status).toBe(202);
    });
  });
});

describe('Post validation with ALLOW_PRIVATE_URLS on (local use)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let account: string;

  beforeAll(async () => {
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    customer = await t.createCustomer();
    account = (await connectAccount(t, customer, 'x', TENANT)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('accepts a media URL on a loopback or private address', async () => {
    for (const url of ['http://127.0.0.1:8080/media/a.jpg', 'http://192.168.1.20/a.png', 'http://localhost/a.gif']) {
      const response = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [account],
        containers: [{ content: 'Local', media: [{ url }] }],
        scheduledAt: tomorrow(),
      });
      expect({ url, status: response.status }).toEqual({ url, status: 202 });
    }
  });

  it('still refuses what is not http(s) or carries credentials', async () => {
    for (const [url, rule] of [
      ['ftp://127.0.0.1/a.jpg', /http or https/],
      ['http://me:pw@127.0.0.1/a.jpg', /credentials/],
    ] as const) {
      const response = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [account],
        containers: [{ content: 'Local', media: [{ url }] }],
      });
      expect(response.status).toBe(400);
      expect(response.body.error.details).toEqual([
        { field: 'containers[0].media[0].url', message: expect.stringMatching(rule) },
      ]);
    }
  });
});
