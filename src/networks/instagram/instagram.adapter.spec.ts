import { createHmac } from 'node:crypto';
import {
  accountsFirstPage,
  accountsLastPage,
  LONG_USER_TOKEN,
  longLivedTokenAnswer as fbLongLived,
  shortLivedTokenAnswer,
} from '../facebook/facebook.fixtures';
import { APP, answer, NOW, RecordingHttp } from '../http/recording-http.testing';
import { NetworkError } from '../network-error';
import { InstagramAdapter } from './instagram.adapter';
import { INSTAGRAM_FACEBOOK_SCOPES } from './instagram-facebook-login';
import {
  codeExchangeDataShape,
  codeExchangeFlatShape,
  codeRefused,
  igUserAnswer,
  INSTAGRAM_LOGIN_SETTINGS,
  LONG_IG_TOKEN,
  longLivedTokenAnswer,
  meAnswer,
  SHORT_IG_TOKEN,
} from './instagram.fixtures';
import { InstagramSettings } from './instagram.settings';

const CALLBACK = 'https://social.example.com/oauth/instagram/callback';
const LONG_EXPIRY = new Date(NOW.getTime() + 5183944 * 1000);

const instagramLogin = INSTAGRAM_LOGIN_SETTINGS;
const facebookLogin = new InstagramSettings(
  'facebook',
  'https://www.facebook.com/v25.0/dialog/oauth',
  'https://api.instagram.com/oauth/access_token',
  'https://graph.facebook.com/v25.0',
  APP,
  false,
);

function adapterWith(settings: InstagramSettings, ...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { adapter: new InstagramAdapter(settings, http), http };
}

describe('InstagramAdapter', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  describe('with Instagram Login', () => {
    it('builds the Instagram authorize URL', () => {
      const { adapter } = adapterWith(instagramLogin);
      expect(adapter).toMatchObject({
        id: 'instagram',
        aliases: [],
        displayName: 'Instagram',
        emulated: false,
        serviceApp: APP,
      });
      expect(
        adapter.authorizeUrl({ state: 'state-abc', codeChallenge: 'ignored', callbackUrl: CALLBACK, app: APP }),
      ).toBe(
        'https://www.instagram.com/oauth/authorize?client_id=app-123' +
          '&redirect_uri=https%3A%2F%2Fsocial.example.com%2Foauth%2Finstagram%2Fcallback&response_type=code' +
          '&scope=instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights,instagram_business_manage_comments&state=state-abc',
      );
    });

    it('strips #_ from the code, exchanges it (documented data shape), then gets a long-lived token', async () => {
      const { adapter, http } = adapterWith(
        instagramLogin,
        answer(200, codeExchangeDataShape),
        answer(200, longLivedTokenAnswer),
      );
      const grant = await adapter.exchangeCode({
        code: 'AQBx-code#_',
        codeVerifier: '',
        callbackUrl: CALLBACK,
        app: APP,
      });

      expect(http.requests).toEqual([
        {
          method: 'POST',
          url: 'https://api.instagram.com/oauth/access_token',
          form: {
            client_id: 'app-123',
            client_secret: 'app-secret-456',
            grant_type: 'authorization_code',
            redirect_uri: CALLBACK,
            code: 'AQBx-code',
          },
        },
        {
          method: 'GET',
          url: 'https://graph.instagram.com/access_token',
          query: { grant_type: 'ig_exchange_token', client_secret: 'app-secret-456', access_token: SHORT_IG_TOKEN },
        },
      ]);
      expect(grant).toEqual({
        accessToken: LONG_IG_TOKEN,
        expiresAt: LONG_EXPIRY,
        scopes: ['instagram_business_basic', 'instagram_business_content_publish'],
        userId: '17841405822304914',
      });
    });

    it('parses the flat exchange shape with a permissions array', async () => {
      const { adapter, http } = adapterWith(
        instagramLogin,
        answer(200, codeExchangeFlatShape),
        answer(200, longLivedTokenAnswer),
      );
      const grant = await adapter.exchangeCode({
        code: 'AQBx-code',
        codeVerifier: '',
        callbackUrl: CALLBACK,
        app: APP,
      });
      expect(http.requests[0]?.form?.['code']).toBe('AQBx-code');
      expect(http.requests[1]?.query?.['access_token']).toBe(SHORT_IG_TOKEN);
      expect(grant).toEqual({
        accessToken: LONG_IG_TOKEN,
        expiresAt: LONG_EXPIRY,
        scopes: ['instagram_business_basic', 'instagram_business_content_publish'],
        userId: '1784140582230491',
      });
    });

    it('does not trust a user_id that JSON rounded', async () => {
      const rounded = { ...codeExchangeFlatShape, user_id: 17841405822304914 };
      const { adapter } = adapterWith(instagramLogin, answer(200, rounded), answer(200, longLivedTokenAnswer));
      const grant = await adapter.exchangeCode({ code: 'c', codeVerifier: '', callbackUrl: CALLBACK, app: APP });
      expect(grant.userId).toBeUndefined();
    });

    it('turns a refused code into a permanent error and stops', async () => {
      const { adapter, http } = adapterWith(instagramLogin, answer(400, codeRefused));
      await expect(
        adapter.exchangeCode({ code: 'stale', codeVerifier: '', callbackUrl: CALLBACK, app: APP }),
      ).rejects.toMatchObject({
        network: 'instagram',
        kind: 'permanent',
        message: expect.stringContaining('Invalid authorization code'),
        details: { status: 400, code: 400 },
      });
      expect(http.requests).toHaveLength(1);
    });

    it('fails on an exchange answer without a token', async () => {
      const { adapter } = adapterWith(instagramLogin, answer(200, { data: [] }));
      await expect(
        adapter.exchangeCode({ code: 'c', codeVerifier: '', callbackUrl: CALLBACK, app: APP }),
      ).rejects.toBeInstanceOf(NetworkError);
    });

    it('lists the one professional account from /me, by its user_id', async () => {
      const { adapter, http } = adapterWith(instagramLogin, answer(200, meAnswer));
      const grant = { accessToken: LONG_IG_TOKEN, expiresAt: LONG_EXPIRY, scopes: ['instagram_business_basic'] };
      const accounts = await adapter.listSelectable(grant, APP);
      expect(http.requests).toEqual([
        {
          method: 'GET',
          url: 'https://graph.instagram.com/v25.0/me',
          query: { fields: 'user_id,username,name,account_type,profile_picture_url', access_token: LONG_IG_TOKEN },
        },
      ]);
      expect(accounts).toEqual([
        {
          id: '17841405822304914',
          name: 'Bakery on Main',
          username: 'bakery_on_main',
          pictureUrl: 'https://scontent.cdninstagram.com/bakery.jpg',
          type: 'instagram_business',
          tokens: { accessToken: LONG_IG_TOKEN, expiresAt: LONG_EXPIRY },
          scopes: ['instagram_business_basic'],
        },
      ]);
    });

    it('keeps a creator account type', async () => {
      const { adapter } = adapterWith(instagramLogin, answer(200, { ...meAnswer, account_type: 'MEDIA_CREATOR' }));
      const [account] = await adapter.listSelectable({ accessToken: LONG_IG_TOKEN, scopes: [] }, APP);
      expect(account?.type).toBe('media_creator');
    });

    it('revokes nothing at the network (no endpoint is documented)', async () => {
      const { adapter, http } = adapterWith(instagramLogin);
      await expect(adapter.revoke({ accessToken: LONG_IG_TOKEN }, APP)).resolves.toBeUndefined();
      expect(http.requests).toHaveLength(0);
    });
  });

  describe('with Facebook Login', () => {
    const GRAPH = 'https://graph.facebook.com/v25.0';

    it('builds the Facebook dialog URL with the Instagram scopes', () => {
      const { adapter } = adapterWith(facebookLogin);
      expect(adapter.authorizeUrl({ state: 'state-abc', codeChallenge: '', callbackUrl: CALLBACK, app: APP })).toBe(
        'https://www.facebook.com/v25.0/dialog/oauth?client_id=app-123' +
          '&redirect_uri=https%3A%2F%2Fsocial.example.com%2Foauth%2Finstagram%2Fcallback&state=state-abc&response_type=code' +
          '&scope=instagram_basic,instagram_content_publish,pages_show_list,pages_read_engagement,instagram_manage_insights,instagram_manage_comments,instagram_manage_contents',
      );
    });

    it("asks business_management and ads_read for a business app, and names a login configuration's id instead of scopes", () => {
      const { adapter } = adapterWith(facebookLogin);
      const scopeOf = (app: typeof APP & { businessAccess?: boolean; loginConfigId?: string }) =>
        new URL(adapter.authorizeUrl({ state: 's', codeChallenge: '', callbackUrl: CALLBACK, app })).searchParams;
      expect(
        scopeOf({ ...APP, businessAccess: true })
          .get('scope')
          ?.split(','),
      ).toEqual([...INSTAGRAM_FACEBOOK_SCOPES, 'business_management', 'ads_read']);
      const configured = scopeOf({ ...APP, loginConfigId: '1234567890', businessAccess: true });
      expect(configured.get('config_id')).toBe('1234567890');
      expect(configured.get('scope')).toBeNull();
      expect(configured.get('response_type')).toBe('code');
      // Instagram Login takes scopes only: an app's Meta settings do not reach its authorize URL.
      const instagram = adapterWith(instagramLogin).adapter;
      expect(instagram.appOptions).toEqual([]);
      expect(
        instagram.authorizeUrl({
          state: 's',
          codeChallenge: '',
          callbackUrl: CALLBACK,
          app: { ...APP, loginConfigId: '1', businessAccess: true },
        }),
      ).not.toMatch(/config_id|business_management|ads_read/);
    });

    it('signs every graph.facebook.com call with appsecret_proof for an app that requires it', async () => {
      const { adapter, http } = adapterWith(facebookLogin, answer(200, { data: [] }));
      const app = { ...APP, requireAppSecretProof: true };
      await adapter.grantedPermissions({ accessToken: 'page', userAccessToken: 'user' }, app);
      expect(http.requests[0]?.query).toEqual({
        access_token: 'user',
        appsecret_proof: createHmac('sha256', APP.clientSecret).update('user').digest('hex'),
      });
    });

    it('exchanges the code on graph.facebook.com for a long-lived user token', async () => {
      const { adapter, http } = adapterWith(
        facebookLogin,
        answer(200, shortLivedTokenAnswer),
        answer(200, fbLongLived),
        answer(200, {
          // The user declined commenting in the dialog: the grant says so.
          data: INSTAGRAM_FACEBOOK_SCOPES.map((permission) => ({
            permission,
            status: permission === 'instagram_manage_comments' ? 'declined' : 'granted',
          })),
        }),
      );
      const grant = await adapter.exchangeCode({ code: 'fb-code', codeVerifier: '', callbackUrl: CALLBACK, app: APP });
      expect(http.requests.map((request) => [request.method, request.url, request.query?.['grant_type']])).toEqual([
        ['GET', `${GRAPH}/oauth/access_token`, undefined],
        ['GET', `${GRAPH}/oauth/access_token`, 'fb_exchange_token'],
        ['GET', `${GRAPH}/me/permissions`, undefined],
      ]);
      expect(http.requests[0]?.query).toEqual({
        client_id: 'app-123',
        redirect_uri: CALLBACK,
        client_secret: 'app-secret-456',
        code: 'fb-code',
      });
      expect(grant).toEqual({
        accessToken: LONG_USER_TOKEN,
        expiresAt: LONG_EXPIRY,
        scopes: [
          'instagram_basic',
          'instagram_content_publish',
          'pages_show_list',
          'pages_read_engagement',
          'instagram_manage_insights',
          'instagram_manage_contents',
        ],
      });
    });

    it("lists each page's Instagram business account, following paging", async () => {
      const { adapter, http } = adapterWith(
        facebookLogin,
        answer(200, { id: '5550001' }),
        answer(200, accountsFirstPage),
        answer(200, accountsLastPage),
        answer(200, igUserAnswer('17841400000000101', 'bakery_on_main')),
        answer(200, igUserAnswer('17841400000000103', 'bakery_jobs')),
      );
      const accounts = await adapter.listSelectable(
        { accessToken: LONG_USER_TOKEN, expiresAt: LONG_EXPIRY, scopes: ['instagram_basic'] },
        APP,
      );

      expect(http.requests.map((request) => request.url)).toEqual([
        `${GRAPH}/me`,
        `${GRAPH}/me/accounts`,
        accountsFirstPage.paging.next,
        `${GRAPH}/17841400000000101`,
        `${GRAPH}/17841400000000103`,
      ]);
      expect(http.requests[3]?.query).toEqual({
        fields: 'id,username,name,profile_picture_url',
        access_token: LONG_USER_TOKEN,
      });
      expect(accounts).toEqual([
        {
          id: '17841400000000101',
          name: 'bakery_on_main name',
          username: 'bakery_on_main',
          pictureUrl: 'https://scontent.cdninstagram.com/17841400000000101.jpg',
          type: 'instagram_business',
          tokens: { accessToken: 'EAAGpageToken101', userAccessToken: LONG_USER_TOKEN },
          scopes: ['instagram_basic'],
          ownerId: '5550001',
        },
        {
          id: '17841400000000103',
          name: 'bakery_jobs name',
          username: 'bakery_jobs',
          pictureUrl: 'https://scontent.cdninstagram.com/17841400000000103.jpg',
          type: 'instagram_business',
          tokens: { accessToken: 'EAAGpageToken103', userAccessToken: LONG_USER_TOKEN },
          scopes: ['instagram_basic'],
          ownerId: '5550001',
        },
      ]);
    });

    it('revokes with DELETE /me/permissions on graph.facebook.com', async () => {
      const { adapter, http } = adapterWith(facebookLogin, answer(200, { success: true }));
      await adapter.revoke({ accessToken: 'EAAGpageToken101', userAccessToken: LONG_USER_TOKEN }, APP);
      expect(http.requests).toEqual([
        { method: 'DELETE', url: `${GRAPH}/me/permissions`, query: { access_token: LONG_USER_TOKEN } },
      ]);
    });
  });
});

describe('InstagramAdapter refresh', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('refreshes an Instagram Login token with ig_refresh_token for 60 more days', async () => {
    const { adapter, http } = adapterWith(
      instagramLogin,
      answer(200, { access_token: 'IGQfresh', token_type: 'bearer', expires_in: 5183944 }),
    );
    await expect(adapter.refresh({ accessToken: 'IGQold' }, APP)).resolves.toEqual({
      accessToken: 'IGQfresh',
      expiresAt: LONG_EXPIRY,
    });
    expect(http.requests).toEqual([
      {
        method: 'GET',
        url: 'https://graph.instagram.com/refresh_access_token',
        query: { grant_type: 'ig_refresh_token', access_token: 'IGQold' },
      },
    ]);
  });

  it('keeps the current token when Instagram refuses to refresh one younger than 24 hours', async () => {
    const tooYoung = {
      error: { message: 'Token is too young to refresh', type: 'OAuthException', code: 100, fbtrace_id: 'x' },
    };
    const { adapter } = adapterWith(instagramLogin, answer(400, tooYoung));
    await expect(adapter.refresh({ accessToken: 'IGQold' }, APP)).resolves.toBeUndefined();
  });

  it('reports an expired token as auth_expired', async () => {
    const expired = {
      error: {
        message: 'Error validating access token',
        type: 'OAuthException',
        code: 190,
        error_subcode: 463,
        fbtrace_id: 'x',
      },
    };
    const { adapter } = adapterWith(instagramLogin, answer(400, expired));
    await expect(adapter.refresh({ accessToken: 'IGQold' }, APP)).rejects.toMatchObject({ kind: 'auth_expired' });
  });

  it('has nothing to refresh through Facebook Login, whose Page token does not expire', async () => {
    const { adapter, http } = adapterWith(facebookLogin);
    await expect(adapter.refresh({ accessToken: 'EAApage' }, APP)).resolves.toBeUndefined();
    expect(http.requests).toEqual([]);
  });
});
