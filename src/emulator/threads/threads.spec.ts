import { FastifyInstance } from 'fastify';
import { contractLog } from '../contracts/contract-log';
import { CLIENT, emulatorApp, form, query, redirectOf, REDIRECT_URI, threadsLongToken } from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';

const GRAPH = '/emulator/threads/graph/v1.0';

describe('emulated Threads', () => {
  let app: FastifyInstance;
  let state: EmulatorState;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
    contractLog.take();
  });
  afterEach(() => {
    expect(contractLog.take()).toEqual([]);
    return app.close();
  });

  const post = (path: string, params: Record<string, string>) =>
    app.inject({ method: 'POST', url: `${GRAPH}${path}`, ...form(params) });
  const get = (path: string, params: Record<string, string>) => app.inject({ url: `${GRAPH}${path}?${query(params)}` });

  async function publish(token: string, params: Record<string, string>): Promise<string> {
    const container = await post('/me/threads', { ...params, access_token: token });
    expect(container.statusCode).toBe(200);
    const id = container.json().id;
    for (let i = 0; i < 5; i++) {
      const status = await get(`/${id}`, { fields: 'id,status,error_message', access_token: token });
      if (status.json().status === 'FINISHED') break;
    }
    const published = await post('/me/threads_publish', { creation_id: id, access_token: token });
    expect(published.statusCode).toBe(200);
    return published.json().id;
  }

  it('signs in through the authorize window, exchanges the code, makes the token long-lived and refreshes it once a day old', async () => {
    const authorize = await app.inject({
      url: `/emulator/threads/oauth/authorize?${query({ client_id: CLIENT.id, redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'threads_basic,threads_content_publish', state: 'st', emulator_auto: 'approve' })}`,
    });
    const code = redirectOf(authorize).searchParams.get('code')!;
    const short = await app.inject({
      method: 'POST',
      url: '/emulator/threads/graph/oauth/access_token',
      ...form({
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT_URI,
        code,
      }),
    });
    const profile = state.findUser()!.threads!;
    expect(short.json()).toEqual({ access_token: expect.stringMatching(/^THAA/), user_id: profile.id });
    const long = await get('/access_token', {
      grant_type: 'th_exchange_token',
      client_secret: CLIENT.secret,
      access_token: short.json().access_token,
    });
    expect(long.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 5184000 });
    const tooYoung = await get('/refresh_access_token', {
      grant_type: 'th_refresh_token',
      access_token: long.json().access_token,
    });
    expect(tooYoung.json().error).toMatchObject({ code: 100 });
    await app.inject({
      method: 'POST',
      url: '/emulator/control/age-tokens',
      payload: { network: 'threads', seconds: 25 * 3600 },
    });
    const refreshed = await get('/refresh_access_token', {
      grant_type: 'th_refresh_token',
      access_token: long.json().access_token,
    });
    expect(refreshed.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 5184000 });
    const me = await get('/me', {
      fields: 'id,username,name,threads_profile_picture_url',
      access_token: refreshed.json().access_token,
    });
    expect(me.json()).toEqual({
      id: profile.id,
      username: profile.username,
      name: profile.name,
      threads_profile_picture_url: profile.pictureUrl,
    });
  });

  it('refuses to publish a video container until it is FINISHED, with code 24 / subcode 4279009', async () => {
    const { token } = await threadsLongToken(app);
    const container = await post('/me/threads', {
      media_type: 'VIDEO',
      video_url: 'https://cdn.test/v.mp4',
      text: 'clip',
      access_token: token,
    });
    const early = await post('/me/threads_publish', { creation_id: container.json().id, access_token: token });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatchObject({ code: 24, error_subcode: 4279009, error_user_title: 'Media Not Found' });
    const first = await get(`/${container.json().id}`, { fields: 'status', access_token: token });
    expect(first.json().status).toBe('IN_PROGRESS');
    const second = await get(`/${container.json().id}`, { fields: 'status', access_token: token });
    expect(second.json().status).toBe('FINISHED');
    const published = await post('/me/threads_publish', { creation_id: container.json().id, access_token: token });
    expect(published.json()).toEqual({ id: expect.any(String) });
    const item = state.published.find('threads', published.json().id)!;
    expect(item).toMatchObject({
      text: 'clip',
      media: [{ type: 'video', url: 'https://cdn.test/v.mp4' }],
      threads: { mediaType: 'VIDEO' },
    });
  });

  it('refuses containers the reference pages refuse, with code 100', async () => {
    const { token } = await threadsLongToken(app);
    const tooLong = await post('/me/threads', { media_type: 'TEXT', text: 'a'.repeat(501), access_token: token });
    expect(tooLong.json().error).toMatchObject({ code: 100, message: expect.stringMatching(/at most 500 characters/) });
    const links = Array.from({ length: 6 }, (_, i) => `https://e.test/${i}`).join(' ');
    const tooManyLinks = await post('/me/threads', { media_type: 'TEXT', text: links, access_token: token });
    expect(tooManyLinks.json().error).toMatchObject({
      code: 100,
      error_user_title: 'THREADS_API__LINK_LIMIT_EXCEEDED',
    });
    const badPoll = await post('/me/threads', {
      media_type: 'TEXT',
      text: 'q',
      poll_attachment: '{"option_a":"yes"}',
      access_token: token,
    });
    expect(badPoll.json().error.message).toMatch(/option_b is required/);
    expect(contractLog.take()).toHaveLength(3);
  });

  it('publishes a carousel, replies, quotes and options, lists replies newest first, reads insights and deletes', async () => {
    const { token } = await threadsLongToken(app);
    const items = [];
    for (const url of ['https://cdn.test/a.jpg', 'https://cdn.test/b.jpg'])
      items.push(
        (
          await post('/me/threads', {
            media_type: 'IMAGE',
            image_url: url,
            is_carousel_item: 'true',
            alt_text: `alt ${url}`,
            access_token: token,
          })
        ).json().id,
      );
    const carousel = await publish(token, {
      media_type: 'CAROUSEL',
      children: items.join(','),
      text: 'two',
      reply_control: 'mentioned_only',
      topic_tag: 'Bakery',
      access_token: token,
    });
    expect(state.published.find('threads', carousel)).toMatchObject({
      media: [{ altText: 'alt https://cdn.test/a.jpg' }, { altText: 'alt https://cdn.test/b.jpg' }],
      threads: { mediaType: 'CAROUSEL_ALBUM', replyControl: 'mentioned_only', topicTag: 'Bakery' },
    });
    const reply = await publish(token, {
      media_type: 'TEXT',
      text: 'part two',
      reply_to_id: carousel,
      access_token: token,
    });
    const poll = await publish(token, {
      media_type: 'TEXT',
      text: 'vote',
      poll_attachment: '{"option_a":"yes","option_b":"no"}',
      quote_post_id: carousel,
      access_token: token,
    });
    expect(state.published.find('threads', poll)!.threads).toMatchObject({
      poll: { option_a: 'yes', option_b: 'no' },
      quotePostId: carousel,
    });

    const replies = await get(`/${carousel}/replies`, {
      fields: 'id,text,timestamp,username,is_reply_owned_by_me',
      access_token: token,
    });
    expect(replies.json().data).toEqual([
      expect.objectContaining({ id: reply, text: 'part two', is_reply_owned_by_me: true }),
    ]);
    expect(replies.json().paging.next).toBeUndefined();

    const insights = await get(`/${carousel}/insights`, {
      metric: 'views,likes,replies,reposts,quotes,shares',
      access_token: token,
    });
    expect(insights.json().data.map((entry: { name: string }) => entry.name)).toEqual([
      'views',
      'likes',
      'replies',
      'reposts',
      'quotes',
      'shares',
    ]);

    const limit = await get('/me/threads_publishing_limit', {
      fields: 'quota_usage,config,reply_quota_usage,reply_config',
      access_token: token,
    });
    expect(limit.json().data[0]).toEqual({
      quota_usage: 2,
      config: { quota_total: 250, quota_duration: 86400 },
      reply_quota_usage: 1,
      reply_config: { quota_total: 1000, quota_duration: 86400 },
    });

    const deleted = await app.inject({ method: 'DELETE', url: `${GRAPH}/${poll}?access_token=${token}` });
    expect(deleted.json()).toEqual({ success: true, deleted_id: poll });
    const again = await app.inject({ method: 'DELETE', url: `${GRAPH}/${poll}?access_token=${token}` });
    expect(again.json().error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('asks for the permission of each call, and faults answer in Graph envelope', async () => {
    const { token, userId } = await threadsLongToken(app, 'threads_basic,threads_content_publish');
    const insights = await get(`/me/threads_insights`, { metric: 'followers_count', access_token: token });
    expect(insights.json().error).toMatchObject({ code: 10 });
    await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'threads', accountId: userId, fault: 'rate_limited', count: 1 },
    });
    const limited = await get('/me', { access_token: token });
    expect(limited.json().error).toMatchObject({ code: 17 });
    await app.inject({
      method: 'POST',
      url: '/emulator/control/age-tokens',
      payload: { network: 'threads', seconds: 61 * 24 * 3600 },
    });
    const expired = await get('/me', { access_token: token });
    expect(expired.json().error).toMatchObject({ code: 190, error_subcode: 463 });
  });
});
