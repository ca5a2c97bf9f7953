import { createHmac } from 'node:crypto';
import { Test } from '@nestjs/testing';
import { loadConfig } from '../../config/load-config';
import { ConfigModule } from '../../config/config.module';
import { APP, answer, NOW, RecordingHttp } from '../http/recording-http.testing';
import { NetworkUnreachableError } from '../http/network-http.client';
import { NetworkError } from '../network-error';
import { FACEBOOK_SCOPES, FacebookAdapter } from './facebook.adapter';
import {
  accountsFirstPage,
  accountsLastPage,
  GRAPH,
  graphErrorAnswer,
  LONG_USER_TOKEN,
  longLivedTokenAnswer,
  NEXT_ACCOUNTS_PAGE,
  SHORT_USER_TOKEN,
  shortLivedTokenAnswer,
} from './facebook.fixtures';
import { FacebookSettings } from './facebook.settings';
import { facebookNetwork } from './index';

const CALLBACK = 'https://social.example.com/oauth/facebook/callback';
const settings = new FacebookSettings('https://www.facebook.com/v25.0/dialog/oauth', GRAPH, APP, false);
const PAGE_FIELDS = 'id,name,access_token,tasks,picture{url},instagram_business_account{id,username}';

function adapterWith(...answers: ConstructorParameters<typeof RecordingHttp>): {
  adapter: FacebookAdapter;
  http: RecordingHttp;
} {
  const http = new RecordingHttp(...answers);
  return { adapter: new FacebookAdapter(settings, http), http };
}

describe('FacebookAdapter', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('names itself', () => {
    const { adapter } = adapterWith();
    expect(adapter).toMatchObject({
      id: 'facebook',
      aliases: [],
      displayName: 'Facebook',
      emulated: false,
      serviceApp: APP,
    });
  });

  it('builds the Facebook Login dialog URL', () => {
    const { adapter } = adapterWith();
    const url = adapter.authorizeUrl({ state: 'state-abc', codeChallenge: 'ignored', callbackUrl: CALLBACK, app: APP });
    expect(url).toBe(
      'https://www.facebook.com/v25.0/dialog/oauth?client_id=app-123' +
        '&redirect_uri=https%3A%2F%2Fsocial.example.com%2Foauth%2Ffacebook%2Fcallback&state=state-abc&response_type=code' +
        '&scope=pages_show_list,pages_read_engagement,pages_manage_posts,publish_video,pages_manage_engagement,pages_read_user_content,read_insights',
    );
  });

  it('asks business_management for Pages reached through a Business Manager role, and only then', () => {
    const { adapter } = adapterWith();
    const scopes = (app: typeof APP & { businessAccess?: boolean }) =>
      new URL(adapter.authorizeUrl({ state: 's', codeChallenge: '', callbackUrl: CALLBACK, app })).searchParams
        .get('scope')
        ?.split(',');
    expect(scopes(APP)).toEqual([...FACEBOOK_SCOPES]);
    expect(scopes({ ...APP, businessAccess: true })).toEqual([...FACEBOOK_SCOPES, 'business_management']);
    // The permission needs stay those of the calls: a business app asks more, nobody needs more.
    expect(Object.values(adapter.permissionNeeds).flat(2)).not.toContain('business_management');
  });

  it('names a Facebook Login for Business configuration instead of scopes, and keeps all it granted', async () => {
    const { adapter, http } = adapterWith(
      answer(200, shortLivedTokenAnswer),
      answer(200, longLivedTokenAnswer),
      answer(200, {
        data: ['pages_show_list', 'pages_manage_posts', 'business_management'].map((permission) => ({
          permission,
          status: 'granted',
        })),
      }),
    );
    const app = { ...APP, loginConfigId: '1234567890' };
    const url = new URL(adapter.authorizeUrl({ state: 'st', codeChallenge: '', callbackUrl: CALLBACK, app }));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-123',
      redirect_uri: CALLBACK,
      state: 'st',
      response_type: 'code',
      config_id: '1234567890',
    });
    const grant = await adapter.exchangeCode({ code: 'c', codeVerifier: '', callbackUrl: CALLBACK, app });
    // The configuration decided what was asked: what /me/permissions says granted is the grant.
    expect(grant.scopes).toEqual(['pages_show_list', 'pages_manage_posts', 'business_management']);
    expect(http.exhausted).toBe(true);
  });

  it('signs every call that carries a token with appsecret_proof when the app requires it', async () => {
    const { adapter, http } = adapterWith(
      answer(200, shortLivedTokenAnswer),
      answer(200, longLivedTokenAnswer),
      answer(200, { data: [] }),
    );
    const app = { ...APP, requireAppSecretProof: true };
    await adapter.exchangeCode({ code: 'c', codeVerifier: '', callbackUrl: CALLBACK, app });
    const proof = createHmac('sha256', APP.clientSecret).update(LONG_USER_TOKEN).digest('hex');
    // The exchanges carry the client secret itself and no token: nothing to sign.
    expect(http.requests.map((request) => request.query?.['appsecret_proof'])).toEqual([undefined, undefined, proof]);
  });

  it('exchanges the code for a short-lived, then a long-lived user token', async () => {
    const permissions = FACEBOOK_SCOPES.map((permission) => ({
      permission,
      status: permission === 'pages_manage_engagement' ? 'declined' : 'granted',
    }));
    const { adapter, http } = adapterWith(
      answer(200, shortLivedTokenAnswer),
      answer(200, longLivedTokenAnswer),
      answer(200, { data: [...permissions, { permission: 'public_profile', status: 'granted' }] }),
    );
    const grant = await adapter.exchangeCode({
      code: 'code-xyz',
      codeVerifier: 'unused',
      callbackUrl: CALLBACK,
      app: APP,
    });

    expect(http.requests).toEqual([
      {
        method: 'GET',
        url: `${GRAPH}/oauth/access_token`,
        query: { client_id: 'app-123', redirect_uri: CALLBACK, client_secret: 'app-secret-456', code: 'code-xyz' },
      },
      {
        method: 'GET',
        url: `${GRAPH}/oauth/access_token`,
        query: {
          grant_type: 'fb_exchange_token',
          client_id: 'app-123',
          client_secret: 'app-secret-456',
          fb_exchange_token: SHORT_USER_TOKEN,
        },
      },
      { method: 'GET', url: `${GRAPH}/me/permissions`, query: { access_token: LONG_USER_TOKEN } },
    ]);
    // What the user granted, not what was asked: the dialog lets a user decline a permission.
    expect(grant).toEqual({
      accessToken: LONG_USER_TOKEN,
      expiresAt: new Date(NOW.getTime() + 5183944 * 1000),
      scopes: FACEBOOK_SCOPES.filter((scope) => scope !== 'pages_manage_engagement'),
    });
  });

  it('turns a refused code into a permanent NetworkError without the secret', async () => {
    const { adapter, http } = adapterWith(answer(400, graphErrorAnswer(100, 36007)));
    const exchange = adapter.exchangeCode({ code: 'code-xyz', codeVerifier: '', callbackUrl: CALLBACK, app: APP });
    await expect(exchange).rejects.toMatchObject({
      name: 'NetworkError',
      network: 'facebook',
      kind: 'permanent',
      details: { code: 100 },
    });
    await exchange.catch((error: NetworkError) => expect(error.message).not.toContain('app-secret-456'));
    expect(http.requests).toHaveLength(1);
  });

  it('reports no answer as transient', async () => {
    const { adapter } = adapterWith(new NetworkUnreachableError(`${GRAPH}/oauth/access_token`, 'ETIMEDOUT'));
    await expect(
      adapter.exchangeCode({ code: 'c', codeVerifier: '', callbackUrl: CALLBACK, app: APP }),
    ).rejects.toMatchObject({
      kind: 'transient',
      message: 'No answer from graph.facebook.com: ETIMEDOUT',
    });
  });

  it('lists every page of /me/accounts, following paging.next', async () => {
    const { adapter, http } = adapterWith(
      answer(200, { id: '5550001' }),
      answer(200, accountsFirstPage),
      answer(200, accountsLastPage),
    );
    const expiresAt = new Date('2026-04-30T12:00:00.000Z');
    const accounts = await adapter.listSelectable(
      { accessToken: LONG_USER_TOKEN, expiresAt, scopes: ['pages_show_list'] },
      APP,
    );

    expect(http.requests).toEqual([
      { method: 'GET', url: `${GRAPH}/me`, query: { fields: 'id', access_token: LONG_USER_TOKEN } },
      { method: 'GET', url: `${GRAPH}/me/accounts`, query: { fields: PAGE_FIELDS, access_token: LONG_USER_TOKEN } },
      { method: 'GET', url: NEXT_ACCOUNTS_PAGE, query: undefined },
    ]);
    // A Page token made from a long-lived user token does not expire: the account carries no expiry.
    const tokens = (pageToken: string) => ({ accessToken: pageToken, userAccessToken: LONG_USER_TOKEN });
    expect(accounts).toEqual([
      {
        id: '101',
        name: 'Bakery on Main',
        username: 'Bakery on Main',
        pictureUrl: 'https://scontent.xx.fbcdn.net/101.jpg',
        type: 'page',
        tokens: tokens('EAAGpageToken101'),
        scopes: ['pages_show_list'],
        ownerId: '5550001',
      },
      {
        id: '102',
        name: 'Bakery Events',
        username: 'Bakery Events',
        pictureUrl: 'https://scontent.xx.fbcdn.net/102.jpg',
        type: 'page',
        tokens: tokens('EAAGpageToken102'),
        scopes: ['pages_show_list'],
        ownerId: '5550001',
      },
      {
        id: '103',
        name: 'Bakery Jobs',
        username: 'Bakery Jobs',
        pictureUrl: null,
        type: 'page',
        tokens: tokens('EAAGpageToken103'),
        scopes: ['pages_show_list'],
        ownerId: '5550001',
      },
    ]);
  });

  it('does not offer a Page the user may not publish as', async () => {
    const analystOnly = { id: '201', name: 'Watched Page', access_token: 'EAAGpageToken201', tasks: ['ANALYZE'] };
    const editor = { id: '202', name: 'Edited Page', access_token: 'EAAGpageToken202', tasks: ['CREATE_CONTENT'] };
    const { adapter } = adapterWith(
      answer(200, { id: '5550001' }),
      answer(200, { data: [analystOnly, editor], paging: { cursors: {} } }),
    );
    const accounts = await adapter.listSelectable({ accessToken: LONG_USER_TOKEN, scopes: [] }, APP);
    expect(accounts.map((account) => account.id)).toEqual(['202']);
  });

  it('adds the user token to a next link that lacks it', async () => {
    const next = `${GRAPH}/me/accounts?after=QVFIUmJ5`;
    const { adapter, http } = adapterWith(
      answer(200, { id: '5550001' }),
      answer(200, { ...accountsFirstPage, paging: { next } }),
      answer(200, accountsLastPage),
    );
    await adapter.listSelectable({ accessToken: LONG_USER_TOKEN, scopes: [] }, APP);
    expect(http.requests[2]).toEqual({ method: 'GET', url: next, query: { access_token: LONG_USER_TOKEN } });
  });

  it('never sends the user token to a next link on another host', async () => {
    const { adapter, http } = adapterWith(
      answer(200, { id: '5550001' }),
      answer(200, { ...accountsFirstPage, paging: { next: 'https://evil.example/me/accounts?after=x' } }),
    );
    await expect(adapter.listSelectable({ accessToken: LONG_USER_TOKEN, scopes: [] }, APP)).rejects.toMatchObject({
      kind: 'permanent',
    });
    expect(http.requests).toHaveLength(2);
  });

  it('classifies an expired user token while listing pages', async () => {
    const { adapter } = adapterWith(answer(400, graphErrorAnswer(190, 463)));
    await expect(adapter.listSelectable({ accessToken: LONG_USER_TOKEN, scopes: [] }, APP)).rejects.toMatchObject({
      kind: 'auth_expired',
      details: { status: 400, code: 190, subcode: 463 },
    });
  });

  it.each([true, { success: true }])(
    'revokes with DELETE /me/permissions and the user token (answer %j)',
    async (body) => {
      const { adapter, http } = adapterWith(answer(200, body));
      await adapter.revoke({ accessToken: 'EAAGpageToken101', userAccessToken: LONG_USER_TOKEN }, APP);
      expect(http.requests).toEqual([
        { method: 'DELETE', url: `${GRAPH}/me/permissions`, query: { access_token: LONG_USER_TOKEN } },
      ]);
    },
  );

  it('fails a revoke the network did not confirm', async () => {
    const { adapter } = adapterWith(answer(200, { success: false }));
    await expect(adapter.revoke({ accessToken: 'p', userAccessToken: LONG_USER_TOKEN }, APP)).rejects.toBeInstanceOf(
      NetworkError,
    );
  });

  it('fails a revoke without a user token, without calling Facebook', async () => {
    const { adapter, http } = adapterWith();
    await expect(adapter.revoke({ accessToken: 'EAAGpageToken101' }, APP)).rejects.toMatchObject({ kind: 'permanent' });
    expect(http.requests).toHaveLength(0);
  });

  it('is installed by its module, with settings from the environment', async () => {
    const config = loadConfig({ NETWORK_EMULATOR: 'on', PUBLIC_URL: 'https://social.example.com' });
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(config), facebookNetwork.module],
    }).compile();
    const adapter = moduleRef.get(facebookNetwork.adapter);
    expect(adapter).toBeInstanceOf(FacebookAdapter);
    expect(adapter.emulated).toBe(true);
    expect(adapter.authorizeUrl({ state: 's', codeChallenge: '', callbackUrl: CALLBACK, app: APP })).toMatch(
      /^https:\/\/social\.example\.com\/emulator\/facebook\/v25\.0\/dialog\/oauth\?client_id=app-123&/,
    );
  });
});
