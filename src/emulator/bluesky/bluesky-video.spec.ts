import { FastifyInstance } from 'fastify';
import { contractLog } from '../contracts/contract-log';
import { blueskyApp, blueskySession, xrpc } from './bluesky.testing';

const MP4 = Buffer.concat([Buffer.from('0000001866747970697336d', 'hex'), Buffer.from('some frames')]);

describe('Bluesky emulator: service tokens and the video service', () => {
  let app: FastifyInstance;
  let token: string;
  let did: string;
  beforeEach(async () => {
    ({ app } = await blueskyApp());
    ({ accessJwt: token, did } = await blueskySession(app));
    contractLog.take();
  });
  afterEach(async () => {
    expect(contractLog.take()).toEqual([]);
    await app.close();
  });

  const seconds = (fromNow: number) => String(Math.floor(Date.now() / 1000) + fromNow);
  const serviceAuth = (query: Record<string, string>) =>
    xrpc(app, 'com.atproto.server.getServiceAuth', { token, query });
  /** A token for this emulator (did:web of the host it is reached at: localhost under inject). */
  const tokenFor = async (lxm: string, aud = 'did:web:localhost') => {
    const answer = await serviceAuth({ aud, lxm, exp: seconds(1800) });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { token: string }).token;
  };
  const video = (
    nsid: string,
    init: { token?: string; query?: Record<string, string>; bytes?: Buffer; type?: string },
  ) =>
    app.inject({
      method: init.bytes ? 'POST' : 'GET',
      url: `/emulator/bluesky/video/xrpc/${nsid}${init.query ? `?${new URLSearchParams(init.query).toString()}` : ''}`,
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.bytes ? { 'content-type': init.type ?? 'video/mp4' } : {}),
      },
      ...(init.bytes ? { payload: init.bytes } : {}),
    });
  const upload = async (bytes = MP4, uploadToken?: string) =>
    video('app.bsky.video.uploadVideo', {
      token: uploadToken ?? (await tokenFor('com.atproto.repo.uploadBlob')),
      query: { did, name: 'clip.mp4' },
      bytes,
    });

  it('getServiceAuth signs a JWT naming the account, the audience, the method and the expiry', async () => {
    const exp = seconds(1800);
    const answer = await serviceAuth({ aud: 'did:web:video.bsky.app', lxm: 'app.bsky.video.getUploadLimits', exp });
    expect(answer.statusCode).toBe(200);
    const [, payload] = (answer.json() as { token: string }).token.split('.');
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toMatchObject({
      iss: did,
      aud: 'did:web:video.bsky.app',
      lxm: 'app.bsky.video.getUploadLimits',
      exp: Number(exp),
    });
  });

  it.each([
    [
      'an audience that is not an atproto DID',
      { aud: 'https://video.bsky.app' },
      'InvalidRequest',
      /aud must be a valid atproto DID/,
    ],
    [
      'a did:web with a port (other than localhost)',
      { aud: 'did:web:127.0.0.1%3A8080' },
      'InvalidRequest',
      /aud must be/,
    ],
    ['an expiry in the past', { exp: seconds(-10) }, 'BadExpiration', /expiration is in past/],
    ['an expiry more than an hour away', { exp: seconds(3700) }, 'BadExpiration', /more than an hour/],
    ['a method-less token for more than a minute', { lxm: '', exp: seconds(300) }, 'BadExpiration', /method-less/],
    ['a protected method', { lxm: 'com.atproto.server.getSession' }, 'InvalidRequest', /protected method/],
  ])('getServiceAuth refuses %s, as a PDS does', async (_, change, error, message) => {
    const query: Record<string, string> = { aud: 'did:web:localhost', lxm: 'com.atproto.repo.uploadBlob', ...change };
    if (query.lxm === '') delete query.lxm;
    const answer = await serviceAuth(query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error, message: expect.stringMatching(message) });
  });

  it('uploadVideo checks the service token: present, for this service, for uploadBlob, of the account uploading', async () => {
    expect((await upload(MP4, 'not-a-token')).json()).toMatchObject({ error: 'BadJwtSignature' });
    const limitsToken = await tokenFor('app.bsky.video.getUploadLimits');
    expect((await upload(MP4, limitsToken)).json()).toMatchObject({ error: 'BadJwtLexiconMethod' });
    const elsewhere = await tokenFor('com.atproto.repo.uploadBlob', 'did:web:video.bsky.app');
    const refused = await upload(MP4, elsewhere);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'BadJwtAudience', message: 'jwt audience does not match service did' });
    const bob = await blueskySession(app, 'bob-bikes.bsky.social');
    const bobs = await video('app.bsky.video.uploadVideo', {
      token: await tokenFor('com.atproto.repo.uploadBlob'),
      query: { did: bob.did, name: 'clip.mp4' },
      bytes: MP4,
    });
    expect(bobs.statusCode).toBe(401);
    const gif = await video('app.bsky.video.uploadVideo', {
      token: await tokenFor('com.atproto.repo.uploadBlob'),
      query: { did, name: 'clip.gif' },
      bytes: MP4,
      type: 'image/gif',
    });
    expect(gif.json()).toEqual({
      error: 'InvalidRequest',
      message: 'Wrong request encoding (Content-Type): image/gif',
    });
  });

  it('a job completes after its reads with a blob createRecord takes; the same bytes again fail already_exists with it', async () => {
    await app.inject({ method: 'PUT', url: '/emulator/control/settings', payload: { blueskyVideoPolls: 1 } });
    const uploaded = await upload();
    expect(uploaded.statusCode).toBe(200);
    const { jobId, state } = (uploaded.json() as { jobStatus: { jobId: string; state: string } }).jobStatus;
    expect(state).toBe('JOB_STATE_CREATED');
    const read = async () =>
      (
        (await video('app.bsky.video.getJobStatus', { query: { jobId } })).json() as {
          jobStatus: Record<string, unknown>;
        }
      ).jobStatus;
    expect(await read()).toMatchObject({ state: 'JOB_STATE_ENCODING' });
    const done = await read();
    expect(done).toMatchObject({ state: 'JOB_STATE_COMPLETED', progress: 100, blob: { mimeType: 'video/mp4' } });

    const post = await xrpc(app, 'com.atproto.repo.createRecord', {
      token,
      body: {
        repo: did,
        collection: 'app.bsky.feed.post',
        record: {
          $type: 'app.bsky.feed.post',
          text: '',
          createdAt: new Date().toISOString(),
          embed: { $type: 'app.bsky.embed.video', video: done.blob },
        },
      },
    });
    expect(post.statusCode).toBe(200);

    const again = (await upload()).json() as { jobStatus: Record<string, unknown> };
    expect(again.jobStatus).toMatchObject({ state: 'JOB_STATE_FAILED', error: 'already_exists', blob: done.blob });
    const limits = await video('app.bsky.video.getUploadLimits', {
      token: await tokenFor('app.bsky.video.getUploadLimits'),
    });
    expect(limits.json()).toMatchObject({ canUpload: true, remainingDailyVideos: 24 });
  });

  it('answers an unknown job 400, and a method it does not serve 501', async () => {
    expect((await video('app.bsky.video.getJobStatus', { query: { jobId: 'nope' } })).statusCode).toBe(400);
    const other = await video('app.bsky.video.somethingElse', {});
    expect(other.statusCode).toBe(501);
    contractLog.take();
  });
});
