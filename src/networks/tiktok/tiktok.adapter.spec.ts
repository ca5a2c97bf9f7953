import { answer, APP, CALLBACK } from '../http/recording-http.testing';
import { part } from '../graph/publish-request.testing';
import { NetworkAdapter } from '../network-adapter';
import { tiktokResponseError, TIKTOK_POST_CAP_WAIT_MS, TIKTOK_RATE_WAIT_MS } from './tiktok-errors';
import { TIKTOK_POST_OPTIONS } from './tiktok-post-options';
import {
  adapterOf,
  adapterWith,
  contractViolations,
  creatorInfo,
  ok,
  refused,
  settingsWith,
  statusAnswer,
  TT_API,
  TT_AUTHORIZE,
  TT_CREATOR,
  TT_TOKEN,
} from './tiktok.fixtures';

const tokenAnswer = (extra: Record<string, unknown> = {}) =>
  answer(200, {
    open_id: TT_CREATOR,
    scope: 'user.info.basic,video.publish,video.list',
    access_token: 'act.new',
    expires_in: 86400,
    refresh_token: 'rft.new',
    refresh_expires_in: 31536000,
    token_type: 'Bearer',
    ...extra,
  });
const now = new Date('2026-11-26T12:00:00Z');
const MP4 = 'https://cdn.example.com/clip.mp4';
const JPG = 'https://cdn.example.com/loaf.jpg';

describe('TikTokAdapter', () => {
  it('sends the creator to Login Kit with client_key, the scopes comma-separated and the PKCE challenge', () => {
    const { adapter } = adapterWith();
    const url = new URL(
      adapter.authorizeUrl({ state: 's1', codeChallenge: 'c'.repeat(43), callbackUrl: CALLBACK, app: APP }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(TT_AUTHORIZE);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: APP.clientId,
      scope: 'user.info.basic,video.publish,video.upload,video.list',
      redirect_uri: CALLBACK,
      state: 's1',
      response_type: 'code',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code with the verifier, and offers the creator with the username creator_info gives', async () => {
    const { adapter, http } = adapterWith(
      tokenAnswer(),
      ok({ user: { open_id: TT_CREATOR, display_name: 'Ada', avatar_url: 'https://p.example/a.jpg' } }),
      creatorInfo(),
    );
    const grant = await adapter.exchangeCode({
      code: 'C1',
      codeVerifier: 'v'.repeat(43),
      callbackUrl: CALLBACK,
      app: APP,
    });
    expect(grant).toEqual({
      accessToken: 'act.new',
      refreshToken: 'rft.new',
      expiresAt: expect.any(Date),
      scopes: ['user.info.basic', 'video.publish', 'video.list'],
      userId: TT_CREATOR,
    });
    expect(http.requests[0]).toMatchObject({
      url: `${TT_API}/v2/oauth/token/`,
      form: { client_key: APP.clientId, grant_type: 'authorization_code', code: 'C1', code_verifier: 'v'.repeat(43) },
    });
    const [creator, ...others] = await adapter.listSelectable(grant, APP);
    expect(others).toEqual([]);
    expect(creator).toMatchObject({
      id: TT_CREATOR,
      name: 'Ada',
      username: 'ada.bakes',
      type: 'creator',
      pictureUrl: 'https://p.example/a.jpg',
    });
    expect(http.requests[1]).toMatchObject({
      method: 'GET',
      query: { fields: 'open_id,union_id,avatar_url,display_name' },
    });
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('refreshes, keeping the refresh token TikTok answers; a refused refresh token is an expired login; revoke posts the token', async () => {
    const { adapter, http } = adapterWith(
      tokenAnswer({ refresh_token: 'rft.rotated' }),
      answer(400, { error: 'invalid_grant', error_description: 'Refresh token is invalid or expired.', log_id: 'L' }),
      answer(200, {}),
    );
    expect(await adapter.refresh({ accessToken: 'act.old', refreshToken: 'rft.old' }, APP)).toMatchObject({
      accessToken: 'act.new',
      refreshToken: 'rft.rotated',
    });
    await expect(adapter.refresh({ accessToken: 'act.old', refreshToken: 'rft.old' }, APP)).rejects.toMatchObject({
      kind: 'auth_expired',
    });
    await adapter.revoke({ accessToken: 'act.old' }, APP);
    expect(http.requests[2]).toMatchObject({
      url: `${TT_API}/v2/oauth/revoke/`,
      form: { token: 'act.old', client_key: APP.clientId },
    });
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('classifies TikTok’s errors: expired login, a minute for the rate limit, an hour for the post cap, the unaudited app permanent', () => {
    const classify = (response: ReturnType<typeof refused>) => tiktokResponseError('tiktok', response, now)!;
    expect(classify(refused(401, 'access_token_invalid'))).toMatchObject({ kind: 'auth_expired' });
    expect(classify(refused(401, 'scope_not_authorized'))).toMatchObject({
      kind: 'permanent',
      details: { permissionDenied: true },
    });
    expect(classify(refused(429, 'rate_limit_exceeded')).details.retryAt).toEqual(
      new Date(now.getTime() + TIKTOK_RATE_WAIT_MS),
    );
    expect(classify(refused(403, 'spam_risk_too_many_posts'))).toMatchObject({
      kind: 'rate_limited',
      details: { retryAt: new Date(now.getTime() + TIKTOK_POST_CAP_WAIT_MS) },
    });
    const unaudited = classify(refused(403, 'unaudited_client_can_only_post_to_private_accounts'));
    expect(unaudited).toMatchObject({ kind: 'permanent' });
    expect(unaudited.message).toContain('posts privately only (privacyLevel SELF_ONLY)');
    expect(classify(refused(500, 'internal_error'))).toMatchObject({ kind: 'transient' });
    expect(tiktokResponseError('tiktok', ok({}), now)).toBeUndefined();
    // An OAuth refusal answered 200, as TikTok's token endpoint may.
    expect(
      tiktokResponseError('tiktok', answer(200, { error: 'invalid_grant', error_description: 'x' }), now),
    ).toMatchObject({
      kind: 'auth_expired',
    });
  });

  it('refuses a post without privacyLevel (TikTok forbids a default), and one an unaudited app may not make; warns that an unaudited app posts privately', () => {
    const video = [part('Rye', ['video', MP4])];
    // privacyLevel missing is refused per account as resolved (PostOptionsRules.required), not by validate.
    expect(adapterWith().adapter.validate(video, {})).toEqual([]);
    expect(adapterWith().adapter.postOptions?.required).toEqual(['privacyLevel']);
    expect(adapterWith().adapter.validate(video, { privacyLevel: 'PUBLIC_TO_EVERYONE' })).toEqual([]);
    const unaudited = adapterOf(settingsWith({ audited: false })).adapter;
    expect(unaudited.validate(video, { privacyLevel: 'PUBLIC_TO_EVERYONE' })).toEqual([
      expect.objectContaining({ field: 'options.tiktok.privacyLevel', rule: 'option_invalid' }),
    ]);
    expect(unaudited.validate(video, { privacyLevel: 'SELF_ONLY' })).toEqual([
      expect.objectContaining({ rule: 'private_only' }),
    ]);
  });

  it('takes one video or 1 to 20 photos (TikTok 35; a container here holds 20), never both, nothing without media, one container', () => {
    const { adapter } = adapterWith();
    const options = { privacyLevel: 'SELF_ONLY' };
    const rules = (parts: Parameters<typeof adapter.validate>[0]) =>
      adapter.validate(parts, options).map((p) => p.rule);
    expect(rules([part('Text only')])).toEqual(['media_required']);
    expect(rules([part('x', ['video', MP4], ['image', JPG])])).toEqual(['media_mixed']);
    expect(rules([part('x', ...Array.from({ length: 21 }, () => ['image', JPG] as ['image', string]))])).toEqual([
      'media_too_many',
    ]);
    expect(rules([part('x', ['image', 'https://cdn.example.com/a.png'])])).toEqual(['media_format']);
    expect(rules([part('x', ['video', MP4]), part('more')])).toEqual(['thread_not_allowed']);
    expect(rules([part('y'.repeat(2201), ['video', MP4])])).toEqual(['text_too_long']);
  });

  it('checks options.tiktok: the levels, branded content never private; warns of photo-only and video-only options and a video draft’s, which are not sent', () => {
    const check = (options: Record<string, unknown>, parts = [part('x', ['video', MP4])]) =>
      TIKTOK_POST_OPTIONS.check(options, 'options.tiktok', parts).map((problem) => `${problem.field} ${problem.rule}`);
    expect(check({ privacyLevel: 'EVERYONE' })).toEqual(['options.tiktok.privacyLevel option_invalid']);
    expect(check({ privacyLevel: 'SELF_ONLY', brandContentToggle: true })).toEqual([
      'options.tiktok.brandContentToggle options_exclusive',
    ]);
    expect(check({ privacyLevel: 'SELF_ONLY', title: 'Loaves' })).toEqual(['options.tiktok.title option_not_sent']);
    expect(check({ privacyLevel: 'SELF_ONLY', disableDuet: true }, [part('x', ['image', JPG])])).toEqual([
      'options.tiktok.disableDuet option_not_sent',
    ]);
    expect(check({ privacyLevel: 'SELF_ONLY', photoCoverIndex: 1 }, [part('x', ['image', JPG])])).toEqual([
      'options.tiktok.photoCoverIndex option_invalid',
    ]);
    expect(check({ privacyLevel: 'SELF_ONLY', mode: 'draft', isAigc: true })).toEqual([
      'options.tiktok.isAigc option_not_sent',
    ]);
    expect(check({ privacyLevel: 'SELF_ONLY', mode: 'draft' })).toEqual([]);
    expect(check({ privacyLevel: 'SELF_ONLY', colour: 'red' })).toEqual(['options.tiktok.colour option_unknown']);
  });

  it('reads a post’s counts from the video query; a kept publish id is resolved through status/fetch first', async () => {
    const POST_ID = '7678907398077074696';
    const video = { id: POST_ID, view_count: 120, like_count: 9, comment_count: 2, share_count: 1 };
    const { adapter, http } = adapterWith(
      statusAnswer('PUBLISH_COMPLETE', [POST_ID]),
      ok({ videos: [video] }),
      statusAnswer('PUBLISH_COMPLETE', []),
    );
    const request = (platformPostId: string) => ({
      networkAccountId: TT_CREATOR,
      tokens: { accessToken: TT_TOKEN },
      app: APP,
      platformPostId,
      permissions: ['video.list', 'video.publish'],
    });
    expect(await adapter.postMetrics(request('v_pub_file~v2-1.9'))).toEqual({
      views: { value: 120 },
      likes: { value: 9 },
      comments: { value: 2 },
      shares: { value: 1 },
    });
    expect(http.requests[1]).toMatchObject({
      query: { fields: 'id,view_count,like_count,comment_count,share_count' },
      json: { filters: { video_ids: [POST_ID] } },
    });
    expect((await adapter.postMetrics(request('v_pub_file~v2-1.10'))).views).toMatchObject({
      unavailable: 'not_reported',
    });
    expect((await adapter.postMetrics({ ...request(POST_ID), permissions: ['video.publish'] })).views).toMatchObject({
      unavailable: 'missing_permission',
    });
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('has no unpublish and no comments: TikTok has no API for either', () => {
    const adapter: NetworkAdapter = adapterWith().adapter;
    expect(adapter.unpublish).toBeUndefined();
    expect(adapter.comments).toBeUndefined();
  });
});
