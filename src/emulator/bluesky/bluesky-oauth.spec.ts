import { FastifyInstance } from 'fastify';
import { contractLog } from '../contracts/contract-log';
import { CLIENT, form, pkcePair, query, REDIRECT_URI, redirectOf } from '../emulator.testing';
import { ServingEmulatorState } from '../registry/emulated-network';
import { blueskyApp, xrpc } from './bluesky.testing';

describe('Bluesky emulator: the authorize page and /oauth/token (PKCE subset of atproto OAuth)', () => {
  let app: FastifyInstance;
  let state: ServingEmulatorState;
  beforeEach(async () => {
    ({ app, state } = await blueskyApp());
  });
  afterEach(async () => {
    expect(contractLog.take()).toEqual([]);
    await app.close();
  });

  const authorize = (challenge: string, extra: Record<string, string> = {}) =>
    app.inject({
      url: `/emulator/bluesky/oauth/authorize?${query({ response_type: 'code', client_id: CLIENT.id, redirect_uri: REDIRECT_URI, scope: 'atproto transition:generic', state: 's9', code_challenge: challenge, code_challenge_method: 'S256', ...extra })}`,
    });

  it('approves, and the code with its verifier is a session whose tokens refresh over XRPC', async () => {
    const { verifier, challenge } = pkcePair();
    const redirect = redirectOf(await authorize(challenge, { emulator_auto: 'approve' }));
    expect(redirect.searchParams.get('state')).toBe('s9');
    expect(redirect.searchParams.get('iss')).toBe('https://bsky.social');
    const token = await app.inject({
      method: 'POST',
      url: '/emulator/bluesky/oauth/token',
      ...form({
        grant_type: 'authorization_code',
        code: redirect.searchParams.get('code')!,
        code_verifier: verifier,
        redirect_uri: REDIRECT_URI,
        client_id: CLIENT.id,
      }),
    });
    expect(token.statusCode).toBe(200);
    const body = token.json();
    expect(body).toMatchObject({
      sub: state.findUser('ada')!.bluesky!.did,
      scope: 'atproto transition:generic',
      expires_in: 7200,
    });
    expect((await xrpc(app, 'com.atproto.server.getSession', { token: body.access_token })).statusCode).toBe(200);
    const refreshed = await xrpc(app, 'com.atproto.server.refreshSession', { token: body.refresh_token }, true);
    expect(refreshed.statusCode).toBe(200);

    const again = await app.inject({
      method: 'POST',
      url: '/emulator/bluesky/oauth/token',
      ...form({
        grant_type: 'authorization_code',
        code: redirect.searchParams.get('code')!,
        code_verifier: verifier,
        redirect_uri: REDIRECT_URI,
        client_id: CLIENT.id,
      }),
    });
    expect([again.statusCode, again.json()]).toEqual([
      400,
      { error: 'invalid_grant', error_description: 'Invalid code' },
    ]);
  });

  it('refuses a wrong verifier, and sends a denial back to the redirect', async () => {
    const { challenge } = pkcePair();
    const redirect = redirectOf(await authorize(challenge, { emulator_auto: 'approve' }));
    const wrong = await app.inject({
      method: 'POST',
      url: '/emulator/bluesky/oauth/token',
      ...form({
        grant_type: 'authorization_code',
        code: redirect.searchParams.get('code')!,
        code_verifier: pkcePair().verifier,
        redirect_uri: REDIRECT_URI,
        client_id: CLIENT.id,
      }),
    });
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'invalid_grant']);
    const denied = redirectOf(await authorize(challenge, { emulator_auto: 'deny' }));
    expect(denied.searchParams.get('error')).toBe('access_denied');
  });
});
