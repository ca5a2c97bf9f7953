import { Test } from '@nestjs/testing';
import { ConfigModule } from '../../config/config.module';
import { loadConfig } from '../../config/load-config';
import { APP, answer, NOW, RecordingHttp } from '../http/recording-http.testing';
import { NetworkUnreachableError } from '../http/network-http.client';
import { xNetwork } from './index';
import { XAdapter } from './x.adapter';
import {
  invalidGrant,
  revokedAnswer,
  tokenAnswer,
  unauthorizedProblem,
  usersMeAnswer,
  X_ACCESS_TOKEN,
  X_REFRESH_TOKEN,
} from './x.fixtures';
import { XSettings } from './x.settings';

const CALLBACK = 'https://social.example.com/oauth/x/callback';
const API = 'https://api.x.com';
const settings = new XSettings('https://x.com/i/oauth2/authorize', API, APP, false);
/** base64("app-123:app-secret-456") */
const BASIC = 'Basic YXBwLTEyMzphcHAtc2VjcmV0LTQ1Ng==';

function adapterWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { adapter: new XAdapter(settings, http), http };
}

describe('XAdapter', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('names itself, with twitter as an alias', () => {
    const { adapter } = adapterWith();
    expect(adapter).toMatchObject({
      id: 'x',
      aliases: ['twitter'],
      displayName: 'X',
      emulated: false,
      serviceApp: APP,
    });
  });

  it('builds the authorize URL with PKCE S256', () => {
    const { adapter } = adapterWith();
    const url = adapter.authorizeUrl({
      state: 'state-abc',
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      callbackUrl: CALLBACK,
      app: APP,
    });
    expect(url).toBe(
      'https://x.com/i/oauth2/authorize?response_type=code&client_id=app-123' +
        '&redirect_uri=https%3A%2F%2Fsocial.example.com%2Foauth%2Fx%2Fcallback' +
        '&scope=tweet.read%20tweet.write%20users.read%20media.write%20offline.access&state=state-abc' +
        '&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256',
    );
  });

  it('exchanges the code with Basic auth and the PKCE verifier', async () => {
    const { adapter, http } = adapterWith(answer(200, tokenAnswer));
    const grant = await adapter.exchangeCode({
      code: 'x-code',
      codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      callbackUrl: CALLBACK,
      app: APP,
    });
    expect(http.requests).toEqual([
      {
        method: 'POST',
        url: `${API}/2/oauth2/token`,
        headers: { Authorization: BASIC },
        form: {
          code: 'x-code',
          grant_type: 'authorization_code',
          redirect_uri: CALLBACK,
          code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        },
      },
    ]);
    expect(Buffer.from(BASIC.slice('Basic '.length), 'base64').toString()).toBe('app-123:app-secret-456');
    expect(grant).toEqual({
      accessToken: X_ACCESS_TOKEN,
      refreshToken: X_REFRESH_TOKEN,
      expiresAt: new Date(NOW.getTime() + 7200 * 1000),
      scopes: ['tweet.write', 'users.read', 'tweet.read', 'offline.access', 'media.write'],
    });
  });

  it('reports an expired code as permanent, without the code or secret', async () => {
    const { adapter } = adapterWith(answer(400, invalidGrant));
    const exchange = adapter.exchangeCode({
      code: 'x-code-secret-value',
      codeVerifier: 'v',
      callbackUrl: CALLBACK,
      app: APP,
    });
    await expect(exchange).rejects.toMatchObject({
      network: 'x',
      kind: 'permanent',
      details: { status: 400, code: 'invalid_grant' },
    });
    await exchange.catch((error: Error) => {
      expect(error.message).not.toContain('x-code-secret-value');
      expect(error.message).not.toContain('app-secret-456');
    });
  });

  it('reports no answer from the token endpoint as transient', async () => {
    const { adapter } = adapterWith(new NetworkUnreachableError(`${API}/2/oauth2/token`, 'ECONNRESET'));
    await expect(
      adapter.exchangeCode({ code: 'c', codeVerifier: 'v', callbackUrl: CALLBACK, app: APP }),
    ).rejects.toMatchObject({
      network: 'x',
      kind: 'transient',
      message: 'No answer from api.x.com: ECONNRESET',
    });
  });

  it('lists the profile of /2/users/me with its tokens', async () => {
    const { adapter, http } = adapterWith(answer(200, usersMeAnswer));
    const expiresAt = new Date(NOW.getTime() + 7200 * 1000);
    const accounts = await adapter.listSelectable(
      { accessToken: X_ACCESS_TOKEN, refreshToken: X_REFRESH_TOKEN, expiresAt, scopes: ['tweet.write'] },
      APP,
    );
    expect(http.requests).toEqual([
      {
        method: 'GET',
        url: `${API}/2/users/me`,
        query: { 'user.fields': 'profile_image_url,subscription_type' },
        headers: { Authorization: `Bearer ${X_ACCESS_TOKEN}` },
      },
    ]);
    expect(accounts).toEqual([
      {
        id: '2244994945',
        name: 'Bakery on Main',
        username: 'bakeryonmain',
        pictureUrl: 'https://pbs.twimg.com/profile_images/1/bakery_normal.jpg',
        type: 'profile',
        tokens: { accessToken: X_ACCESS_TOKEN, refreshToken: X_REFRESH_TOKEN, expiresAt },
        scopes: ['tweet.write'],
        traits: { subscriptionType: 'Premium' },
      },
    ]);
  });

  it("reads the account's subscription again (after a refresh) from /2/users/me; none said is nothing known", async () => {
    const { adapter, http } = adapterWith(
      answer(200, { data: { id: '2244994945', username: 'bakeryonmain', subscription_type: 'None' } }),
      answer(200, { data: { id: '2244994945', username: 'bakeryonmain' } }),
    );
    await expect(adapter.accountTraits({ accessToken: X_ACCESS_TOKEN }, APP)).resolves.toEqual({
      subscriptionType: 'None',
    });
    await expect(adapter.accountTraits({ accessToken: X_ACCESS_TOKEN }, APP)).resolves.toEqual({});
    expect(http.requests[0]).toEqual({
      method: 'GET',
      url: `${API}/2/users/me`,
      query: { 'user.fields': 'subscription_type' },
      headers: { Authorization: `Bearer ${X_ACCESS_TOKEN}` },
    });
  });

  it('reports a rejected access token while listing as auth_expired', async () => {
    const { adapter } = adapterWith(answer(401, unauthorizedProblem));
    await expect(adapter.listSelectable({ accessToken: X_ACCESS_TOKEN, scopes: [] }, APP)).rejects.toMatchObject({
      kind: 'auth_expired',
    });
  });

  it('revokes the refresh token and the access token with Basic auth', async () => {
    const { adapter, http } = adapterWith(answer(200, revokedAnswer), answer(200, revokedAnswer));
    await adapter.revoke({ accessToken: X_ACCESS_TOKEN, refreshToken: X_REFRESH_TOKEN }, APP);
    expect(http.requests).toEqual([
      {
        method: 'POST',
        url: `${API}/2/oauth2/revoke`,
        headers: { Authorization: BASIC },
        form: { token: X_REFRESH_TOKEN, token_type_hint: 'refresh_token' },
      },
      {
        method: 'POST',
        url: `${API}/2/oauth2/revoke`,
        headers: { Authorization: BASIC },
        form: { token: X_ACCESS_TOKEN, token_type_hint: 'access_token' },
      },
    ]);
  });

  it('revokes only the access token when there is no refresh token', async () => {
    const { adapter, http } = adapterWith(answer(200, revokedAnswer));
    await adapter.revoke({ accessToken: X_ACCESS_TOKEN }, APP);
    expect(http.requests.map((request) => request.form)).toEqual([
      { token: X_ACCESS_TOKEN, token_type_hint: 'access_token' },
    ]);
  });

  it('still revokes the access token when the refresh token revoke fails, then reports the failure', async () => {
    const { adapter, http } = adapterWith(answer(503, { title: 'Service Unavailable' }), answer(200, revokedAnswer));
    await expect(
      adapter.revoke({ accessToken: X_ACCESS_TOKEN, refreshToken: X_REFRESH_TOKEN }, APP),
    ).rejects.toMatchObject({ kind: 'transient' });
    expect(http.requests).toHaveLength(2);
  });

  it('is installed by its module, with settings from the environment', async () => {
    const config = loadConfig({ PUBLIC_URL: 'https://social.example.com', X_CLIENT_ID: 'cid', X_CLIENT_SECRET: 'cs' });
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(config), xNetwork.module],
    }).compile();
    const adapter = moduleRef.get(xNetwork.adapter);
    expect(adapter).toBeInstanceOf(XAdapter);
    expect(adapter.serviceApp).toEqual({ clientId: 'cid', clientSecret: 'cs' });
    expect(adapter.emulated).toBe(false);
  });
});
