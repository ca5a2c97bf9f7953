import { FastifyInstance } from 'fastify';
import { contractLog } from '../contracts/contract-log';
import {
  CLIENT,
  emulatorApp,
  form,
  pkcePair,
  query,
  REDIRECT_URI,
  redirectOf,
  tiktokTokens,
} from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';

const API = '/emulator/tiktok/open';
const MB = 1024 * 1024;

describe('emulated TikTok', () => {
  let app: FastifyInstance;
  let state: EmulatorState;
  let token: string;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
    contractLog.take();
    token = (await tiktokTokens(app)).access_token;
  });
  afterEach(async () => {
    await app.close();
  });

  const post = (path: string, payload: unknown, bearer = token) =>
    app.inject({
      method: 'POST',
      url: `${API}${path}`,
      headers: { Authorization: `Bearer ${bearer}`, 'content-type': 'application/json; charset=UTF-8' },
      payload: JSON.stringify(payload),
    });
  const creator = () => state.findUser()!.tiktok!;
  const videoInit = (source: Record<string, unknown>, info: Record<string, unknown> = {}) =>
    post('/v2/post/publish/video/init/', {
      post_info: { title: 'Rye #bread', privacy_level: 'PUBLIC_TO_EVERYONE', brand_content_toggle: false, ...info },
      source_info: source,
    });
  const status = async (publishId: string) => {
    const answer = await post('/v2/post/publish/status/fetch/', { publish_id: publishId });
    expect(answer.statusCode).toBe(200);
    return { raw: answer.body, data: answer.json().data as Record<string, unknown> };
  };
  const putChunk = (url: string, bytes: Buffer, first: number, total: number, type = 'video/mp4') =>
    app.inject({
      method: 'PUT',
      url: url.replace(/^https?:\/\/[^/]+/, ''),
      headers: { 'content-type': type, 'content-range': `bytes ${first}-${first + bytes.length - 1}/${total}` },
      payload: bytes,
    });

  it('connects through client_key with PKCE: a 24-hour token, a 365-day refresh token; a wrong verifier and a revoked grant are refused', async () => {
    const tokens = await tiktokTokens(app);
    expect(tokens).toMatchObject({
      open_id: creator().openId,
      expires_in: 86400,
      refresh_expires_in: 31536000,
      scope: 'user.info.basic,video.publish,video.upload,video.list',
      token_type: 'Bearer',
    });
    expect(tokens.access_token.startsWith('act.')).toBe(true);

    const { challenge } = pkcePair();
    const authorize = await app.inject({
      url: `/emulator/tiktok/v2/auth/authorize/?${query({ response_type: 'code', client_key: CLIENT.id, redirect_uri: REDIRECT_URI, state: 's', scope: 'user.info.basic', code_challenge: challenge, code_challenge_method: 'S256', emulator_auto: 'approve' })}`,
    });
    const code = redirectOf(authorize).searchParams.get('code')!;
    const wrong = await app.inject({
      method: 'POST',
      url: `${API}/v2/oauth/token/`,
      ...form({
        grant_type: 'authorization_code',
        code,
        client_key: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uri: REDIRECT_URI,
        code_verifier: pkcePair().verifier,
      }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'Code verifier or code challenge is invalid.',
      log_id: expect.any(String),
    });

    const refreshed = await app.inject({
      method: 'POST',
      url: `${API}/v2/oauth/token/`,
      ...form({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_key: CLIENT.id,
        client_secret: CLIENT.secret,
      }),
    });
    expect(refreshed.json()).toMatchObject({ refresh_token: tokens.refresh_token, expires_in: 86400 });
    const revoked = await app.inject({
      method: 'POST',
      url: `${API}/v2/oauth/revoke/`,
      ...form({ token: refreshed.json().access_token, client_key: CLIENT.id, client_secret: CLIENT.secret }),
    });
    expect(revoked.statusCode).toBe(200);
    const after = await app.inject({
      url: `${API}/v2/user/info/?fields=open_id`,
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toMatchObject({ code: 'access_token_invalid' });
    expect(contractLog.take()).toEqual([]);
  });

  it('answers creator_info with the privacy levels offered, and user info with the fields asked', async () => {
    const info = await post('/v2/post/publish/creator_info/query/', {});
    expect(info.json()).toMatchObject({
      data: {
        creator_username: creator().username,
        privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
        comment_disabled: false,
        max_video_post_duration_sec: 600,
      },
      error: { code: 'ok' },
    });
    const user = await app.inject({
      url: `${API}/v2/user/info/?fields=open_id,display_name`,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(user.json().data.user).toEqual({ open_id: creator().openId, display_name: creator().nickname });
  });

  it('takes a video in chunks in order, processes it, then completes it with the public post id written exactly', async () => {
    const size = 11 * MB + 123;
    const init = await videoInit({ source: 'FILE_UPLOAD', video_size: size, chunk_size: 5 * MB, total_chunk_count: 2 });
    expect(init.statusCode).toBe(200);
    const { publish_id: publishId, upload_url: uploadUrl } = init.json().data;
    expect((await status(publishId)).data).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: 0 });

    const bytes = Buffer.alloc(size, 7);
    const outOfOrder = await putChunk(uploadUrl, bytes.subarray(5 * MB), 5 * MB, size);
    expect(outOfOrder.statusCode).toBe(400);
    expect((await putChunk(uploadUrl, bytes.subarray(0, 5 * MB), 0, size)).statusCode).toBe(206);
    expect((await putChunk(uploadUrl, bytes.subarray(5 * MB), 5 * MB, size)).statusCode).toBe(201);

    expect((await status(publishId)).data).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: size });
    const done = await status(publishId);
    expect(done.data.status).toBe('PUBLISH_COMPLETE');
    const [item] = state.published.list({ network: 'tiktok' });
    expect(item).toMatchObject({ text: 'Rye #bread', media: [{ type: 'video', size }] });
    expect(done.raw).toContain(`"publicaly_available_post_id":[${item!.postId}]`);
    expect(contractLog.take()).toEqual([]);
  });

  it('gives no post id for a private post, and sends a draft to the inbox', async () => {
    const init = await videoInit(
      { source: 'FILE_UPLOAD', video_size: 1000, chunk_size: 1000, total_chunk_count: 1 },
      { privacy_level: 'SELF_ONLY' },
    );
    const { publish_id: publishId, upload_url: uploadUrl } = init.json().data;
    await putChunk(uploadUrl, Buffer.alloc(1000, 1), 0, 1000);
    await status(publishId);
    expect((await status(publishId)).data).toEqual({
      status: 'PUBLISH_COMPLETE',
      publicaly_available_post_id: [],
      uploaded_bytes: 1000,
    });

    const draft = await post('/v2/post/publish/inbox/video/init/', {
      source_info: { source: 'FILE_UPLOAD', video_size: 1000, chunk_size: 1000, total_chunk_count: 1 },
    });
    await putChunk(draft.json().data.upload_url, Buffer.alloc(1000, 2), 0, 1000);
    await status(draft.json().data.publish_id);
    expect((await status(draft.json().data.publish_id)).data.status).toBe('SEND_TO_USER_INBOX');
    expect(state.published.list({ network: 'tiktok' })).toHaveLength(1);
  });

  it('refuses a post without a privacy level, with one not offered, from an unaudited app but SELF_ONLY, or from an unverified URL', async () => {
    const whole = { source: 'FILE_UPLOAD', video_size: 1000, chunk_size: 1000, total_chunk_count: 1 };
    const none = await post('/v2/post/publish/video/init/', {
      post_info: { brand_content_toggle: false },
      source_info: whole,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({ code: 'invalid_param', message: 'post_info: privacy_level is required' });
    const notOffered = await videoInit(whole, { privacy_level: 'FOLLOWER_OF_CREATOR' });
    expect(notOffered.json().error.code).toBe('privacy_level_option_mismatch');
    state.settings.tiktokAuditedClient = false;
    const unaudited = await videoInit(whole);
    expect(unaudited.statusCode).toBe(403);
    expect(unaudited.json().error.code).toBe('unaudited_client_can_only_post_to_private_accounts');
    expect((await videoInit(whole, { privacy_level: 'SELF_ONLY' })).statusCode).toBe(200);
    state.settings.tiktokVerifiedUrlPrefixes = ['https://media.example.com/'];
    const pulled = await videoInit(
      { source: 'PULL_FROM_URL', video_url: 'https://elsewhere.example.com/a.mp4' },
      { privacy_level: 'SELF_ONLY' },
    );
    expect(pulled.statusCode).toBe(403);
    expect(pulled.json().error.code).toBe('url_ownership_unverified');
    const chunks = await videoInit({
      source: 'FILE_UPLOAD',
      video_size: 12 * MB,
      chunk_size: 5 * MB,
      total_chunk_count: 3,
    });
    expect(chunks.json().error.message).toBe(
      'source_info: total_chunk_count must be floor(video_size / chunk_size) = 2',
    );
  });

  it('ends a failing publish FAILED with its reason (container_error), and posts photos from URLs', async () => {
    state.faults.add({ network: 'tiktok', accountId: creator().openId, kind: 'container_error', remaining: 1 });
    const photos = await post('/v2/post/publish/content/init/', {
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: { title: 'Loaves', privacy_level: 'PUBLIC_TO_EVERYONE' },
      source_info: { source: 'PULL_FROM_URL', photo_images: ['https://media.example.com/1.jpg'], photo_cover_index: 0 },
    });
    const failing = photos.json().data.publish_id;
    expect((await status(failing)).data.status).toBe('PROCESSING_DOWNLOAD');
    expect((await status(failing)).data).toMatchObject({ status: 'FAILED', fail_reason: 'picture_size_check_failed' });

    const again = await post('/v2/post/publish/content/init/', {
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: { title: 'Loaves', privacy_level: 'PUBLIC_TO_EVERYONE' },
      source_info: {
        source: 'PULL_FROM_URL',
        photo_images: ['https://media.example.com/1.jpg', 'https://media.example.com/2.jpg'],
        photo_cover_index: 1,
      },
    });
    await status(again.json().data.publish_id);
    expect((await status(again.json().data.publish_id)).data.status).toBe('PUBLISH_COMPLETE');
    expect(state.published.list({ network: 'tiktok' })[0]!.media).toHaveLength(2);
  });

  it('reads a public video’s counts through the video query, with the video.list scope only', async () => {
    const init = await videoInit({ source: 'FILE_UPLOAD', video_size: 1000, chunk_size: 1000, total_chunk_count: 1 });
    await putChunk(init.json().data.upload_url, Buffer.alloc(1000, 3), 0, 1000);
    await status(init.json().data.publish_id);
    await status(init.json().data.publish_id);
    const id = state.published.list({ network: 'tiktok' })[0]!.postId;
    const query = (bearer: string) =>
      app.inject({
        method: 'POST',
        url: `${API}/v2/video/query/?fields=id,view_count,like_count,comment_count,share_count`,
        headers: { Authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ filters: { video_ids: [id] } }),
      });
    const read = await query(token);
    expect(read.json().data.videos).toEqual([
      {
        id,
        view_count: expect.any(Number),
        like_count: expect.any(Number),
        comment_count: expect.any(Number),
        share_count: expect.any(Number),
      },
    ]);
    const narrow = (await tiktokTokens(app, 'user.info.basic,video.publish')).access_token;
    const refused = await query(narrow);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('scope_not_authorized');
  });

  it('answers an injected rate limit with 429 rate_limit_exceeded, and a lost answer after creating the publish', async () => {
    state.faults.add({ network: 'tiktok', accountId: creator().openId, kind: 'rate_limited', remaining: 1 });
    const limited = await post('/v2/post/publish/creator_info/query/', {});
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limit_exceeded');
    state.faults.add({ network: 'tiktok', accountId: creator().openId, kind: 'answer_lost', remaining: 1 });
    const lost = await videoInit({ source: 'PULL_FROM_URL', video_url: 'https://media.example.com/a.mp4' });
    expect(lost.statusCode).toBe(500);
    expect(lost.json().error.code).toBe('internal_error');
  });

  it('lists the creator’s public posts newest first, moving on a publish nobody read (its init answer lost)', async () => {
    state.faults.add({ network: 'tiktok', accountId: creator().openId, kind: 'answer_lost', remaining: 1 });
    const lost = await post('/v2/post/publish/content/init/', {
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: { privacy_level: 'PUBLIC_TO_EVERYONE' },
      source_info: { source: 'PULL_FROM_URL', photo_images: ['https://media.example.com/1.jpg'], photo_cover_index: 0 },
    });
    expect(lost.statusCode).toBe(500);
    const list = () =>
      app.inject({
        method: 'POST',
        url: `${API}/v2/video/list/?fields=id,create_time`,
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ max_count: 20 }),
      });
    // Processing: read once as a status read would, then listed.
    expect((await list()).json().data.videos).toEqual([]);
    const [video] = (await list()).json().data.videos;
    expect(video).toEqual({
      id: state.published.list({ network: 'tiktok' })[0]!.postId,
      create_time: expect.any(Number),
    });
    expect(contractLog.take()).toEqual([]);
  });
});
