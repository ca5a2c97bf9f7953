import { FastifyInstance } from 'fastify';
import { ServingEmulatorState } from '../registry/emulated-network';
import { DEFAULT_APP_PASSWORD } from './bluesky-test-user';
import { useSignedInBluesky, xrpc } from './bluesky.testing';

describe('Bluesky emulator: faults and rate limits', () => {
  let app: FastifyInstance;
  let state: ServingEmulatorState;
  let token: string;
  let did: string;
  useSignedInBluesky((signedIn) => ({ app, state, token, did } = signedIn));

  const fault = async (body: Record<string, unknown>) => {
    const added = await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'bluesky', accountId: did, count: 1, ...body },
    });
    expect(added.statusCode).toBeLessThan(300);
  };
  const createPost = (text = 'hi') =>
    xrpc(app, 'com.atproto.repo.createRecord', {
      token,
      body: {
        repo: did,
        collection: 'app.bsky.feed.post',
        record: { $type: 'app.bsky.feed.post', text, createdAt: new Date().toISOString() },
      },
    });

  it('sends the rate-limit window on every call', async () => {
    const created = await createPost();
    expect(created.statusCode).toBe(200);
    expect(created.headers).toMatchObject({ 'ratelimit-policy': '5000;w=3600', 'ratelimit-limit': '5000' });
    expect(Number(created.headers['ratelimit-remaining'])).toBe(4997);
  });

  it('answers a rate_limited fault with 429 RateLimitExceeded and the ratelimit-* headers, then serves again', async () => {
    const resetAt = Math.floor(Date.now() / 1000) + 120;
    await fault({ fault: 'rate_limited', resetAt });
    const limited = await createPost();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' });
    expect(limited.headers).toMatchObject({
      'ratelimit-limit': '5000',
      'ratelimit-remaining': '0',
      'ratelimit-reset': String(resetAt),
      'ratelimit-policy': '5000;w=3600',
    });
    expect((await createPost()).statusCode).toBe(200);
  });

  it('answers token_expired with 400 ExpiredToken, server_error with 500', async () => {
    await fault({ fault: 'token_expired' });
    const expired = await xrpc(app, 'app.bsky.actor.getProfile', { token, query: { actor: did } });
    expect([expired.statusCode, expired.json()]).toEqual([
      400,
      { error: 'ExpiredToken', message: 'Token has expired' },
    ]);
    await fault({ fault: 'server_error' });
    const failed = await createPost();
    expect([failed.statusCode, failed.json().error]).toEqual([500, 'InternalServerError']);
  });

  it('writes the post and loses the answer under answer_lost', async () => {
    await fault({ fault: 'answer_lost' });
    const lost = await createPost('written anyway');
    expect(lost.statusCode).toBe(500);
    expect(state.published.list({ network: 'bluesky' }).map((item) => item.text)).toEqual(['written anyway']);
  });

  it('refuses the 31st session in five minutes when limits are enforced', async () => {
    const set = await app.inject({
      method: 'PUT',
      url: '/emulator/control/settings',
      payload: { enforceRateLimits: true },
    });
    expect(set.statusCode).toBeLessThan(300);
    const signIn = () =>
      xrpc(app, 'com.atproto.server.createSession', {
        body: { identifier: 'bob-bikes.bsky.social', password: DEFAULT_APP_PASSWORD },
      });
    for (let index = 0; index < 30; index += 1) expect((await signIn()).statusCode).toBe(200);
    const refused = await signIn();
    expect([refused.statusCode, refused.json().error, refused.headers['ratelimit-policy']]).toEqual([
      429,
      'RateLimitExceeded',
      '30;w=300',
    ]);
  });
});
