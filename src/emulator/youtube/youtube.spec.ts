import { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { contractLog } from '../contracts/contract-log';
import { CLIENT, emulatorApp, form, REDIRECT_URI, redirectOf, youTubeTokens } from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';

const API = '/emulator/youtube/api';
const PART = 256 * 1024;

describe('emulated YouTube', () => {
  let app: FastifyInstance;
  let state: EmulatorState;
  let token: string;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
    contractLog.take();
    token = (await youTubeTokens(app)).access_token;
  });
  afterEach(() => app.close());

  const auth = () => ({ Authorization: `Bearer ${token}` });
  const json = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `${API}${url}`,
      headers: { ...auth(), ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    });
  const video = (snippet: Record<string, unknown> = {}) => ({
    snippet: { title: 'Bread', description: 'Fresh rye today', ...snippet },
    status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
  });
  const start = (body: unknown, length: number) =>
    app.inject({
      method: 'POST',
      url: `${API}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
      headers: {
        ...auth(),
        'content-type': 'application/json; charset=UTF-8',
        'x-upload-content-length': String(length),
        'x-upload-content-type': 'video/mp4',
      },
      payload: JSON.stringify(body),
    });
  const put = (location: string, bytes: Buffer, range?: string) =>
    app.inject({
      method: 'PUT',
      url: location.replace(/^https?:\/\/[^/]+/, ''),
      headers: { ...auth(), 'content-type': 'video/mp4', ...(range ? { 'content-range': range } : {}) },
      payload: bytes,
    });
  const upload = async (bytes = Buffer.from('a small video')) => {
    const started = await start(video(), bytes.length);
    expect(started.statusCode).toBe(200);
    const done = await put(started.headers.location as string, bytes);
    expect(done.statusCode).toBe(200);
    return done.json<{ id: string }>().id;
  };

  it('gives a refresh token with offline access on the first consent only, and again with prompt=consent', async () => {
    const first = await youTubeTokens(app, { user: 'bob' });
    expect(first).toMatchObject({ refresh_token: expect.stringMatching(/^1\/\//), expires_in: 3600 });
    expect(await youTubeTokens(app, { user: 'bob' })).not.toHaveProperty('refresh_token');
    expect(await youTubeTokens(app, { user: 'bob', prompt: 'consent' })).toHaveProperty('refresh_token');
    expect(await youTubeTokens(app, { user: 'bob', accessType: 'online', prompt: 'consent' })).not.toHaveProperty(
      'refresh_token',
    );
    const refreshed = await app.inject({
      method: 'POST',
      url: '/emulator/youtube/oauth2/token',
      ...form({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token!,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      }),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).not.toHaveProperty('refresh_token');
  });

  it("keeps access_type and prompt through the consent page's form: its approval still answers a refresh token", async () => {
    // Bob's first consent: a later one answers a refresh token only if prompt=consent reached the exchange.
    await youTubeTokens(app, { user: 'bob' });
    const scope = 'https://www.googleapis.com/auth/youtube.upload';
    const params = { response_type: 'code', client_id: CLIENT.id, redirect_uri: REDIRECT_URI, state: 's7', scope };
    const page = await app.inject({
      url: `/emulator/youtube/o/oauth2/v2/auth?${new URLSearchParams({ ...params, access_type: 'offline', prompt: 'consent', emulator_user: 'bob' })}`,
    });
    expect(page.statusCode).toBe(200);
    const hidden = Object.fromEntries(
      [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((found) => [
        found[1],
        found[2],
      ]),
    );
    expect(hidden).toMatchObject({ access_type: 'offline', prompt: 'consent' });
    const approved = await app.inject({
      method: 'POST',
      url: '/emulator/youtube/o/oauth2/v2/auth',
      ...form({ ...hidden, decision: 'approve' }),
    });
    const code = redirectOf(approved).searchParams.get('code')!;
    const exchanged = await app.inject({
      method: 'POST',
      url: '/emulator/youtube/oauth2/token',
      ...form({
        grant_type: 'authorization_code',
        code,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uri: REDIRECT_URI,
      }),
    });
    expect(exchanged.json()).toHaveProperty('refresh_token');
  });

  it('answers invalid_grant for a revoked refresh token', async () => {
    const tokens = await youTubeTokens(app, { user: 'bob', prompt: 'consent' });
    const revoked = await app.inject({
      method: 'POST',
      url: '/emulator/youtube/oauth2/revoke',
      ...form({ token: tokens.refresh_token! }),
    });
    expect(revoked.statusCode).toBe(200);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/emulator/youtube/oauth2/token',
      ...form({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      }),
    });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('describes the token\u2019s channel with mine=true', async () => {
    const answer = await json('GET', '/youtube/v3/channels?part=snippet,statistics&mine=true');
    expect(answer.statusCode).toBe(200);
    const channel = state.findUser()!.youtube!;
    expect(answer.json().items[0]).toMatchObject({
      id: channel.id,
      snippet: { title: channel.title, customUrl: channel.handle },
      statistics: { subscriberCount: expect.stringMatching(/^\d+$/) },
    });
    expect(contractLog.take()).toEqual([]);
  });

  it('uploads a video in parts, answering 308 with the range received, and resumes after a break', async () => {
    const bytes = Buffer.alloc(PART * 2 + 10, 7);
    const started = await start(video(), bytes.length);
    const location = started.headers.location as string;
    const first = await put(location, bytes.subarray(0, PART), `bytes 0-${PART - 1}/${bytes.length}`);
    expect(first.statusCode).toBe(308);
    expect(first.headers.range).toBe(`bytes=0-${PART - 1}`);
    const asked = await put(location, Buffer.alloc(0), `bytes */${bytes.length}`);
    expect(asked.statusCode).toBe(308);
    expect(asked.headers.range).toBe(`bytes=0-${PART - 1}`);
    await put(location, bytes.subarray(PART, PART * 2), `bytes ${PART}-${PART * 2 - 1}/${bytes.length}`);
    const last = await put(location, bytes.subarray(PART * 2), `bytes ${PART * 2}-${bytes.length - 1}/${bytes.length}`);
    expect(last.statusCode).toBe(200);
    const id = last.json().id as string;
    expect(state.published.find('youtube', id)).toMatchObject({ text: 'Fresh rye today', youtube: { title: 'Bread' } });
    expect(state.published.find('youtube', id)!.media[0]).toMatchObject({ type: 'video', size: bytes.length });
    // Asking a complete session answers the video: how a client whose last answer was lost finds it.
    const again = await put(location, Buffer.alloc(0), `bytes */${bytes.length}`);
    expect(again.json().id).toBe(id);
    expect(contractLog.take()).toEqual([]);
  });

  it('keeps a whole-file upload\u2019s digest', async () => {
    const bytes = Buffer.from('whole video');
    const id = await upload(bytes);
    expect(state.published.find('youtube', id)!.media[0]!.sha256).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
  });

  it('refuses metadata the contract refuses, with YouTube\u2019s reasons', async () => {
    const noTitle = await start(video({ title: '' }), 10);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.errors[0]).toMatchObject({ reason: 'videoTitleEmpty' });
    const angled = await start(video({ description: 'a <b> c' }), 10);
    expect(angled.json().error.errors[0]).toMatchObject({ reason: 'invalidDescription' });
    expect(contractLog.take().map((violation) => violation.message)).toHaveLength(2);
  });

  it('moves an upload from uploaded to processed as its status is read', async () => {
    const id = await upload();
    const read = async () =>
      (await json('GET', `/youtube/v3/videos?part=status&id=${id}`)).json().items[0].status.uploadStatus;
    state.settings.youtubeProcessingPolls = 2;
    expect(await read()).toBe('uploaded');
    expect(await read()).toBe('processed');
  });

  it('sets a thumbnail on a verified channel\u2019s video, and refuses it for an unverified one', async () => {
    const id = await upload();
    const image = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const set = await app.inject({
      method: 'POST',
      url: `${API}/upload/youtube/v3/thumbnails/set?videoId=${id}&uploadType=media`,
      headers: { ...auth(), 'content-type': 'image/jpeg' },
      payload: image,
    });
    expect(set.statusCode).toBe(200);
    expect(state.published.find('youtube', id)!.youtube!.thumbnailSha256).toBe(
      createHash('sha256').update(image).digest('hex'),
    );
    token = (await youTubeTokens(app, { user: 'bob', prompt: 'consent' })).access_token;
    const bobs = await upload();
    const refused = await app.inject({
      method: 'POST',
      url: `${API}/upload/youtube/v3/thumbnails/set?videoId=${bobs}&uploadType=media`,
      headers: { ...auth(), 'content-type': 'image/jpeg' },
      payload: image,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('reads statistics, deletes, and answers 404 videoNotFound after', async () => {
    const id = await upload();
    const listed = await json('GET', `/youtube/v3/videos?part=statistics&id=${id}`);
    expect(listed.json().items[0].statistics).toMatchObject({ viewCount: expect.any(String), commentCount: '0' });
    expect((await json('DELETE', `/youtube/v3/videos?id=${id}`)).statusCode).toBe(204);
    const again = await json('DELETE', `/youtube/v3/videos?id=${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.errors[0].reason).toBe('videoNotFound');
  });

  it('lists comment threads newest first and answers a top-level comment', async () => {
    const id = await upload();
    for (const text of ['first', 'second'])
      await app.inject({
        method: 'POST',
        url: '/emulator/control/comments',
        payload: { network: 'youtube', parentId: id, text },
      });
    const threads = (await json('GET', `/youtube/v3/commentThreads?part=snippet&videoId=${id}&order=time`)).json();
    expect(
      threads.items.map(
        (thread: { snippet: { topLevelComment: { snippet: { textOriginal: string } } } }) =>
          thread.snippet.topLevelComment.snippet.textOriginal,
      ),
    ).toEqual(['second', 'first']);
    const parentId = threads.items[0].id as string;
    const answer = await json('POST', '/youtube/v3/comments?part=snippet', {
      snippet: { parentId, textOriginal: 'thanks' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      id: expect.stringMatching(new RegExp(`^${parentId}\\.`)),
      snippet: { parentId },
    });
    const replies = (await json('GET', `/youtube/v3/comments?part=snippet&parentId=${parentId}`)).json();
    expect(replies.items).toHaveLength(1);
    const nested = await json('POST', '/youtube/v3/comments?part=snippet', {
      snippet: { parentId: answer.json().id, textOriginal: 'no' },
    });
    expect(nested.statusCode).toBe(400);
    expect(contractLog.take()).toEqual([]);
  });

  it('refuses a call without a scope the method takes', async () => {
    token = (await youTubeTokens(app, { scope: 'https://www.googleapis.com/auth/youtube.upload', prompt: 'consent' }))
      .access_token;
    const answer = await json('GET', '/youtube/v3/channels?part=snippet&mine=true');
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.errors[0].reason).toBe('insufficientPermissions');
  });

  it('charges the quota per project and Pacific day, and refuses past it with 403 quotaExceeded', async () => {
    state.settings.enforceRateLimits = true;
    state.settings.youtubeUploadsPerDay = 1;
    await upload();
    const refused = await start(video(), 5);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.errors[0]).toMatchObject({ reason: 'quotaExceeded', domain: 'youtube.quota' });
  });

  it('answers a rate_limited fault as a spent quota, and token_expired as 401', async () => {
    const channel = state.findUser()!.youtube!.id;
    state.faults.add({ network: 'youtube', accountId: channel, kind: 'rate_limited', remaining: 1 });
    expect((await json('GET', '/youtube/v3/channels?part=id&mine=true')).json().error.errors[0].reason).toBe(
      'quotaExceeded',
    );
    state.faults.add({ network: 'youtube', accountId: channel, kind: 'token_expired', remaining: 1 });
    expect((await json('GET', '/youtube/v3/channels?part=id&mine=true')).statusCode).toBe(401);
  });
});
