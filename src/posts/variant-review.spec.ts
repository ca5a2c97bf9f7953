import { ConnectedAccount } from '../accounts/connected-account.entity';
import type { NetworkAdapter } from '../networks';
import { NetworkHttpClient } from '../networks/http/network-http.client';
import { APP } from '../networks/http/recording-http.testing';
import { XAdapter } from '../networks/x/x.adapter';
import { XSettings } from '../networks/x/x.settings';
import { INSTAGRAM_MEDIA_LIMITS } from '../networks/instagram/instagram-media-limits';
import type { NetworkMediaLimits } from '../media';
import { CreatePostBody } from './dto/create-post.body';
import { StoredContainer } from './post.entity';
import { resolveDelivery } from './post-variants';
import { reviewVariants } from './variant-review';

const x = new XAdapter(
  new XSettings('https://x.com/i/oauth2/authorize', 'https://api.x.com', APP, false),
  {} as NetworkHttpClient,
);
/** No limit on uploaded media: the tests below that are not about them. */
const NO_MEDIA_LIMITS: NetworkMediaLimits = { size: {}, video: { minMs: 0, maxMs: Infinity } };
/** A network without options, whose content rules find nothing. */
const facebook = { id: 'facebook', validate: () => [], mediaLimits: NO_MEDIA_LIMITS } as unknown as NetworkAdapter;
const adapterOf = (platform: string) => (platform === 'x' ? x : facebook);

const account = (id: string, platform: string) =>
  Object.assign(new ConnectedAccount(), { id, platform, status: 'active' });
const X1 = account('acc_x1', 'x');
const X2 = account('acc_x2', 'x');
const FB = account('acc_fb', 'facebook');

const text = (content: string): StoredContainer[] => [{ content, media: [] }];
const image: StoredContainer[] = [
  { content: 'Look', media: [{ url: 'https://cdn.example.com/a.jpg', kind: 'image' }] },
];

/** The body and its container lists as the ContainerResolver would have resolved them (media, by path). */
function review(
  body: Partial<CreatePostBody>,
  lists: Record<string, StoredContainer[]>,
  accounts: Array<ConnectedAccount | undefined> = [X1, X2, FB],
) {
  const full = {
    tenant_id: 'tenant-1',
    accounts: accounts.map((found, index) => found?.id ?? `acc_unknown${index}`),
    containers: [{ content: 'shared' }],
    ...body,
  } as CreatePostBody;
  return reviewVariants(full, new Map(Object.entries({ containers: text('shared'), ...lists })), accounts, adapterOf);
}

const fieldsAndRules = (problems: { field: string; rule: string }[] | undefined) =>
  (problems ?? []).map(({ field, rule }) => ({ field, rule }));

describe('resolveDelivery', () => {
  const post = {
    containers: text('shared'),
    variants: {
      networks: { x: { containers: text('for X'), options: { replySettings: 'following', communityId: '5' } } },
      accounts: { acc_x2: { containers: text('for the second X account'), options: { replySettings: 'verified' } } },
    },
  };

  it('takes the account override, else the network’s containers, else the post’s', () => {
    expect(resolveDelivery(post, 'acc_x2', 'x').containers).toEqual(text('for the second X account'));
    expect(resolveDelivery(post, 'acc_x1', 'x').containers).toEqual(text('for X'));
    expect(resolveDelivery(post, 'acc_fb', 'facebook').containers).toEqual(text('shared'));
  });

  it("puts the override's options over the network's, name by name", () => {
    expect(resolveDelivery(post, 'acc_x2', 'x').options).toEqual({ replySettings: 'verified', communityId: '5' });
    expect(resolveDelivery(post, 'acc_x1', 'x').options).toEqual({ replySettings: 'following', communityId: '5' });
    expect(resolveDelivery(post, 'acc_fb', 'facebook').options).toEqual({});
  });
});

describe('reviewVariants', () => {
  it('stores each network’s and account’s containers and options, without undefined values', () => {
    const reviewed = review(
      {
        options: { x: { containers: [{ content: 'for X' }], replySettings: 'following', poll: undefined } },
        accountOverrides: [{ account: 'acc_x2', containers: [{ content: 'mine' }] }],
      },
      { 'options.x.containers': text('for X'), 'accountOverrides[0].containers': text('mine') },
    );
    expect(reviewed.variants).toEqual({
      networks: { x: { containers: text('for X'), options: { replySettings: 'following' } } },
      accounts: { acc_x2: { containers: text('mine') } },
    });
    expect(reviewed.postProblems).toEqual([]);
    expect([...reviewed.networkProblems.values()].flat()).toEqual([]);
    expect(reviewed.accountProblems.size).toBe(0);
  });

  it('refuses an option for a network none of the accounts is on', () => {
    expect(
      fieldsAndRules(review({ options: { instagram: { containers: [{ content: 'hi' }] } } }, {}).postProblems),
    ).toEqual([{ field: 'options.instagram', rule: 'option_network_absent' }]);
    // An account not found is a problem of its own; its network is unknown, so nothing is said of the option.
    expect(review({ options: { instagram: {} } }, {}, [X1, undefined]).postProblems).toEqual([]);
  });

  it('refuses an override for an account not in accounts, and a second override of one account', () => {
    const reviewed = review(
      { accountOverrides: [{ account: 'acc_other' }, { account: 'acc_x1' }, { account: 'acc_x1' }] },
      {},
    );
    expect(fieldsAndRules(reviewed.postProblems)).toEqual([
      { field: 'accountOverrides[0].account', rule: 'override_account_unknown' },
      { field: 'accountOverrides[2].account', rule: 'override_account_repeated' },
    ]);
  });

  it("judges options.x with the containers X's accounts publish: a poll with the network's media", () => {
    const reviewed = review(
      { options: { x: { containers: [{ content: 'Look' }], poll: { options: ['a', 'b'], durationMinutes: 60 } } } },
      { 'options.x.containers': image },
    );
    expect(fieldsAndRules(reviewed.networkProblems.get('x'))).toEqual([
      { field: 'options.x.poll', rule: 'poll_with_media' },
    ]);
  });

  it('names a refused option and a refused reply setting by their path', () => {
    const reviewed = review(
      { options: { x: { poll: { options: ['only'], durationMinutes: 60 }, replySettings: 'nobody' } } },
      {},
    );
    expect(fieldsAndRules(reviewed.networkProblems.get('x'))).toEqual([
      { field: 'options.x.poll.options', rule: 'poll_invalid' },
      { field: 'options.x.replySettings', rule: 'reply_settings_invalid' },
    ]);
  });

  it("names an override's content problems under its containers", () => {
    const reviewed = review(
      { accountOverrides: [{ account: 'acc_x1', containers: [{ content: 'x'.repeat(25_001) }] }] },
      { 'accountOverrides[0].containers': text('x'.repeat(25_001)) },
    );
    expect(fieldsAndRules(reviewed.accountProblems.get('acc_x1'))).toEqual([
      { field: 'accountOverrides[0].containers[0].content', rule: 'text_too_long' },
    ]);
  });

  it("names a problem of the override's own options under it, and one of the network's options once, under the network", () => {
    const reviewed = review(
      {
        options: { x: { replySettings: 'nobody' } },
        accountOverrides: [{ account: 'acc_x1', options: { quotePostId: 'not-an-id' } }],
      },
      {},
    );
    expect(fieldsAndRules(reviewed.networkProblems.get('x'))).toEqual([
      { field: 'options.x.replySettings', rule: 'reply_settings_invalid' },
    ]);
    expect(fieldsAndRules(reviewed.accountProblems.get('acc_x1'))).toEqual([
      { field: 'accountOverrides[0].options.quotePostId', rule: 'option_invalid' },
    ]);
  });

  it("refuses an override's media beside the network's poll, and any option on a network that has none", () => {
    const reviewed = review(
      {
        options: { x: { poll: { options: ['a', 'b'], durationMinutes: 60 } } },
        accountOverrides: [
          { account: 'acc_x2', containers: [{ content: 'Look' }] },
          { account: 'acc_fb', options: { link: 'https://example.com' } },
        ],
      },
      { 'accountOverrides[0].containers': image },
    );
    expect(fieldsAndRules(reviewed.accountProblems.get('acc_x2'))).toEqual([
      { field: 'options.x.poll', rule: 'poll_with_media' },
    ]);
    expect(fieldsAndRules(reviewed.accountProblems.get('acc_fb'))).toEqual([
      { field: 'accountOverrides[1].options.link', rule: 'option_unknown' },
    ]);
  });
});

describe('reviewVariants: warnings and the options content rules see', () => {
  /** A network that cannot take alt text on a story, and refuses a story without a medium. */
  const storyNetwork = {
    id: 'facebook',
    validate: (parts: { media: { altText?: string }[] }[], options?: Record<string, unknown>) => [
      ...(options?.placement === 'story' && parts[0]!.media.length === 0
        ? [{ field: 'containers[0].media', rule: 'media_required', message: 'a story needs a medium' }]
        : []),
      ...parts[0]!.media.flatMap((medium, index) =>
        options?.placement === 'story' && medium.altText
          ? [{ field: `containers[0].media[${index}].altText`, rule: 'alt_text_not_sent', message: 'not sent' }]
          : [],
      ),
    ],
    postOptions: { names: ['placement'], check: () => [] },
    mediaLimits: NO_MEDIA_LIMITS,
  } as unknown as NetworkAdapter;
  const withAlt: StoredContainer[] = [
    { content: '', media: [{ url: 'https://cdn.example.com/a.jpg', kind: 'image', altText: 'A loaf' }] },
  ];
  const reviewStory = (body: Partial<CreatePostBody>, lists: Record<string, StoredContainer[]>) =>
    reviewVariants(
      { tenant_id: 't', accounts: ['acc_fb'], containers: [{ content: '' }], ...body } as CreatePostBody,
      new Map(Object.entries({ containers: withAlt, ...lists })),
      [FB],
      () => storyNetwork,
    );

  it('lists a warning rule under warnings, never as a problem of the network', () => {
    const reviewed = reviewStory({ options: { facebook: { placement: 'story' } } as CreatePostBody['options'] }, {});
    expect(reviewed.networkProblems.get('facebook')).toEqual([]);
    expect(fieldsAndRules(reviewed.warnings)).toEqual([
      { field: 'containers[0].media[0].altText', rule: 'alt_text_not_sent' },
    ]);
  });

  it("checks the containers with the network's options, and an override's with its own", () => {
    const plain = reviewStory({}, {});
    expect(plain.warnings).toEqual([]);
    const overridden = reviewStory(
      { accountOverrides: [{ account: 'acc_fb', containers: [{ content: 'mine' }], options: { placement: 'story' } }] },
      { 'accountOverrides[0].containers': text('mine') },
    );
    expect(fieldsAndRules(overridden.accountProblems.get('acc_fb'))).toEqual([
      { field: 'accountOverrides[0].containers[0].media', rule: 'media_required' },
    ]);
  });
});

describe('reviewVariants: a placement’s own media limits', () => {
  const instagram = {
    id: 'instagram',
    validate: () => [],
    postOptions: { names: [], check: () => [] },
    mediaLimits: INSTAGRAM_MEDIA_LIMITS,
  };
  const IG = account('acc_ig', 'instagram');
  const upload = (durationMs: number): StoredContainer[] => [
    {
      content: '',
      media: [{ url: 'https://api.example.com/media-files/med_1.mp4', kind: 'video', mediaId: 'med_1', durationMs }],
    },
  ];

  it('holds an uploaded video to the story’s 60 seconds when options.instagram.placement is story', () => {
    const reviewed = (options?: Record<string, unknown>) =>
      reviewVariants(
        {
          tenant_id: 't',
          accounts: [IG.id],
          containers: [{ content: '' }],
          options: options && { instagram: options },
        } as CreatePostBody,
        new Map([['containers', upload(90_000)]]),
        [IG],
        () => instagram as unknown as NetworkAdapter,
      ).networkProblems.get('instagram');
    expect(fieldsAndRules(reviewed())).toEqual([]);
    expect(fieldsAndRules(reviewed({ placement: 'story' }))).toEqual([
      { field: 'containers[0].media[0].id', rule: 'media_too_long' },
    ]);
  });
});

describe('reviewVariants: options every delivery needs (PostOptionsRules.required)', () => {
  /** A network whose posts need a `boardId` (as Pinterest's). */
  const boards = {
    id: 'pinterest',
    validate: () => [],
    mediaLimits: NO_MEDIA_LIMITS,
    postOptions: { names: ['boardId'], required: ['boardId'], check: () => [] },
  } as unknown as NetworkAdapter;
  const P1 = account('acc_p1', 'pinterest');
  const P2 = account('acc_p2', 'pinterest');
  const reviewBoards = (body: Partial<CreatePostBody>) =>
    reviewVariants(
      {
        tenant_id: 'tenant-1',
        accounts: ['acc_p1', 'acc_p2'],
        containers: [{ content: 'shared' }],
        ...body,
      } as CreatePostBody,
      new Map(Object.entries({ containers: text('shared') })),
      [P1, P2],
      () => boards,
    );

  it("names the network's option once when no account has it", () => {
    const reviewed = reviewBoards({});
    expect(fieldsAndRules(reviewed.networkProblems.get('pinterest'))).toEqual([
      { field: 'options.pinterest.boardId', rule: 'option_required' },
    ]);
    expect(reviewed.accountProblems.size).toBe(0);
  });

  it("takes each account's own in its override, and names an overridden account that has none", () => {
    const each = reviewBoards({
      accountOverrides: [
        { account: 'acc_p1', options: { boardId: '1' } },
        { account: 'acc_p2', options: { boardId: '2' } },
      ],
    } as Partial<CreatePostBody>);
    expect(each.networkProblems.get('pinterest')).toEqual([]);
    expect(each.accountProblems.size).toBe(0);
    const one = reviewBoards({
      accountOverrides: [
        { account: 'acc_p1', options: { boardId: '1' } },
        { account: 'acc_p2', containers: [{ content: 'x' }] },
      ],
    } as Partial<CreatePostBody>);
    expect(fieldsAndRules(one.accountProblems.get('acc_p2'))).toEqual([
      { field: 'accountOverrides[1].options.boardId', rule: 'option_required' },
    ]);
  });

  it("takes the network's option for every account", () => {
    const reviewed = reviewBoards({ options: { pinterest: { boardId: '1' } } } as Partial<CreatePostBody>);
    expect(reviewed.networkProblems.get('pinterest')).toEqual([]);
  });

  it('says why an option is required where the network gives a reason, else that the network needs it', () => {
    const because = {
      ...boards,
      postOptions: { ...boards.postOptions, requiredBecause: { boardId: 'a pin goes on a board' } },
    } as unknown as NetworkAdapter;
    const body = { tenant_id: 'tenant-1', accounts: ['acc_p1'], containers: [{ content: 'shared' }] } as CreatePostBody;
    const resolved = new Map(Object.entries({ containers: text('shared') }));
    const messageOf = (adapter: NetworkAdapter) =>
      reviewVariants(body, resolved, [P1], () => adapter).networkProblems.get('pinterest')?.[0]?.message;
    expect(messageOf(because)).toBe('options.pinterest.boardId is required: a pin goes on a board');
    expect(messageOf(boards)).toBe('options.pinterest.boardId is required: pinterest needs it on every post');
  });
});
