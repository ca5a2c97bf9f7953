import { answer, APP, CALLBACK } from '../http/recording-http.testing';
import { part } from '../graph/publish-request.testing';
import { NetworkError } from '../network-error';
import { YOUTUBE_POST_OPTIONS } from './youtube-post-options';
import { adapterWith, contractViolations, YT_API, YT_CHANNEL, YT_OAUTH, YT_TOKEN } from './youtube.fixtures';

const MP4 = 'https://cdn.example.com/clip.mp4';
const OPTIONS = { title: 'Rye', madeForKids: false };
const check = (options: Record<string, unknown>) =>
  YOUTUBE_POST_OPTIONS.check(options, 'options.youtube', [part('x', ['video', MP4])]).map((problem) => problem.field);

describe('YouTubeAdapter', () => {
  it("asks Google's consent for offline access, again with prompt=consent, the three scopes and PKCE", () => {
    const { adapter } = adapterWith();
    const url = new URL(
      adapter.authorizeUrl({ state: 's1', codeChallenge: 'c'.repeat(43), callbackUrl: CALLBACK, app: APP }),
    );
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: APP.clientId,
      redirect_uri: CALLBACK,
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
      scope:
        'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly https://www.googleapis.com/auth/youtube.force-ssl',
    });
  });

  it('exchanges the code with the verifier, and offers the channel channels.list mine=true names', async () => {
    const { adapter, http } = adapterWith(
      answer(200, {
        access_token: YT_TOKEN,
        expires_in: 3599,
        refresh_token: '1//r',
        scope: 'https://www.googleapis.com/auth/youtube.upload',
        token_type: 'Bearer',
      }),
      answer(200, {
        items: [
          {
            id: YT_CHANNEL,
            snippet: { title: 'Bakery', customUrl: '@bakery', thumbnails: { default: { url: 'https://yt3/p.jpg' } } },
          },
        ],
      }),
    );
    const grant = await adapter.exchangeCode({
      code: '4/0A',
      codeVerifier: 'v'.repeat(43),
      callbackUrl: CALLBACK,
      app: APP,
    });
    expect(grant).toMatchObject({
      accessToken: YT_TOKEN,
      refreshToken: '1//r',
      scopes: ['https://www.googleapis.com/auth/youtube.upload'],
    });
    expect(http.requests[0]).toMatchObject({
      url: `${YT_OAUTH}/token`,
      form: expect.objectContaining({ grant_type: 'authorization_code', code_verifier: 'v'.repeat(43) }),
    });
    const [channel] = await adapter.listSelectable(grant, APP);
    expect(channel).toMatchObject({
      id: YT_CHANNEL,
      name: 'Bakery',
      username: '@bakery',
      pictureUrl: 'https://yt3/p.jpg',
      type: 'channel',
    });
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('refreshes keeping the stored refresh token (Google answers none), and reads invalid_grant as an expired login', async () => {
    const { adapter } = adapterWith(
      answer(200, { access_token: 'ya29.new', expires_in: 3599, token_type: 'Bearer' }),
      answer(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }),
    );
    await expect(adapter.refresh({ accessToken: YT_TOKEN, refreshToken: '1//r' }, APP)).resolves.toMatchObject({
      accessToken: 'ya29.new',
      refreshToken: '1//r',
    });
    const error = await adapter
      .refresh({ accessToken: YT_TOKEN, refreshToken: '1//r' }, APP)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'auth_expired' });
    await expect(adapter.refresh({ accessToken: YT_TOKEN }, APP)).resolves.toBeUndefined();
  });

  it('revokes the grant with its refresh token', async () => {
    const { adapter, http } = adapterWith(answer(200, {}));
    await adapter.revoke({ accessToken: YT_TOKEN, refreshToken: '1//r' }, APP);
    expect(http.requests[0]).toMatchObject({ method: 'POST', url: `${YT_OAUTH}/revoke`, form: { token: '1//r' } });
  });

  it('takes one video with a description of 5,000 UTF-8 bytes, and names the options every post requires', () => {
    const { adapter } = adapterWith();
    expect(adapter.validate([part('é'.repeat(2500), ['video', MP4])])).toEqual([]);
    const rules = (parts: Parameters<typeof adapter.validate>[0]) =>
      adapter.validate(parts).map((problem) => `${problem.field} ${problem.rule}`);
    expect(rules([part('é'.repeat(2501), ['video', MP4])])).toEqual(['containers[0].content text_too_long']);
    expect(rules([part('a <b>', ['video', MP4])])).toEqual(['containers[0].content text_invalid_characters']);
    expect(rules([part('text only')])).toEqual(['containers[0].media media_required']);
    expect(rules([part('x', ['image', 'https://cdn.example.com/a.jpg'])])).toEqual(['containers[0].media media_kind']);
    expect(rules([part('x', ['video', MP4]), part('two')])).toEqual(['containers[1] thread_not_allowed']);
    // The required options are refused per account as resolved (PostOptionsRules.required), not by validate.
    expect(adapter.postOptions?.required).toEqual(['title', 'madeForKids']);
  });

  it("checks options.youtube against YouTube's limits", () => {
    expect(check(OPTIONS)).toEqual([]);
    expect(check({ ...OPTIONS, title: 'x'.repeat(101) })).toEqual(['options.youtube.title']);
    expect(check({ ...OPTIONS, title: 'a <b>' })).toEqual(['options.youtube.title']);
    expect(check({ ...OPTIONS, madeForKids: 'no' })).toEqual(['options.youtube.madeForKids']);
    expect(check({ ...OPTIONS, privacyStatus: 'friends' })).toEqual(['options.youtube.privacyStatus']);
    // 250 + 1 comma + 249 = 500: at the limit; one more character is past it.
    expect(check({ ...OPTIONS, tags: ['a'.repeat(250), 'b'.repeat(249)] })).toEqual([]);
    expect(check({ ...OPTIONS, tags: ['a'.repeat(250), 'b'.repeat(250)] })).toEqual(['options.youtube.tags']);
    expect(check({ ...OPTIONS, categoryId: 'music' })).toEqual(['options.youtube.categoryId']);
    expect(check({ ...OPTIONS, thumbnail: { url: 'ftp://x' } })).toEqual(['options.youtube.thumbnail.url']);
    expect(check({ ...OPTIONS, playlist: 'x' })).toEqual(['options.youtube.playlist']);
  });

  it("reads a video's statistics and the channel's, in the service's names", async () => {
    const { adapter, http } = adapterWith(
      answer(200, { items: [{ id: 'v1', statistics: { viewCount: '321', likeCount: '12', commentCount: '4' } }] }),
      answer(200, {
        items: [
          {
            id: YT_CHANNEL,
            statistics: { subscriberCount: '77', viewCount: '900', videoCount: '3', hiddenSubscriberCount: false },
          },
        ],
      }),
    );
    const permissions = ['https://www.googleapis.com/auth/youtube.readonly'];
    await expect(
      adapter.postMetrics({
        networkAccountId: YT_CHANNEL,
        tokens: { accessToken: YT_TOKEN },
        app: APP,
        platformPostId: 'v1',
        permissions,
      }),
    ).resolves.toEqual({ views: { value: 321 }, likes: { value: 12 }, comments: { value: 4 } });
    await expect(
      adapter.accountMetrics({ networkAccountId: YT_CHANNEL, tokens: { accessToken: YT_TOKEN }, app: APP }),
    ).resolves.toEqual({
      followers: { value: 77 },
      views: { value: 900 },
      posts: { value: 3 },
    });
    expect(http.requests[0]).toMatchObject({
      url: `${YT_API}/youtube/v3/videos`,
      query: { part: 'statistics', id: 'v1' },
    });
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('unpublishes with videos.delete; a video already gone resolves', async () => {
    const gone = answer(404, { error: { code: 404, message: 'not found', errors: [{ reason: 'videoNotFound' }] } });
    const { adapter, http } = adapterWith(answer(204, ''), gone);
    const call = {
      networkAccountId: YT_CHANNEL,
      tokens: { accessToken: YT_TOKEN },
      app: APP,
      platformPostId: 'v1',
      progress: {},
    };
    await adapter.unpublish(call);
    await adapter.unpublish(call);
    expect(http.requests[0]).toMatchObject({
      method: 'DELETE',
      url: `${YT_API}/youtube/v3/videos`,
      query: { id: 'v1' },
    });
  });

  it('answers a comment under its thread once: when resuming, its own answer is found first', async () => {
    const thread = 'UgzAAAAAAAAAAAAAAAAAA4AaABAg';
    const mine = {
      id: `${thread}.BBBBBBBBBBBBBBBBBBBBBB`,
      snippet: { textOriginal: 'Thanks', authorChannelId: { value: YT_CHANNEL }, publishedAt: '2026-11-26T10:00:00Z' },
    };
    const { adapter, http } = adapterWith(answer(200, { items: [mine] }));
    const call = {
      networkAccountId: YT_CHANNEL,
      username: '@bakery',
      tokens: { accessToken: YT_TOKEN },
      app: APP,
      objectId: 'v1',
    };
    await expect(
      adapter.comments!.answer({
        ...call,
        text: 'Thanks',
        replyToId: `${thread}.CCCCCCCCCCCCCCCCCCCCCC`,
        resuming: true,
      }),
    ).resolves.toBe(mine.id);
    expect(http.requests[0]).toMatchObject({
      url: `${YT_API}/youtube/v3/comments`,
      query: expect.objectContaining({ parentId: thread }),
    });
    expect(contractViolations(http.requests)).toEqual([]);
  });
});
