import { answer, APP, CALLBACK, RecordingHttp } from '../http/recording-http.testing';
import { NetworkError } from '../network-error';
import { ThreadsAdapter } from './threads.adapter';
import {
  adapterWith,
  contractViolations,
  idAnswer,
  settings,
  statusAnswer,
  TH_GRAPH,
  TH_HOST,
  TH_TOKEN,
  TH_USER,
} from './threads.fixtures';

const call = { networkAccountId: TH_USER, username: 'bakery', tokens: { accessToken: TH_TOKEN }, app: APP };

describe('ThreadsAdapter connect, refresh, unpublish, metrics and comments', () => {
  it('sends the user to the authorize window with every parameter but state required, scopes comma-separated', () => {
    const { adapter } = adapterWith();
    const url = new URL(adapter.authorizeUrl({ state: 'st', codeChallenge: 'x', callbackUrl: CALLBACK, app: APP }));
    expect(`${url.origin}${url.pathname}`).toBe('https://threads.net/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: APP.clientId,
      redirect_uri: CALLBACK,
      scope:
        'threads_basic,threads_content_publish,threads_read_replies,threads_manage_replies,threads_manage_insights,threads_delete',
      response_type: 'code',
      state: 'st',
    });
  });

  it('exchanges the code for a short-lived token, makes it long-lived, and lists the one profile', async () => {
    const { adapter, http } = adapterWith(
      answer(200, { access_token: 'short', user_id: TH_USER }),
      answer(200, { access_token: 'long', token_type: 'bearer', expires_in: 5184000 }),
      answer(200, {
        id: TH_USER,
        username: 'bakery',
        name: 'The Bakery',
        threads_profile_picture_url: 'https://cdn/p.jpg',
      }),
    );
    const grant = await adapter.exchangeCode({ code: 'AQcode', codeVerifier: 'v', callbackUrl: CALLBACK, app: APP });
    expect(grant).toMatchObject({
      accessToken: 'long',
      userId: TH_USER,
      scopes: expect.arrayContaining(['threads_basic']),
    });
    expect(grant.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    const [account] = await adapter.listSelectable(grant, APP);
    expect(account).toMatchObject({
      id: TH_USER,
      username: 'bakery',
      name: 'The Bakery',
      type: 'profile',
      tokens: { accessToken: 'long' },
    });
    expect(http.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${TH_HOST}/oauth/access_token`,
      `GET ${TH_HOST}/access_token`,
      `GET ${TH_GRAPH}/me`,
    ]);
    expect(http.requests[1]!.query).toEqual({
      grant_type: 'th_exchange_token',
      client_secret: APP.clientSecret,
      access_token: 'short',
    });
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('refreshes with th_refresh_token, and keeps the token Threads finds too young to refresh', async () => {
    const { adapter, http } = adapterWith(
      answer(200, { access_token: 'newer', token_type: 'bearer', expires_in: 5184000 }),
      answer(400, { error: { message: '(#100) too young', type: 'OAuthException', code: 100, fbtrace_id: 'x' } }),
    );
    expect(await adapter.refresh({ accessToken: TH_TOKEN }, APP)).toMatchObject({ accessToken: 'newer' });
    expect(await adapter.refresh({ accessToken: TH_TOKEN }, APP)).toBeUndefined();
    expect(http.requests[0]).toMatchObject({
      method: 'GET',
      url: `${TH_HOST}/refresh_access_token`,
      query: { grant_type: 'th_refresh_token' },
    });
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('classifies an expired token and a rate limit as the other Graph networks do', async () => {
    const { adapter } = adapterWith(
      answer(400, {
        error: {
          message: 'Error validating access token',
          type: 'OAuthException',
          code: 190,
          error_subcode: 463,
          fbtrace_id: 'x',
        },
      }),
      answer(400, {
        error: { message: '(#17) User request limit reached', type: 'OAuthException', code: 17, fbtrace_id: 'x' },
      }),
    );
    await expect(adapter.accountMetrics(call)).rejects.toMatchObject({ kind: 'auth_expired' });
    await expect(adapter.accountMetrics(call)).rejects.toMatchObject({
      kind: 'rate_limited',
      details: { retryAt: expect.any(Date) },
    });
  });

  it('unpublishes the replies of a thread first, then the post; one already gone counts as deleted', async () => {
    const gone = answer(400, {
      error: {
        message: 'Unsupported delete request',
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
        fbtrace_id: 'x',
      },
    });
    const { adapter, http } = adapterWith(answer(200, { success: true, deleted_id: 'm2' }), gone);
    await adapter.unpublish({
      ...call,
      platformPostId: 'm1',
      progress: {
        parts: [
          { childIds: [], mediaId: 'm1' },
          { childIds: [], mediaId: 'm2' },
        ],
      },
    });
    expect(http.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `DELETE ${TH_GRAPH}/m2`,
      `DELETE ${TH_GRAPH}/m1`,
    ]);
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it("maps a post's insights to the service's metric names, and the profile's followers", async () => {
    const metric = (name: string, value: number) => ({
      name,
      period: 'lifetime',
      values: [{ value }],
      title: name,
      description: '',
      id: `m1/insights/${name}/lifetime`,
    });
    const { adapter, http } = adapterWith(
      answer(200, {
        data: [
          metric('views', 120),
          metric('likes', 9),
          metric('replies', 3),
          metric('reposts', 2),
          metric('quotes', 1),
          metric('shares', 4),
        ],
      }),
      answer(200, { data: [{ name: 'followers_count', period: 'day', total_value: { value: 77 }, id: 'x' }] }),
    );
    const reading = await adapter.postMetrics({
      ...call,
      platformPostId: 'm1',
      permissions: ['threads_basic', 'threads_manage_insights'],
    });
    expect(reading).toEqual({
      views: { value: 120 },
      likes: { value: 9 },
      comments: { value: 3 },
      reposts: { value: 2 },
      quotes: { value: 1 },
      shares: { value: 4 },
    });
    expect(await adapter.accountMetrics(call)).toEqual({ followers: { value: 77 } });
    expect(http.requests[0]!.query).toMatchObject({ metric: 'views,likes,replies,reposts,quotes,shares' });
    expect(contractViolations(http.requests)).toEqual([]);
    const without = await new ThreadsAdapter(settings, new RecordingHttp()).postMetrics({
      ...call,
      platformPostId: 'm1',
      permissions: ['threads_basic'],
    });
    expect(without.views).toMatchObject({ unavailable: 'missing_permission' });
  });

  it('lists the conversation newest first with its cursor, and answers once under retries', async () => {
    const reply = (id: string, text: string, parent: string, mine = false) => ({
      id,
      text,
      timestamp: '2026-11-26T10:00:00+0000',
      username: mine ? 'bakery' : 'ann',
      replied_to: { id: parent },
      is_reply_owned_by_me: mine,
    });
    const { adapter, http } = adapterWith(
      answer(200, {
        data: [reply('r2', 'Yes!', 'r1', true), reply('r1', 'Open today?', 'm1')],
        paging: { cursors: { before: 'b', after: 'a' } },
      }),
      // Resuming: the answer was made by the attempt cut off, so it is adopted.
      answer(200, { data: [reply('r3', 'See you', 'r1', true)] }),
      // Not resuming: a reply container, read FINISHED, published.
      idAnswer('c9'),
      statusAnswer('c9', 'FINISHED'),
      idAnswer('r4'),
    );
    const page = await adapter.comments.listComments({ ...call, objectId: 'm1' }, { limit: 2, cursor: undefined });
    expect(page).toEqual({
      comments: [
        {
          id: 'r2',
          text: 'Yes!',
          authorId: null,
          authorName: 'bakery',
          createdAt: '2026-11-26T10:00:00.000Z',
          replyToId: 'r1',
          own: true,
        },
        {
          id: 'r1',
          text: 'Open today?',
          authorId: null,
          authorName: 'ann',
          createdAt: '2026-11-26T10:00:00.000Z',
          replyToId: null,
          own: false,
        },
      ],
      next: 'a',
    });
    const answerTo = { ...call, objectId: 'm1', replyToId: 'r1' };
    expect(await adapter.comments.answer({ ...answerTo, text: 'See you', resuming: true })).toBe('r3');
    expect(await adapter.comments.answer({ ...answerTo, text: 'Tomorrow', resuming: false })).toBe('r4');
    expect(http.requests[2]).toEqual({
      method: 'POST',
      url: `${TH_GRAPH}/${TH_USER}/threads`,
      form: { media_type: 'TEXT', text: 'Tomorrow', reply_to_id: 'r1', access_token: TH_TOKEN },
    });
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('revokes nothing at Threads (no endpoint): the tokens are forgotten', async () => {
    const { adapter, http } = adapterWith();
    await adapter.revoke();
    expect(http.requests).toEqual([]);
    expect(adapter.revokeScope).toBe('account');
  });

  it('holds posts to the content rules: 500 characters (an emoji as its bytes), 5 links, 20 media, JPEG/PNG/MOV/MP4', () => {
    const { adapter } = adapterWith();
    const rules = (text: string, media: { kind: 'image' | 'video' | 'gif'; url: string }[] = []) =>
      adapter.validate([{ text, media }]).map((problem) => problem.rule);
    expect(rules('a'.repeat(500))).toEqual([]);
    expect(rules('a'.repeat(497) + '👍')).toEqual(['text_too_long']);
    expect(rules(Array.from({ length: 6 }, (_, i) => `https://e.com/${i}`).join(' '))).toEqual(['links_too_many']);
    expect(adapter.validate([{ text: 'x', media: [] }], { linkAttachment: 'https://a.com' })).toEqual([]);
    // Options are checked on their own: a link that is not a string counts as no link here, never a crash.
    expect(adapter.validate([{ text: 'x', media: [] }], { linkAttachment: 12 })).toEqual([]);
    const images = Array.from({ length: 21 }, (_, i) => ({ kind: 'image' as const, url: `https://c/${i}.jpg` }));
    expect(rules('', images)).toEqual(['media_too_many']);
    expect(rules('', [{ kind: 'image', url: 'https://c/a.webp' }])).toEqual(['media_format']);
    expect(rules('', [{ kind: 'gif', url: 'https://c/a.gif' }])).toEqual(['media_format']);
    expect(rules('')).toEqual(['content_required']);
  });

  it('checks options.threads: reply control, topic tag, ids, link, poll, and what they take together', () => {
    const { adapter } = adapterWith();
    const check = (options: Record<string, unknown>, media = false) =>
      adapter.postOptions
        .check(options, 'options.threads', [
          { text: 'x', media: media ? [{ kind: 'image', url: 'https://c/a.jpg' }] : [] },
        ])
        .map((p) => `${p.field} ${p.rule}`);
    expect(
      check({
        replyControl: 'followers_only',
        topicTag: 'Baking',
        quotePostId: '123',
        linkAttachment: 'https://a.com',
      }),
    ).toEqual([]);
    expect(check({ replyControl: 'nobody' })).toEqual(['options.threads.replyControl reply_settings_invalid']);
    expect(check({ topicTag: 'a.b' })).toEqual(['options.threads.topicTag option_invalid']);
    expect(check({ poll: { options: ['a'] } })).toEqual(['options.threads.poll.options poll_invalid']);
    expect(check({ poll: { options: ['a', 'b'] } }, true)).toEqual(['options.threads.poll poll_with_media']);
    expect(check({ poll: { options: ['a', 'b'] }, linkAttachment: 'https://a.com' })).toEqual([
      'options.threads.linkAttachment options_exclusive',
    ]);
    expect(check({ caption: 'x' })).toEqual(['options.threads.caption option_unknown']);
  });

  it('is a NetworkError for an answer it cannot read', async () => {
    const { adapter } = adapterWith(answer(200, { nothing: true }));
    await expect(adapter.refresh({ accessToken: TH_TOKEN }, APP)).rejects.toBeInstanceOf(NetworkError);
  });
});
