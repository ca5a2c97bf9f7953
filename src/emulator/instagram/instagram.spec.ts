import { FastifyInstance } from 'fastify';
import { CLIENT, emulatorApp, form, instagramShortToken, query, REDIRECT_URI } from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';

const GRAPH = '/emulator/instagram/graph';

describe('emulated Instagram Login', () => {
  let app: FastifyInstance;
  let state: EmulatorState;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
  });
  afterEach(() => app.close());

  it('appends #_ to the approved redirect, as Instagram does', async () => {
    const response = await app.inject({
      url: `/emulator/instagram/oauth/authorize?${query({ client_id: CLIENT.id, redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'instagram_business_basic', state: 'x', emulator_auto: 'approve' })}`,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/[?&]code=AQ[^&#]+.*#_$/);
  });

  it('answers the code exchange in the documented shape by default', async () => {
    const { body } = await instagramShortToken(app);
    const account = state.findUser()!.instagram!;
    expect(body).toEqual({
      data: [
        {
          access_token: expect.stringMatching(/^IGAA/),
          user_id: account.id,
          permissions: 'instagram_business_basic,instagram_business_content_publish',
        },
      ],
    });
  });

  it('answers the flat observed shape when selected', async () => {
    const settings = await app.inject({
      method: 'PUT',
      url: '/emulator/control/settings',
      payload: { instagramTokenShape: 'flat' },
    });
    expect(settings.json().data.instagramTokenShape).toBe('flat');
    const { body } = await instagramShortToken(app);
    expect(body).toEqual({
      access_token: expect.any(String),
      user_id: state.findUser()!.instagram!.id,
      permissions: ['instagram_business_basic', 'instagram_business_content_publish'],
    });
  });

  it('answers exchange errors in its own shape, and codes are single-use', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/emulator/instagram/api/oauth/access_token',
      ...form({
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT_URI,
        code: 'forged',
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error_type: 'OAuthException',
      code: 400,
      error_message: 'Invalid authorization code',
    });
  });

  it('makes a long-lived token, refreshes it only once it is a day old, and reads /me', async () => {
    const { token } = await instagramShortToken(app);
    const long = await app.inject({
      url: `${GRAPH}/access_token?${query({ grant_type: 'ig_exchange_token', client_secret: CLIENT.secret, access_token: token })}`,
    });
    expect(long.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 5183944 });
    const longToken = long.json().access_token;

    const tooEarly = await app.inject({
      url: `${GRAPH}/refresh_access_token?${query({ grant_type: 'ig_refresh_token', access_token: longToken })}`,
    });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().error).toMatchObject({ type: 'OAuthException', code: 100, is_transient: false });

    await app.inject({
      method: 'POST',
      url: '/emulator/control/age-tokens',
      payload: { network: 'instagram', seconds: 25 * 3600 },
    });
    const refreshed = await app.inject({
      url: `${GRAPH}/refresh_access_token?${query({ grant_type: 'ig_refresh_token', access_token: longToken })}`,
    });
    expect(refreshed.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 5183944 });

    const account = state.findUser()!.instagram!;
    const me = await app.inject({
      url: `${GRAPH}/v25.0/me?fields=user_id,username,name,account_type,profile_picture_url&access_token=${refreshed.json().access_token}`,
    });
    expect(me.json()).toEqual({
      id: account.appScopedId,
      user_id: account.id,
      username: account.username,
      name: account.name,
      account_type: 'BUSINESS',
      profile_picture_url: account.profilePictureUrl,
    });
  });

  it("rejects an expired token with 190/463 and Instagram's is_transient", async () => {
    const { token } = await instagramShortToken(app);
    await app.inject({ method: 'POST', url: '/emulator/control/age-tokens', payload: { seconds: 2 * 3600 } });
    const response = await app.inject({ url: `${GRAPH}/v25.0/me?access_token=${token}` });
    expect(response.json().error).toMatchObject({ code: 190, error_subcode: 463, is_transient: false });
  });
});
