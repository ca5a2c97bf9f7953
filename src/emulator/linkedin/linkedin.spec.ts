import { FastifyInstance } from 'fastify';
import { linkedInApiRules } from '../../contracts';
import { contractLog } from '../contracts/contract-log';
import { CLIENT, emulatorApp, linkedInTokens } from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';

const API = '/emulator/linkedin/api';
/** The version the service sends (an active one: a unit test of the adapter fails 60 days before its sunset). */
const VERSION = linkedInApiRules().versions.pinned;
const HEADERS = { 'LinkedIn-Version': VERSION, 'X-Restli-Protocol-Version': '2.0.0' };

describe('emulated LinkedIn', () => {
  let app: FastifyInstance;
  let state: EmulatorState;
  let token: string;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
    contractLog.take();
    token = (await linkedInTokens(app)).access_token;
  });
  afterEach(() => app.close());

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    payload?: unknown,
    headers: Record<string, string> = HEADERS,
  ) =>
    app.inject({
      method,
      url: `${API}${path}`,
      headers: {
        Authorization: `Bearer ${token}`,
        ...headers,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    });
  const member = () => state.findUser()!.linkedin!;
  const postBody = (author: string, extra: Record<string, unknown> = {}) => ({
    author,
    commentary: 'Fresh bread \\(rye\\) today',
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
    ...extra,
  });

  it('issues a 60-day access token and a refresh token whose end a refresh does not move', async () => {
    const tokens = await linkedInTokens(app);
    expect(tokens).toMatchObject({
      expires_in: 5184000,
      refresh_token: expect.any(String),
      scope: expect.stringContaining('w_member_social'),
    });
    const refreshed = await app.inject({
      method: 'POST',
      url: '/emulator/linkedin/oauth/v2/accessToken',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      }).toString(),
    });
    expect(refreshed.json()).toMatchObject({ refresh_token: tokens.refresh_token, expires_in: 5184000 });
  });

  it('refuses a call without LinkedIn-Version, with a sunset one (426 NONEXISTENT_VERSION), or without Rest.li 2.0', async () => {
    const missing = await call('GET', '/rest/organizationAcls?q=roleAssignee', undefined, {
      'X-Restli-Protocol-Version': '2.0.0',
    });
    expect(missing.statusCode).toBe(400);
    const sunset = await call('GET', '/rest/organizationAcls?q=roleAssignee', undefined, {
      ...HEADERS,
      'LinkedIn-Version': '202511',
    });
    expect(sunset.statusCode).toBe(426);
    expect(sunset.json()).toEqual({
      status: 426,
      code: 'NONEXISTENT_VERSION',
      message: 'Requested version 202511 is not active',
    });
    const noRestli = await call('GET', '/rest/organizationAcls?q=roleAssignee', undefined, {
      'LinkedIn-Version': '202603',
    });
    expect(noRestli.statusCode).toBe(400);
    expect(contractLog.take().map((violation) => violation.message)).toEqual([
      'LinkedIn-Version is missing',
      'LinkedIn-Version 202511 is not active',
      'X-Restli-Protocol-Version must be 2.0.0',
    ]);
  });

  it('names the member and the organizations they administer', async () => {
    const info = await app.inject({ url: `${API}/v2/userinfo`, headers: { Authorization: `Bearer ${token}` } });
    expect(info.json()).toMatchObject({ sub: member().sub, name: 'Ada Emulator' });
    const acls = await call('GET', '/rest/organizationAcls?q=roleAssignee&state=APPROVED');
    expect(acls.json().elements).toEqual([
      {
        roleAssignee: member().urn,
        role: 'ADMINISTRATOR',
        state: 'APPROVED',
        organization: member().organizations[0]!.urn,
      },
    ]);
  });

  it('creates a post (201, its URN in x-restli-id), cuts a text at an unescaped reserved character, and refuses the same post again', async () => {
    const created = await call('POST', '/rest/posts', postBody(member().urn));
    expect(created.statusCode).toBe(201);
    const urn = created.headers['x-restli-id'] as string;
    expect(urn).toMatch(/^urn:li:share:\d+$/);
    expect(state.published.find('linkedin', urn)!.text).toBe('Fresh bread (rye) today');
    const again = await call('POST', '/rest/posts', postBody(member().urn));
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(`Content is a duplicate of ${urn}`);
    const cut = await call('POST', '/rest/posts', postBody(member().urn, { commentary: 'Bread (rye) today' }));
    const item = state.published.find('linkedin', cut.headers['x-restli-id'] as string)!;
    expect(item.text).toBe('Bread ');
    expect(item.linkedin!.truncated).toBe(true);
    expect(contractLog.take()).toEqual([]);
  });

  it('uploads a video in parts with ETags, finalizes it, and posts it only once AVAILABLE', async () => {
    const owner = member().organizations[0]!.urn;
    const size = 5 * 1024 * 1024;
    const init = await call('POST', '/rest/videos?action=initializeUpload', {
      initializeUploadRequest: { owner, fileSizeBytes: size, uploadCaptions: false, uploadThumbnail: false },
    });
    const { video, uploadInstructions, uploadToken } = init.json().value;
    expect(
      uploadInstructions.map((part: { firstByte: number; lastByte: number }) => [part.firstByte, part.lastByte]),
    ).toEqual([
      [0, 4194303],
      [4194304, size - 1],
    ]);
    const etags: string[] = [];
    for (const part of uploadInstructions) {
      const url = new URL(part.uploadUrl);
      const put = await app.inject({
        method: 'PUT',
        url: url.pathname + url.search,
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        payload: Buffer.alloc(part.lastByte - part.firstByte + 1, 1),
      });
      expect(put.body).toBe('');
      expect(put.statusCode).toBe(200);
      etags.push(put.headers.etag as string);
    }
    const early = await call('POST', '/rest/posts', postBody(owner, { content: { media: { id: video } } }));
    expect(early.statusCode).toBe(422);
    const finalized = await call('POST', '/rest/videos?action=finalizeUpload', {
      finalizeUploadRequest: { video, uploadToken, uploadedPartIds: etags },
    });
    expect(finalized.statusCode).toBe(200);
    const reads = [];
    for (let i = 0; i < 2; i++)
      reads.push((await call('GET', `/rest/videos/${encodeURIComponent(video)}`)).json().status);
    expect(reads).toEqual(['PROCESSING', 'AVAILABLE']);
    const posted = await call(
      'POST',
      '/rest/posts',
      postBody(owner, { content: { media: { id: video, title: 'Kneading' } } }),
    );
    expect(posted.statusCode).toBe(201);
    expect(contractLog.take().map((violation) => violation.message)).toEqual([]);
  });

  it("refuses a member's token posting for an organization without its scope, or for one they have no role on", async () => {
    token = (await linkedInTokens(app, 'openid profile w_member_social')).access_token;
    const refused = await call('POST', '/rest/posts', postBody(member().organizations[0]!.urn));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCESS_DENIED');
    const other = await call('POST', '/rest/posts', postBody('urn:li:organization:1'));
    expect(other.statusCode).toBe(403);
  });

  it('lists comments newest first and answers them, and reads share statistics for an organization', async () => {
    const owner = member().organizations[0]!.urn;
    const urn = (await call('POST', '/rest/posts', postBody(owner))).headers['x-restli-id'] as string;
    const path = `/rest/socialActions/${encodeURIComponent(urn)}/comments`;
    const first = await call('POST', path, { actor: owner, object: urn, message: { text: 'Thanks\\!' } });
    expect(first.statusCode).toBe(201);
    const comment = decodeURIComponent(first.headers['x-restli-id'] as string);
    await call('POST', path, { actor: owner, object: urn, message: { text: 'More' }, parentComment: comment });
    const listed = await call('GET', `${path}?start=0&count=10`);
    expect(listed.json().elements.map((element: { message: { text: string } }) => element.message.text)).toEqual([
      'More',
      'Thanks\\!',
    ]);
    const statistics = await call(
      'GET',
      `/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent(owner)}&shares=List(${encodeURIComponent(urn)})`,
    );
    expect(statistics.json().elements[0].totalShareStatistics).toMatchObject({
      impressionCount: expect.any(Number),
      likeCount: expect.any(Number),
    });
    const deleted = await call('DELETE', `/rest/posts/${encodeURIComponent(urn)}`);
    expect(deleted.statusCode).toBe(204);
  });

  it("answers an organization's and a member's followers to the scope and role LinkedIn asks, by LinkedIn's field names", async () => {
    const organization = member().organizations[0]!.urn;
    const sizes = (urn: string, edgeType = 'COMPANY_FOLLOWED_BY_MEMBER') =>
      call('GET', `/rest/networkSizes/${encodeURIComponent(urn)}?edgeType=${edgeType}`);
    await app.inject({
      method: 'PUT',
      url: '/emulator/control/metrics',
      payload: { network: 'linkedin', objectId: organization, metrics: { firstDegreeSize: 4321 } },
    });
    const size = await sizes(organization);
    expect({ status: size.statusCode, body: size.json() }).toEqual({ status: 200, body: { firstDegreeSize: 4321 } });
    expect(contractLog.take()).toEqual([]);
    // The unversioned API's spelling, an organization the member has no role on, a person.
    expect((await sizes(organization, 'CompanyFollowedByMember')).json()).toMatchObject({
      status: 400,
      code: 'ILLEGAL_ARGUMENT',
    });
    contractLog.take();
    expect((await sizes('urn:li:organization:1')).json()).toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
    expect((await sizes(member().urn)).statusCode).toBe(400);
    contractLog.take();
    // Without rw_organization_admin: 403.
    token = (await linkedInTokens(app, 'openid profile w_organization_social')).access_token;
    expect((await sizes(organization)).json()).toMatchObject({
      status: 403,
      code: 'ACCESS_DENIED',
      message: expect.stringContaining('rw_organization_admin'),
    });

    // A member's own followers need r_member_profileAnalytics, which LinkedIn restricts.
    expect((await call('GET', '/rest/memberFollowersCount?q=me')).json()).toMatchObject({
      status: 403,
      message: expect.stringContaining('r_member_profileAnalytics'),
    });
    token = (await linkedInTokens(app, 'openid profile w_member_social r_member_profileAnalytics')).access_token;
    const followers = await call('GET', '/rest/memberFollowersCount?q=me');
    expect(followers.json().elements).toEqual([{ memberFollowersCount: expect.any(Number) }]);
    expect((await call('GET', '/rest/memberFollowersCount?q=dateRange')).statusCode).toBe(400);
  });
});
