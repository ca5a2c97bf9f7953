import { LinkedInContract, LinkedInRequest, operationPath } from './linkedin-contract';
import { linkedInApiRules } from './linkedin-rules';

const NOW = new Date('2026-11-26T12:00:00Z');
const HEADERS = { 'linkedin-version': linkedInApiRules().versions.pinned, 'x-restli-protocol-version': '2.0.0' };
const post = {
  author: 'urn:li:organization:1',
  commentary: 'Hello',
  visibility: 'PUBLIC',
  distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
  lifecycleState: 'PUBLISHED',
};
const check = (request: Partial<LinkedInRequest>) =>
  LinkedInContract.load()
    .checkRequest({
      method: 'POST',
      path: '/rest/posts',
      headers: HEADERS,
      query: {},
      body: post,
      now: NOW,
      ...request,
    })
    .map((violation) => violation.message);

describe('LinkedInContract', () => {
  it("takes a follower count's query as Organization Lookup and Member Follower Statistics describe it", () => {
    const get = (path: string, query: Record<string, string>) => check({ method: 'GET', path, query, body: undefined });
    const organization = '/rest/networkSizes/urn%3Ali%3Aorganization%3A2414183';
    expect(get(organization, { edgeType: 'COMPANY_FOLLOWED_BY_MEMBER' })).toEqual([]);
    // The spelling of the unversioned /v2 API is not the versioned one's.
    expect(get(organization, { edgeType: 'CompanyFollowedByMember' })).toEqual([
      'edgeType must be COMPANY_FOLLOWED_BY_MEMBER',
    ]);
    expect(get('/rest/networkSizes/urn%3Ali%3Aperson%3Aabc', { edgeType: 'COMPANY_FOLLOWED_BY_MEMBER' })).toEqual([
      'networkSizes takes an organization URN',
    ]);
    expect(get('/rest/memberFollowersCount', { q: 'me' })).toEqual([]);
    expect(get('/rest/memberFollowersCount', { q: 'dateRange' })).toEqual(['q=me is required (the lifetime finder)']);
  });

  it('takes a post as the Posts API describes it', () => {
    expect(check({})).toEqual([]);
    expect(
      check({
        body: {
          ...post,
          content: {
            poll: { question: 'Q?', options: [{ text: 'A' }, { text: 'B' }], settings: { duration: 'ONE_DAY' } },
          },
        },
      }),
    ).toEqual([]);
  });

  it('refuses a versioned call without its headers or with a sunset version, naming what LinkedIn answers', () => {
    const contract = LinkedInContract.load();
    const [missing] = contract.checkRequest({
      method: 'GET',
      path: '/rest/posts',
      headers: {},
      query: {},
      body: undefined,
      now: NOW,
    });
    expect(missing).toMatchObject({ status: 400, code: 'VERSION_MISSING' });
    const [sunset] = contract.checkRequest({
      method: 'GET',
      path: '/rest/posts',
      headers: { ...HEADERS, 'linkedin-version': '202511' },
      query: {},
      body: undefined,
      now: NOW,
    });
    expect(sunset).toMatchObject({ status: 426, code: 'NONEXISTENT_VERSION' });
    expect(check({ headers: { 'linkedin-version': HEADERS['linkedin-version'] } })).toEqual([
      'X-Restli-Protocol-Version must be 2.0.0',
    ]);
    // The unversioned endpoints take no version.
    expect(
      contract.checkRequest({ method: 'GET', path: '/v2/userinfo', headers: {}, query: {}, body: undefined, now: NOW }),
    ).toEqual([]);
  });

  it('refuses what the schema refuses: a missing field, an unknown one, an enum value, CONNECTIONS for an organization, a poll of 5, a document without title', () => {
    const { lifecycleState: _dropped, ...withoutState } = post;
    expect(check({ body: withoutState })).toEqual(['lifecycleState is required']);
    expect(check({ body: { ...post, specificContent: {} } })).toEqual(['specificContent is not a field of a post']);
    expect(check({ body: { ...post, visibility: 'FRIENDS' } })).toEqual([
      'visibility must be one of PUBLIC, CONNECTIONS, LOGGED_IN, CONTAINER',
    ]);
    expect(check({ body: { ...post, visibility: 'CONNECTIONS' } })).toEqual([
      "visibility CONNECTIONS is for a member's post only",
    ]);
    const options = ['A', 'B', 'C', 'D', 'E'].map((text) => ({ text }));
    expect(
      check({ body: { ...post, content: { poll: { question: 'Q?', options, settings: { duration: 'ONE_DAY' } } } } }),
    ).toEqual(['content.poll.options must hold 2 to 4 options']);
    expect(check({ body: { ...post, content: { media: { id: 'urn:li:document:D1' } } } })).toEqual([
      'content.media.title is required for a document',
    ]);
    expect(check({ body: { ...post, content: { carousel: {} } } })).toEqual([
      'content.carousel is not taken by an organic post',
    ]);
  });

  it('checks an upload initialization, a finalize, a comment and the token form', () => {
    const upload = (path: string, query: Record<string, string>, body: unknown) =>
      LinkedInContract.load().checkRequest({ method: 'POST', path, headers: HEADERS, query, body, now: NOW });
    expect(
      upload('/rest/images', { action: 'initializeUpload' }, { initializeUploadRequest: { owner: 'urn:li:person:a' } }),
    ).toEqual([]);
    expect(upload('/rest/images', { action: 'finalizeUpload' }, {}).map((v) => v.message)).toEqual([
      'action must be one of initializeUpload',
    ]);
    expect(
      upload(
        '/rest/videos',
        { action: 'finalizeUpload' },
        { finalizeUploadRequest: { video: 'urn:li:video:1', uploadToken: '', uploadedPartIds: [] } },
      ),
    ).toEqual([]);
    expect(
      upload(
        `/rest/socialActions/${encodeURIComponent('urn:li:share:1')}/comments`,
        {},
        { actor: 'urn:li:person:a', object: 'urn:li:share:1' },
      ).map((v) => v.message),
    ).toEqual(['message is required']);
    const token = LinkedInContract.load().checkRequest({
      method: 'POST',
      path: '/oauth/v2/accessToken',
      headers: {},
      query: {},
      body: { grant_type: 'refresh_token', refresh_token: 'r', client_id: 'c' },
      now: NOW,
    });
    expect(token.map((v) => v.message)).toEqual(['client_secret is required']);
  });

  it('names an operation by its template', () => {
    expect(operationPath(`/rest/posts/${encodeURIComponent('urn:li:share:1')}`)).toBe('/rest/posts/{urn}');
    expect(operationPath('/rest/organizations/123')).toBe('/rest/organizations/{urn}');
  });
});
