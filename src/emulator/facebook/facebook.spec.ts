import { FastifyInstance } from 'fastify';
import { CLIENT, emulatorApp, facebookUserToken, form, query, REDIRECT_URI, redirectOf } from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';

const DIALOG = '/emulator/facebook/v25.0/dialog/oauth';
const GRAPH = '/emulator/facebook/graph/v25.0';
const SCOPE = 'pages_show_list,pages_read_engagement,pages_manage_posts';

describe('emulated Facebook Login and Pages', () => {
  let app: FastifyInstance;
  let state: EmulatorState;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
  });
  afterEach(() => app.close());

  const dialogQuery = (extra: Record<string, string> = {}) =>
    query({
      client_id: CLIENT.id,
      redirect_uri: REDIRECT_URI,
      state: 'st-1',
      response_type: 'code',
      scope: SCOPE,
      ...extra,
    });

  it("shows a consent page listing the test user's Pages, whose Approve redirects with code and state", async () => {
    const page = await app.inject({ url: `${DIALOG}?${dialogQuery()}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const listed of state.findUser()!.pages) expect(page.body).toContain(listed.name);
    expect(page.body).toContain('value="approve"');

    const approved = await app.inject({
      method: 'POST',
      url: DIALOG,
      ...form({
        client_id: CLIENT.id,
        redirect_uri: REDIRECT_URI,
        state: 'st-1',
        response_type: 'code',
        scope: SCOPE,
        emulator_user: 'ada',
        decision: 'approve',
      }),
    });
    const location = redirectOf(approved);
    expect(`${location.origin}${location.pathname}`).toBe('https://service.test/oauth/callback');
    expect(location.searchParams.get('keep')).toBe('1');
    expect(location.searchParams.get('state')).toBe('st-1');
    expect(location.searchParams.get('code')).toMatch(/^AQ/);
  });

  it('redirects a denial with access_denied, user_denied and the state', async () => {
    const denied = redirectOf(await app.inject({ url: `${DIALOG}?${dialogQuery({ emulator_auto: 'deny' })}` }));
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('error_reason')).toBe('user_denied');
    expect(denied.searchParams.get('error_description')).toBeTruthy();
    expect(denied.searchParams.get('state')).toBe('st-1');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('refuses a bad authorize request with an error page that redirects nowhere', async () => {
    const bads: Record<string, string>[] = [
      { redirect_uri: 'not a url' },
      { scope: 'pages_show_list,steal_everything' },
      { state: '' },
      { emulator_user: 'nobody' },
    ];
    for (const bad of bads) {
      const response = await app.inject({ url: `${DIALOG}?${dialogQuery({ ...bad, emulator_auto: 'approve' })}` });
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['content-type']).toContain('text/html');
    }
  });

  it('exchanges a code once, only with the same redirect_uri, for a short-lived then a long-lived token', async () => {
    const code = redirectOf(
      await app.inject({ url: `${DIALOG}?${dialogQuery({ emulator_auto: 'approve' })}` }),
    ).searchParams.get('code')!;
    const exchange = (redirectUri: string) =>
      app.inject({
        url: `${GRAPH}/oauth/access_token?${query({ client_id: CLIENT.id, client_secret: CLIENT.secret, redirect_uri: redirectUri, code })}`,
      });

    const mismatch = await exchange('https://service.test/other');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatchObject({ type: 'OAuthException', code: 100, error_subcode: 36008 });
    expect(mismatch.json().error.fbtrace_id).toBeTruthy();

    const short = await exchange(REDIRECT_URI);
    expect(short.statusCode).toBe(200);
    expect(short.json()).toEqual({
      access_token: expect.stringMatching(/^EAA/),
      token_type: 'bearer',
      expires_in: 3600,
    });

    const reused = await exchange(REDIRECT_URI);
    expect(reused.json().error).toMatchObject({ code: 100, error_subcode: 36009 });

    const long = await app.inject({
      url: `${GRAPH}/oauth/access_token?${query({ grant_type: 'fb_exchange_token', client_id: CLIENT.id, client_secret: CLIENT.secret, fb_exchange_token: short.json().access_token })}`,
    });
    expect(long.json()).toEqual({
      access_token: expect.stringMatching(/^EAA/),
      token_type: 'bearer',
      expires_in: 5183944,
    });
  });

  it('lists /me/accounts two at a time, following absolute paging.next links, with Page tokens and Instagram accounts', async () => {
    const token = await facebookUserToken(app, SCOPE);
    const fields = 'id,name,access_token,tasks,picture{url},instagram_business_account{id,username}';
    const first = await app.inject({ url: `${GRAPH}/me/accounts?${query({ fields, access_token: token })}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-app-usage']).toBeDefined();
    const body = first.json();
    expect(body.data).toHaveLength(2);
    expect(body.paging.cursors.after).toBeTruthy();
    const next = new URL(body.paging.next);
    expect(next.protocol).toBe('http:');
    expect(next.searchParams.get('fields')).toBe(fields);

    const second = (await app.inject({ url: `${next.pathname}${next.search}` })).json();
    expect(second.data).toHaveLength(1);
    expect(second.paging.next).toBeUndefined();

    const pages = [...body.data, ...second.data];
    const seeded = state.findUser()!.pages;
    expect(pages.map((page: { id: string }) => page.id)).toEqual(seeded.map((page) => page.id));
    expect(pages[0]).toEqual({
      id: seeded[0].id,
      name: seeded[0].name,
      access_token: expect.stringMatching(/^EAA/),
      tasks: expect.arrayContaining(['CREATE_CONTENT']),
      picture: { data: { url: seeded[0].pictureUrl } },
      instagram_business_account: { id: seeded[0].instagram!.id, username: seeded[0].instagram!.username },
    });
    expect(pages[2].instagram_business_account).toBeUndefined();

    // A Page token made from a long-lived user token does not expire, and /me with it is the Page.
    const me = await app.inject({ url: `${GRAPH}/me?access_token=${pages[0].access_token}` });
    expect(me.json()).toEqual({ id: seeded[0].id, name: seeded[0].name });
    expect(state.credentials.check(pages[0].access_token)).toMatchObject({
      ok: true,
      token: { kind: 'page', expiresAt: undefined },
    });
  });

  it('answers the Instagram account of a Page on the Facebook Graph', async () => {
    const token = await facebookUserToken(app);
    const instagram = state.findUser()!.pages[0].instagram!;
    const response = await app.inject({
      url: `${GRAPH}/${instagram.id}?fields=id,username,name,profile_picture_url&access_token=${token}`,
    });
    expect(response.json()).toEqual({
      id: instagram.id,
      username: instagram.username,
      name: instagram.name,
      profile_picture_url: instagram.profilePictureUrl,
    });
  });

  it('fails /me with 190 while a token_expired fault is set, then recovers when its count is used up', async () => {
    const token = await facebookUserToken(app, SCOPE);
    const fault = await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'facebook', accountId: state.findUser()!.facebookUserId, fault: 'token_expired', count: 1 },
    });
    expect(fault.statusCode).toBe(201);

    const failed = await app.inject({ url: `${GRAPH}/me?access_token=${token}` });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().error).toMatchObject({ type: 'OAuthException', code: 190, error_subcode: 463 });

    const recovered = await app.inject({ url: `${GRAPH}/me?access_token=${token}` });
    expect(recovered.json()).toEqual({ id: state.findUser()!.facebookUserId, name: 'Ada Emulator' });
  });

  it('revokes with DELETE /me/permissions: user and Page tokens stop working (190/458)', async () => {
    const token = await facebookUserToken(app, SCOPE);
    const pageToken = (await app.inject({ url: `${GRAPH}/me/accounts?access_token=${token}` })).json().data[0]
      .access_token;
    const revoke = await app.inject({ method: 'DELETE', url: `${GRAPH}/me/permissions?access_token=${token}` });
    expect(revoke.json()).toEqual({ success: true });
    for (const dead of [token, pageToken]) {
      const response = await app.inject({ url: `${GRAPH}/me?access_token=${dead}` });
      expect(response.json().error).toMatchObject({ code: 190, error_subcode: 458 });
    }
  });

  it('answers a missing or unknown token and an unknown field in the Graph envelope', async () => {
    expect((await app.inject({ url: `${GRAPH}/me` })).json().error.code).toBe(104);
    expect((await app.inject({ url: `${GRAPH}/me?access_token=nope` })).json().error.code).toBe(190);
    const token = await facebookUserToken(app, SCOPE);
    const unknownField = await app.inject({ url: `${GRAPH}/me?fields=id,shoe_size&access_token=${token}` });
    expect(unknownField.json().error).toMatchObject({ code: 100, message: expect.stringContaining('shoe_size') });
  });
});
