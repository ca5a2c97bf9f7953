import { answer, APP, CALLBACK, RecordingHttp } from '../http/recording-http.testing';
import { LinkedInAdapter } from './linkedin.adapter';
import { LinkedInSettings } from './linkedin.settings';
import { adapterWith, contractViolations, LI_API, LI_OAUTH, LI_ORG, settings } from './linkedin.fixtures';

describe('LinkedInAdapter connect, refresh, comments, metrics', () => {
  it('asks every scope space-separated, without PKCE', () => {
    const { adapter } = adapterWith();
    const url = new URL(adapter.authorizeUrl({ state: 'st', codeChallenge: 'cc', callbackUrl: CALLBACK, app: APP }));
    expect(url.origin + url.pathname).toBe(`${LI_OAUTH}/authorization`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: APP.clientId,
      redirect_uri: CALLBACK,
      state: 'st',
      scope: 'openid profile w_member_social w_organization_social r_organization_social rw_organization_admin',
    });
    expect(url.search).toContain('scope=openid%20profile%20w_member_social');
  });

  it("asks the member's scopes only where the app has no Community Management API (LINKEDIN_ORGANIZATIONS=false)", () => {
    const memberOnly = new LinkedInAdapter(
      new LinkedInSettings(
        settings.authorizeUrl,
        LI_OAUTH,
        LI_API,
        settings.version,
        APP,
        false,
        1000,
        undefined,
        undefined,
        false,
      ),
      new RecordingHttp(),
    );
    const url = new URL(memberOnly.authorizeUrl({ state: 'st', codeChallenge: 'cc', callbackUrl: CALLBACK, app: APP }));
    expect(url.searchParams.get('scope')).toBe('openid profile w_member_social');
  });

  it('exchanges the code, then offers the member and each organization they may post for (not one they only analyse)', async () => {
    const { adapter, http } = adapterWith(
      answer(200, {
        access_token: 'AQV1',
        expires_in: 5184000,
        refresh_token: 'AQX1',
        refresh_token_expires_in: 31536000,
        scope: 'openid,profile,w_member_social,w_organization_social,r_organization_social,rw_organization_admin',
      }),
      answer(200, { sub: 'abc123', name: 'Ada Lovelace', picture: 'https://media.licdn.com/ada.jpg' }),
      answer(200, {
        elements: [
          { roleAssignee: 'urn:li:person:abc123', role: 'ADMINISTRATOR', state: 'APPROVED', organization: LI_ORG },
          {
            roleAssignee: 'urn:li:person:abc123',
            role: 'ANALYST',
            state: 'APPROVED',
            organization: 'urn:li:organization:9',
          },
        ],
      }),
      answer(200, { id: 2414183, localizedName: 'Ada Bakery', vanityName: 'ada-bakery' }),
    );
    const grant = await adapter.exchangeCode({ code: 'c', codeVerifier: 'v', callbackUrl: CALLBACK, app: APP });
    expect(grant).toMatchObject({
      accessToken: 'AQV1',
      refreshToken: 'AQX1',
      scopes: expect.arrayContaining(['rw_organization_admin']),
    });
    expect(grant.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    const offered = await adapter.listSelectable(grant, APP);
    expect(offered.map(({ id, name, type, username }) => ({ id, name, type, username }))).toEqual([
      { id: 'urn:li:person:abc123', name: 'Ada Lovelace', type: 'member', username: 'Ada Lovelace' },
      { id: LI_ORG, name: 'Ada Bakery', type: 'organization', username: 'ada-bakery' },
    ]);
    expect(http.requests[0]).toMatchObject({
      method: 'POST',
      url: `${LI_OAUTH}/accessToken`,
      form: expect.objectContaining({ grant_type: 'authorization_code' }),
    });
    expect(http.requests[2]!.url).toBe(`${LI_API}/rest/organizationAcls?q=roleAssignee&state=APPROVED`);
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('refreshes with the refresh token (kept), and without one has nothing to refresh', async () => {
    const { adapter, http } = adapterWith(
      answer(200, { access_token: 'AQV2', expires_in: 5184000, refresh_token: 'AQX1', scope: 'openid' }),
    );
    const refreshed = await adapter.refresh({ accessToken: 'AQV1', refreshToken: 'AQX1' }, APP);
    expect(refreshed).toMatchObject({ accessToken: 'AQV2', refreshToken: 'AQX1' });
    expect(http.requests[0]!.form).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'AQX1',
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
    });
    expect(await adapterWith().adapter.refresh({ accessToken: 'AQV1' }, APP)).toBeUndefined();
    const expired = adapterWith(
      answer(400, { error: 'invalid_grant', error_description: 'The refresh token expired' }),
    );
    await expect(expired.adapter.refresh({ accessToken: 'AQV1', refreshToken: 'AQX1' }, APP)).rejects.toMatchObject({
      kind: 'auth_expired',
    });
  });

  it("reads an organization's share statistics in the service's names, and a member's post without r_member_postAnalytics as missing_permission", async () => {
    const { adapter, http } = adapterWith(
      answer(200, {
        elements: [
          {
            totalShareStatistics: {
              impressionCount: 100,
              uniqueImpressionsCount: 80,
              clickCount: 5,
              likeCount: 7,
              commentCount: 2,
              shareCount: 1,
            },
          },
        ],
      }),
    );
    const call = { tokens: { accessToken: 'AQV1' }, app: APP, platformPostId: 'urn:li:share:1' };
    const reading = await adapter.postMetrics({
      ...call,
      networkAccountId: LI_ORG,
      permissions: ['rw_organization_admin', 'w_organization_social'],
    });
    expect(reading).toEqual({
      impressions: { value: 100 },
      reach: { value: 80 },
      clicks: { value: 5 },
      likes: { value: 7 },
      comments: { value: 2 },
      shares: { value: 1 },
    });
    expect(http.requests[0]!.url).toBe(
      `${LI_API}/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=urn%3Ali%3Aorganization%3A2414183&shares=List(urn%3Ali%3Ashare%3A1)`,
    );
    const member = await adapter.postMetrics({
      ...call,
      networkAccountId: 'urn:li:person:abc',
      permissions: ['w_member_social'],
    });
    expect(member.impressions).toEqual({
      unavailable: 'missing_permission',
      message: expect.stringContaining('r_member_postAnalytics'),
    });
  });

  it("reads an organization's followers (networkSizes) and a member's (memberFollowersCount) where the login has the scope", async () => {
    const { adapter, http } = adapterWith(
      answer(200, { firstDegreeSize: 219145 }),
      answer(200, { elements: [{ memberFollowersCount: 100 }], paging: { count: 10, start: 0, links: [] } }),
      answer(403, { status: 403, code: 'ACCESS_DENIED', message: 'Not enough permissions to access' }),
    );
    const call = { tokens: { accessToken: 'AQV1' }, app: APP };
    expect(
      await adapter.accountMetrics({ ...call, networkAccountId: LI_ORG, permissions: ['rw_organization_admin'] }),
    ).toEqual({ followers: { value: 219145 } });
    expect(http.requests[0]!.url).toBe(
      `${LI_API}/rest/networkSizes/urn%3Ali%3Aorganization%3A2414183?edgeType=COMPANY_FOLLOWED_BY_MEMBER`,
    );
    // The service does not ask r_member_profileAnalytics: without it, nothing is asked of LinkedIn.
    const member = { ...call, networkAccountId: 'urn:li:person:abc' };
    expect(await adapter.accountMetrics({ ...member, permissions: ['w_member_social'] })).toEqual({
      followers: { unavailable: 'missing_permission', message: expect.stringContaining('r_member_profileAnalytics') },
    });
    expect(http.requests).toHaveLength(1);
    expect(
      await adapter.accountMetrics({ ...member, permissions: ['w_member_social', 'r_member_profileAnalytics'] }),
    ).toEqual({ followers: { value: 100 } });
    expect(http.requests[1]!.url).toBe(`${LI_API}/rest/memberFollowersCount?q=me`);
    // LinkedIn's 403 (a role the member lost on the organization): missing_permission, not a failed read.
    expect(
      await adapter.accountMetrics({ ...call, networkAccountId: LI_ORG, permissions: ['rw_organization_admin'] }),
    ).toEqual({
      followers: { unavailable: 'missing_permission', message: expect.stringContaining('403 ACCESS_DENIED') },
    });
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('answers a comment once: when resuming, its own answer under the same parent is adopted', async () => {
    const parent = 'urn:li:comment:(urn:li:activity:1,2)';
    const mine = 'urn:li:comment:(urn:li:activity:1,3)';
    const { adapter, http } = adapterWith(
      answer(200, {
        elements: [
          {
            $URN: mine,
            actor: LI_ORG,
            message: { text: 'Thanks \\(really\\)' },
            created: { time: 1 },
            parentComment: parent,
          },
        ],
        paging: { start: 0, count: 50, total: 1 },
      }),
    );
    const id = await adapter.comments.answer({
      networkAccountId: LI_ORG,
      username: 'ada-bakery',
      tokens: { accessToken: 'AQV1' },
      app: APP,
      objectId: 'urn:li:share:1',
      text: 'Thanks (really)',
      replyToId: parent,
      resuming: true,
    });
    expect(id).toBe(mine);
    expect(http.requests).toHaveLength(1);
    expect(adapter.comments.commentId.pattern.test(parent)).toBe(true);
  });
});
