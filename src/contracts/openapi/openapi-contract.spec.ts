import { OpenApiContract } from './openapi-contract';

const x = OpenApiContract.x();
const messages = (violations: { message: string }[]) => violations.map((v) => v.message);
const WRITE_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'];

describe('OpenApiContract (X)', () => {
  it('matches literal segments before path parameters', () => {
    expect(x.match('POST', '/2/media/upload/initialize')?.template).toBe('/2/media/upload/initialize');
    expect(x.match('POST', '/2/media/upload/123/append')).toMatchObject({
      template: '/2/media/upload/{id}/append',
      pathParams: { id: '123' },
    });
    expect(x.match('PUT', '/2/tweets')).toBeUndefined();
  });

  it('accepts the posts the adapter sends', () => {
    expect(x.checkRequest({ method: 'POST', path: '/2/tweets', body: { text: 'hi' }, scopes: WRITE_SCOPES })).toEqual(
      [],
    );
    expect(
      x.checkRequest({
        method: 'POST',
        path: '/2/tweets',
        body: { text: '', media: { media_ids: ['1146654567674912769'] }, reply: { in_reply_to_tweet_id: '1' } },
      }),
    ).toEqual([]);
  });

  it('refuses a post without text: the spec says the backend rejects an absent text (overlay)', () => {
    expect(
      messages(x.checkRequest({ method: 'POST', path: '/2/tweets', body: { media: { media_ids: ['1'] } } })),
    ).toEqual(['body: missing required property "text"']);
  });

  describe('mutually exclusive properties (overlay, from X prose in latest-openapi.json)', () => {
    const post = (body: Record<string, unknown>) =>
      messages(x.checkRequest({ method: 'POST', path: '/2/tweets', body: { text: 'hi', ...body } }));
    const poll = { options: ['yes', 'no'], duration_minutes: 60 };
    const media = { media_ids: ['1146654567674912769'] };

    it('reports a poll with media, and a quote with media', () => {
      expect(post({ poll, media })).toEqual([
        'body: "media" and "poll" cannot be sent together (at most one of media, poll, quote_tweet_id, card_uri)',
      ]);
      expect(post({ media, quote_tweet_id: '20' })).toEqual([
        'body: "media" and "quote_tweet_id" cannot be sent together (at most one of media, poll, quote_tweet_id, card_uri)',
      ]);
    });

    it('names every clashing property once per rule, and applies the card/deep-link rule apart', () => {
      expect(post({ poll, quote_tweet_id: '20', card_uri: 'card://1' })).toEqual([
        'body: "poll", "quote_tweet_id" and "card_uri" cannot be sent together (at most one of media, poll, quote_tweet_id, card_uri)',
      ]);
      expect(post({ card_uri: 'card://1', direct_message_deep_link: 'https://twitter.com/messages/compose' })).toEqual([
        'body: "card_uri" and "direct_message_deep_link" cannot be sent together (at most one of card_uri, direct_message_deep_link)',
      ]);
    });

    it('accepts each alone, and beside what they do not exclude', () => {
      expect(post({ poll, reply_settings: 'following' })).toEqual([]);
      expect(post({ media, reply: { in_reply_to_tweet_id: '1' } })).toEqual([]);
      expect(post({ quote_tweet_id: '20', community_id: '30' })).toEqual([]);
      expect(post({ media, direct_message_deep_link: 'https://twitter.com/messages/compose' })).toEqual([]);
    });

    it('refuses an overlay naming a property the schema lacks (a rename would switch the rule off)', () => {
      const document = {
        openapi: '3.0.3',
        components: { schemas: { Body: { type: 'object', properties: { a: { type: 'string' } } } } },
        paths: {},
      };
      const rule = { schema: 'Body', properties: ['a', 'b'], why: 'test', source: 'test' };
      expect(() => OpenApiContract.fromDocument(document, { overlay: { mutuallyExclusive: [rule] } })).toThrow(
        'Overlay names unknown properties of Body: b',
      );
    });
  });

  it('holds the post options the schema bounds: poll choices and duration, reply_settings, quote and community ids', () => {
    const post = (body: Record<string, unknown>) =>
      messages(x.checkRequest({ method: 'POST', path: '/2/tweets', body: { text: 'hi', ...body } }));
    expect(post({ poll: { options: ['a', 'b', 'c', 'd'], duration_minutes: 10080 } })).toEqual([]);
    expect(post({ poll: { options: ['a'], duration_minutes: 4 } })).toHaveLength(2);
    expect(post({ poll: { options: ['a', 'x'.repeat(26)], duration_minutes: 5 } })).toHaveLength(1);
    expect(post({ reply_settings: 'mentionedUsers', quote_tweet_id: '20', community_id: '30' })).toEqual([]);
    // "everyone" is not a value: replies open to everyone is the property left out.
    expect(post({ reply_settings: 'everyone' })).toHaveLength(1);
    expect(post({ quote_tweet_id: 'https://x.com/a/status/20' })).toHaveLength(1);
  });

  it('holds the alt-text call (POST /2/media/metadata): media.write, an id, and at most 1000 characters', () => {
    const metadata = (text: string, scopes = WRITE_SCOPES) =>
      x.checkRequest({
        method: 'POST',
        path: '/2/media/metadata',
        contentType: 'application/json',
        body: { id: '1146654567674912769', metadata: { alt_text: { text } } },
        scopes,
      });
    expect(metadata('a'.repeat(1000))).toEqual([]);
    expect(messages(metadata('a'.repeat(1001)))).toEqual([expect.stringMatching(/^body\.metadata\.alt_text\.text: /)]);
    expect(metadata('a cat', ['tweet.read', 'tweet.write', 'users.read'])).toEqual([
      expect.objectContaining({ kind: 'permission', message: expect.stringContaining('media.write') }),
    ]);
  });

  it('refuses unknown body properties where the schema closes the object', () => {
    expect(messages(x.checkRequest({ method: 'POST', path: '/2/tweets', body: { text: 'hi', status: 'x' } }))).toEqual([
      'body: unknown property "status"',
    ]);
  });

  it('accepts a chunked-upload initialize the adapter sends and refuses a MIME type outside the enum', () => {
    const initialize = (media_type: string) =>
      x.checkRequest({
        method: 'POST',
        path: '/2/media/upload/initialize',
        contentType: 'application/json',
        body: { media_type, total_bytes: 1048576, media_category: 'tweet_video' },
        scopes: WRITE_SCOPES,
      });
    expect(initialize('video/mp4')).toEqual([]);
    expect(messages(initialize('application/octet-stream'))).toEqual([
      expect.stringMatching(/^body\.media_type: "application\/octet-stream" must be one of video\/mp4, /),
    ]);
    expect(messages(initialize('video/mp4; charset=binary'))).toHaveLength(1);
  });

  it('refuses media_type on the one-step upload (additionalProperties false) and accepts it without', () => {
    const file = { filename: 'a.jpg', contentType: 'image/jpeg', size: 1000 };
    const upload = (body: Record<string, unknown>) =>
      x.checkRequest({ method: 'POST', path: '/2/media/upload', contentType: 'multipart/form-data; boundary=x', body });
    expect(upload({ media: file, media_category: 'tweet_image' })).toEqual([]);
    expect(messages(upload({ media: file, media_category: 'tweet_image', media_type: 'image/jpeg' }))).toEqual([
      'body: unknown property "media_type"',
    ]);
  });

  it('checks an append segment, coercing the form field, and the body-less finalize', () => {
    const append = (segment_index: string) =>
      x.checkRequest({
        method: 'POST',
        path: '/2/media/upload/123/append',
        contentType: 'multipart/form-data',
        body: { media: { filename: 'blob', contentType: 'application/octet-stream', size: 4 }, segment_index },
      });
    expect(append('0')).toEqual([]);
    expect(messages(append('1000'))).toEqual(['body.segment_index: must be <= 999']);
    expect(x.checkRequest({ method: 'POST', path: '/2/media/upload/123/finalize' })).toEqual([]);
    expect(messages(x.checkRequest({ method: 'POST', path: '/2/media/upload/abc/finalize' }))).toEqual([
      'parameter "id": must match pattern "^[0-9]{1,19}$"',
    ]);
  });

  it('checks query parameters: known names, required ones, enums and ranges', () => {
    expect(
      x.checkRequest({ method: 'GET', path: '/2/media/upload', query: { command: 'STATUS', media_id: '1' } }),
    ).toEqual([]);
    expect(messages(x.checkRequest({ method: 'GET', path: '/2/media/upload', query: { command: 'STATUS' } }))).toEqual([
      'missing required query parameter "media_id"',
    ]);
    expect(
      messages(x.checkRequest({ method: 'GET', path: '/2/users/1/tweets', query: { max_results: '200', foo: 'bar' } })),
    ).toEqual(['unknown query parameter "foo"', 'parameter "max_results": must be <= 100']);
    expect(
      x.checkRequest({
        method: 'GET',
        path: '/2/tweets/search/recent',
        query: { query: 'conversation_id:1', max_results: '10' },
      }),
    ).toEqual([]);
    expect(
      messages(x.checkRequest({ method: 'GET', path: '/2/tweets/search/recent', query: { max_results: '5' } })),
    ).toEqual(['missing required query parameter "query"', 'parameter "max_results": must be >= 10']);
  });

  it('knows post.fields, not tweet.fields, and checks each comma-separated value', () => {
    expect(x.checkRequest({ method: 'GET', path: '/2/tweets/1', query: { 'post.fields': 'public_metrics' } })).toEqual(
      [],
    );
    expect(
      messages(x.checkRequest({ method: 'GET', path: '/2/tweets/1', query: { 'tweet.fields': 'public_metrics' } })),
    ).toEqual(['unknown query parameter "tweet.fields"']);
    expect(
      messages(
        x.checkRequest({
          method: 'GET',
          path: '/2/users/1/tweets',
          query: { 'post.fields': 'created_at,referenced_tweets' },
        }),
      ),
    ).toEqual([expect.stringMatching(/^parameter "post.fields".1: "referenced_tweets" must be one of /)]);
  });

  it('checks the token scopes against the operation security', () => {
    expect(x.checkRequest({ method: 'DELETE', path: '/2/tweets/1', scopes: ['tweet.read', 'users.read'] })).toEqual([
      {
        network: 'x',
        operation: 'DELETE /2/tweets/{id}',
        kind: 'permission',
        message: "the token's scopes lack: tweet.write",
      },
    ]);
  });

  it('reports an operation the contract does not hold', () => {
    expect(messages(x.checkRequest({ method: 'POST', path: '/1.1/statuses/update.json' }))).toEqual([
      'POST /1.1/statuses/update.json is not an operation of the contract',
    ]);
  });

  it('checks answers against the response schema for the status', () => {
    expect(x.checkResponse({ method: 'POST', path: '/2/tweets' }, 201, { data: { id: '1', text: 'hi' } })).toEqual([]);
    expect(
      x.checkResponse({ method: 'GET', path: '/2/tweets/1' }, 200, {
        data: { id: '1', text: 'hi', public_metrics: { retweet_count: 1 } },
      }),
    ).not.toEqual([]);
    expect(
      x
        .checkResponse({ method: 'GET', path: '/2/media/upload' }, 200, {
          data: { id: '1', media_key: '7_1', processing_info: { state: 'failed', error: { message: 'bad' } } },
        })
        .map((v) => v.message),
    ).toEqual(['body.data.processing_info: unknown property "error"']);
  });

  it('holds X OAuth endpoints written from docs.x.com', () => {
    const oauth = OpenApiContract.xOAuth();
    const token = (body: Record<string, string>) =>
      oauth.checkRequest({
        method: 'POST',
        path: '/2/oauth2/token',
        contentType: 'application/x-www-form-urlencoded',
        body,
      });
    expect(
      token({ grant_type: 'authorization_code', code: 'c', redirect_uri: 'https://a/cb', code_verifier: 'v' }),
    ).toEqual([]);
    expect(token({ grant_type: 'refresh_token', refresh_token: 'r', client_id: 'id' })).toEqual([]);
    expect(token({ grant_type: 'authorization_code', code: 'c' })).not.toEqual([]);
  });
});
