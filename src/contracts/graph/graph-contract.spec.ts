import { GraphContract } from './graph-contract';

const graph = GraphContract.load();
const messages = (violations: { message: string }[]) => violations.map((v) => v.message);
const fb = (node: string, method: string, edge: string | undefined, params: Record<string, string>) =>
  messages(graph.checkCall({ network: 'facebook', node, method, edge, params }));
const ig = (node: string, method: string, edge: string | undefined, params: Record<string, string>) =>
  messages(graph.checkCall({ network: 'instagram', node, method, edge, params }));

describe('GraphContract: calls the adapters make today', () => {
  it('accepts the Facebook publishing calls', () => {
    expect(fb('Page', 'POST', 'feed', { access_token: 't', message: 'hi' })).toEqual([]);
    expect(fb('Page', 'POST', 'feed', { message: 'hi', attached_media: '[{"media_fbid":"1"}]' })).toEqual([]);
    expect(fb('Page', 'POST', 'photos', { url: 'https://a/b.jpg', published: 'false' })).toEqual([]);
    expect(fb('Page', 'POST', 'videos', { upload_phase: 'start', file_size: '10' })).toEqual([]);
    expect(fb('Page', 'POST', 'videos', { upload_phase: 'finish', upload_session_id: 's', description: 'd' })).toEqual(
      [],
    );
    expect(fb('Photo', 'GET', undefined, { fields: 'id,page_story_id' })).toEqual([]);
    expect(fb('Video', 'GET', undefined, { fields: 'status' })).toEqual([]);
    expect(fb('PagePost', 'DELETE', undefined, { access_token: 't' })).toEqual([]);
  });

  it('accepts the account and comment reads, nested fields included', () => {
    expect(
      fb('User', 'GET', 'accounts', {
        fields: 'id,name,access_token,tasks,picture{url},instagram_business_account{id,username}',
      }),
    ).toEqual([]);
    expect(
      fb('PagePost', 'GET', 'comments', {
        filter: 'stream',
        order: 'reverse_chronological',
        fields: 'id,message,from,created_time,parent{id}',
        limit: '50',
        after: 'c',
      }),
    ).toEqual([]);
    expect(fb('Page', 'GET', undefined, { fields: 'followers_count,fan_count' })).toEqual([]);
    expect(
      fb('PagePost', 'GET', undefined, {
        fields: 'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares,permalink_url',
      }),
    ).toEqual([]);
  });

  it('accepts the Instagram publishing calls for both logins', () => {
    expect(ig('IGUser', 'POST', 'media', { image_url: 'https://a/b.jpg', caption: 'c' })).toEqual([]);
    expect(ig('IGUser', 'POST', 'media_publish', { creation_id: '1' })).toEqual([]);
    expect(ig('IGUserForIGOnlyAPI', 'POST', 'media_publish', { creation_id: '1' })).toEqual([]);
    expect(ig('IGContainer', 'GET', undefined, { fields: 'status_code,status' })).toEqual([]);
    expect(ig('IGUser', 'GET', 'content_publishing_limit', { fields: 'quota_usage,config' })).toEqual([]);
    expect(
      ig('IGUserForIGOnlyAPI', 'GET', undefined, { fields: 'user_id,username,name,account_type,profile_picture_url' }),
    ).toEqual([]);
    expect(
      ig('IGMediaForIGOnlyAPI', 'GET', 'comments', {
        fields: 'id,text,username,timestamp,from,parent_id,replies{id,text}',
      }),
    ).toEqual([]);
    expect(ig('IGMedia', 'GET', 'insights', { metric: 'views,reach,shares,saved' })).toEqual([]);
  });
});

describe('GraphContract: what the contract refuses', () => {
  it('refuses an edge or method the node does not have', () => {
    expect(fb('Page', 'DELETE', 'feed', {})).toEqual(['Page has no DELETE edge "feed"']);
    expect(ig('IGMediaForIGOnlyAPI', 'DELETE', undefined, {})).toEqual([
      'IGMediaForIGOnlyAPI has no DELETE on the node itself',
    ]);
  });

  it('refuses unknown parameters but not the universal ones', () => {
    expect(fb('Page', 'POST', 'feed', { message: 'hi', appsecret_proof: 'p', colour: 'red' })).toEqual([
      'unknown parameter "colour"',
    ]);
    // Meta's specs give the Instagram comments edge no parameters: `order` is a Facebook comments parameter.
    expect(ig('IGMedia', 'GET', 'comments', { order: 'reverse_chronological' })).toEqual(['unknown parameter "order"']);
  });

  it('refuses a missing required parameter and a value outside an enum', () => {
    expect(ig('IGUser', 'POST', 'media_publish', {})).toEqual(['missing required parameter "creation_id"']);
    expect(fb('PagePost', 'GET', 'comments', { filter: 'everything' })).toEqual([
      'parameter "filter": "everything" is not one of stream, toplevel',
    ]);
  });

  it('refuses fields that are neither fields nor edges, at any depth', () => {
    expect(fb('PagePost', 'GET', undefined, { fields: 'id,impressions' })).toEqual([
      'fields: "impressions" is neither a field nor an edge of PagePost',
    ]);
    expect(fb('User', 'GET', 'accounts', { fields: 'instagram_business_account{id,handle}' })).toEqual([
      'fields.instagram_business_account: "handle" is neither a field nor an edge of IGUser',
    ]);
    expect(fb('Page', 'GET', undefined, { fields: 'fan_count{x}' })).toEqual([
      'fields: "fan_count" (unsigned int) has no subfields',
    ]);
    expect(fb('Page', 'GET', undefined, { fields: 'picture{url' })).toEqual([
      expect.stringMatching(/^fields: missing "}"/),
    ]);
  });

  it('refuses shares and reactions on a video: the Video node has neither', () => {
    expect(
      fb('Video', 'GET', undefined, {
        fields: 'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares',
      }),
    ).toEqual([
      'fields: "reactions" is neither a field nor an edge of AdVideo',
      'fields: "shares" is neither a field nor an edge of AdVideo',
    ]);
  });

  it('refuses removed insight metrics and names the replacement', () => {
    expect(fb('PagePost', 'GET', 'insights', { metric: 'post_impressions,post_impressions_unique' })).toEqual([
      expect.stringMatching(/^metric "post_impressions" was removed by Meta on 2025-11-15; use post_media_view/),
      expect.stringMatching(
        /^metric "post_impressions_unique" was removed by Meta on 2025-06-15; use post_total_media_view_unique/,
      ),
    ]);
    expect(fb('PagePost', 'GET', 'insights', { metric: 'post_media_view,post_total_media_view_unique' })).toEqual([]);
    expect(graph.removedMetric('post_impressions')).toMatchObject({
      removed: '2025-11-15',
      replacement: 'post_media_view',
    });
    expect(graph.removedMetric('post_media_view')).toBeUndefined();
  });
});

describe('GraphContract: Page reels and stories (issue 25: contracts ahead of the adapters)', () => {
  it('holds the reels and stories edges with their params and enums', () => {
    expect(fb('Page', 'POST', 'video_reels', { upload_phase: 'START' })).toEqual([]);
    expect(
      fb('Page', 'POST', 'video_reels', {
        upload_phase: 'FINISH',
        video_id: '1',
        video_state: 'PUBLISHED',
        description: 'd #tag',
        title: 't',
      }),
    ).toEqual([]);
    expect(fb('Page', 'POST', 'video_reels', { video_id: '1', video_state: 'LIVE' })).toEqual([
      'parameter "video_state": "LIVE" is not one of DRAFT, PUBLISHED, SCHEDULED',
      'missing required parameter "upload_phase"',
    ]);
    expect(fb('Page', 'POST', 'video_stories', { upload_phase: 'FINISH', video_id: '1' })).toEqual([]);
    // Link posts and photo alt text need no new edge: the feed and photos APIs already take them.
    expect(fb('Page', 'POST', 'feed', { message: 'hi', link: 'https://example.com/a' })).toEqual([]);
    expect(
      fb('Page', 'POST', 'photos', { url: 'https://a/b.jpg', published: 'false', alt_text_custom: 'a cat' }),
    ).toEqual([]);
    expect(fb('Page', 'POST', 'photo_stories', { photo_id: '1' })).toEqual([]);
    expect(fb('Page', 'POST', 'photo_stories', { photo_id: '1', message: 'hi' })).toEqual([
      'unknown parameter "message"',
    ]);
    expect(
      fb('Page', 'GET', 'stories', {
        status: 'PUBLISHED',
        fields: 'post_id,status,creation_time,media_type,media_id,url',
      }),
    ).toEqual([]);
    expect(fb('Page', 'GET', 'stories', { fields: 'caption' })).toEqual([
      'fields: "caption" is neither a field nor an edge of Stories',
    ]);
  });

  it('needs pages_manage_posts, pages_read_engagement and pages_show_list, as the guides state', () => {
    for (const edge of ['video_reels', 'video_stories', 'photo_stories']) {
      const query = { login: 'facebook' as const, node: 'Page', method: 'POST', edge };
      expect(graph.requiredPermissions(query)).toEqual([
        ['pages_manage_posts', 'pages_read_engagement', 'pages_show_list'],
      ]);
      expect(graph.permissionVerified(query)).toBe(true);
    }
    expect(graph.permissionVerified({ login: 'facebook', node: 'Page', method: 'GET', edge: 'stories' })).toBe(false);
  });
});

describe('GraphContract: permissions', () => {
  it('looks up the permissions a call needs, per login', () => {
    expect(
      graph.requiredPermissions({ login: 'facebook', node: 'PagePost', method: 'POST', edge: 'comments' }),
    ).toEqual([['pages_manage_engagement', 'pages_read_engagement', 'pages_read_user_content']]);
    expect(
      graph.requiredPermissions({
        login: 'instagram_login',
        node: 'IGMediaForIGOnlyAPI',
        method: 'POST',
        edge: 'comments',
      }),
    ).toEqual([['instagram_business_basic', 'instagram_business_manage_comments']]);
    expect(
      graph.requiredPermissions({ login: 'facebook', node: 'Page', method: 'POST', edge: 'unknown_edge' }),
    ).toBeUndefined();
  });

  it("reports the permissions the adapters' Facebook scopes lack for commenting", () => {
    const adapterScopes = [
      'pages_show_list',
      'pages_read_engagement',
      'pages_manage_posts',
      'publish_video',
      'read_insights',
    ];
    expect(
      graph.checkPermissions({
        network: 'facebook',
        login: 'facebook',
        node: 'PagePost',
        method: 'POST',
        edge: 'comments',
        granted: adapterScopes,
      }),
    ).toEqual([
      {
        network: 'facebook',
        operation: 'POST PagePost/comments',
        kind: 'permission',
        message: 'missing permissions: pages_manage_engagement, pages_read_user_content',
      },
    ]);
    expect(
      graph.checkPermissions({
        network: 'facebook',
        login: 'facebook',
        node: 'Page',
        method: 'POST',
        edge: 'feed',
        granted: adapterScopes,
      }),
    ).toEqual([]);
  });
});

describe('GraphContract: answers', () => {
  it('accepts known fields and edge envelopes, and names unknown keys', () => {
    expect(graph.checkNodeResponse('Photo', { id: '1', page_story_id: '2_3' })).toEqual([]);
    expect(messages(graph.checkNodeResponse('Video', { id: '1', shares: { count: 1 } }))).toEqual([
      '"shares" is not a field of AdVideo',
    ]);
    expect(
      graph.checkNodeResponse(
        'PagePost',
        { data: [{ id: '1', message: 'm', from: { id: '2' } }], paging: { cursors: {} } },
        'comments',
      ),
    ).toEqual([]);
    expect(
      messages(graph.checkNodeResponse('PagePost', { data: [{ id: '1', text: 't' }], total: 1 }, 'comments')),
    ).toEqual([
      '"total" is not part of an edge answer (data, paging, summary)',
      'data[]."text" is not a field of Comment',
    ]);
  });
});
