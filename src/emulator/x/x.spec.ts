import { FastifyInstance } from 'fastify';
import {
  basicAuth,
  CLIENT,
  emulatorApp,
  pkcePair,
  query,
  REDIRECT_URI,
  redirectOf,
  xTokens,
} from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';

const API = '/emulator/x/api';

describe('emulated X OAuth 2.0', () => {
  let app: FastifyInstance;
  let state: EmulatorState;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
  });
  afterEach(() => app.close());

  const authorize = async (challenge: string, extra: Record<string, string> = {}) =>
    app.inject({
      url: `/emulator/x/i/oauth2/authorize?${query({ response_type: 'code', client_id: CLIENT.id, redirect_uri: REDIRECT_URI, scope: 'tweet.read users.read offline.access', state: 'st', code_challenge: challenge, code_challenge_method: 'S256', emulator_auto: 'approve', ...extra })}`,
    });
  const token = (values: Record<string, string>, authorization = basicAuth()) =>
    app.inject({
      method: 'POST',
      url: `${API}/2/oauth2/token`,
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(values).toString(),
    });

  it('requires PKCE S256 at authorize', async () => {
    const response = await authorize('short', { code_challenge_method: 'plain' });
    expect(response.statusCode).toBe(400);
  });

  it('rejects a wrong code_verifier and missing Basic auth, then accepts the right verifier once', async () => {
    const { verifier, challenge } = pkcePair();
    const code = redirectOf(await authorize(challenge)).searchParams.get('code')!;
    const exchange = { code, grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, code_verifier: verifier };

    const wrong = await token({ ...exchange, code_verifier: pkcePair().verifier });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Value passed for the authorization code was invalid.',
    });

    const anonymous = await app.inject({
      method: 'POST',
      url: `${API}/2/oauth2/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(exchange).toString(),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('unauthorized_client');

    const otherClient = await token(exchange, basicAuth('another-app', 'x'));
    expect(otherClient.statusCode).toBe(400);

    const right = await token(exchange);
    expect(right.json()).toEqual({
      token_type: 'bearer',
      expires_in: 7200,
      access_token: expect.any(String),
      scope: 'tweet.read users.read offline.access',
      refresh_token: expect.any(String),
    });
    expect((await token(exchange)).statusCode).toBe(400);
  });

  it('lets a code live 30 seconds', async () => {
    const { verifier, challenge } = pkcePair();
    const code = redirectOf(await authorize(challenge)).searchParams.get('code')!;
    await app.inject({ method: 'POST', url: '/emulator/control/age-tokens', payload: { network: 'x', seconds: 31 } });
    const late = await token({
      code,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(late.json().error).toBe('invalid_request');
  });

  it('rotates refresh tokens: the used one is rejected, the new one works', async () => {
    const first = await xTokens(app);
    const second = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.statusCode).toBe(200);
    expect(second.json().refresh_token).not.toBe(first.refresh_token);
    const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
    expect((await token({ grant_type: 'refresh_token', refresh_token: second.json().refresh_token })).statusCode).toBe(
      200,
    );
  });

  it('answers /2/users/me with rate-limit headers, and 401 after revoke', async () => {
    const tokens = await xTokens(app);
    const profile = state.findUser()!.x!;
    const me = await app.inject({
      url: `${API}/2/users/me?user.fields=profile_image_url`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.json()).toEqual({
      data: {
        id: profile.id,
        name: profile.name,
        username: profile.username,
        profile_image_url: profile.profileImageUrl,
      },
    });
    expect(me.headers['x-rate-limit-limit']).toBe('75');
    expect(me.headers['x-rate-limit-remaining']).toBe('74');
    expect(Number(me.headers['x-rate-limit-reset'])).toBeGreaterThan(Date.now() / 1000);

    const revoke = await app.inject({
      method: 'POST',
      url: `${API}/2/oauth2/revoke`,
      headers: { authorization: basicAuth(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${tokens.access_token}`,
    });
    expect(revoke.json()).toEqual({ revoked: true });
    const after = await app.inject({
      url: `${API}/2/users/me`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
    expect((await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).statusCode).toBe(400);
  });

  it('turns token_revoked and rate_limited faults into 401 and 429 with x-rate-limit-reset', async () => {
    const tokens = await xTokens(app);
    const accountId = state.findUser()!.x!.id;
    const resetAt = Math.floor(Date.now() / 1000) + 600;
    await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'twitter', accountId, fault: 'rate_limited', resetAt, count: 1 },
    });
    const limited = await app.inject({
      url: `${API}/2/users/me`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['x-rate-limit-reset']).toBe(String(resetAt));
    expect(limited.json()).toMatchObject({ title: 'Too Many Requests', status: 429 });

    await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'x', accountId, fault: 'token_revoked' },
    });
    expect(
      (await app.inject({ url: `${API}/2/users/me`, headers: { authorization: `Bearer ${tokens.access_token}` } }))
        .statusCode,
    ).toBe(401);
    await app.inject({ method: 'DELETE', url: '/emulator/control/faults?network=x' });
    expect(
      (await app.inject({ url: `${API}/2/users/me`, headers: { authorization: `Bearer ${tokens.access_token}` } }))
        .statusCode,
    ).toBe(200);
  });

  it('answers a usage_capped fault with the UsageCapExceeded 429 while the rate-limit window has room', async () => {
    const tokens = await xTokens(app);
    const accountId = state.findUser()!.x!.id;
    const fault = await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'x', accountId, fault: 'usage_capped', period: 'Daily', count: 1 },
    });
    expect(fault.statusCode).toBe(201);
    const capped = await app.inject({
      url: `${API}/2/users/me`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual({
      title: 'UsageCapExceeded',
      period: 'Daily',
      scope: 'Product',
      detail: 'Usage cap exceeded: Daily product cap',
      type: 'https://api.x.com/2/problems/usage-capped',
    });
    expect(capped.headers['x-rate-limit-limit']).toBe('75');
    expect(capped.headers['x-rate-limit-remaining']).toBe('74');
    const monthly = await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'x', accountId, fault: 'usage_capped', count: 1 },
    });
    expect(monthly.json().data.period).toBe('Monthly');
    const bad = await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'x', accountId, fault: 'rate_limited', period: 'Daily' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
