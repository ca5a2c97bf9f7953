import { FastifyInstance } from 'fastify';
import { emulatorApp, xTokens } from '../emulator.testing';

const API = '/emulator/x/api';

/** POST and DELETE /2/tweets against X's OpenAPI document (CreatePostsRequest, additionalProperties: false). */
describe('emulated X tweets', () => {
  let app: FastifyInstance;
  let bearer: string;

  beforeEach(async () => {
    ({ app } = await emulatorApp());
    bearer = `Bearer ${(await xTokens(app)).access_token}`;
  });
  afterEach(() => app.close());

  const post = (payload: Record<string, unknown>, query = '') =>
    app.inject({ method: 'POST', url: `${API}/2/tweets${query}`, headers: { authorization: bearer }, payload });
  const image = async (): Promise<string> => {
    const boundary = 'b0undary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="media_category"\r\n\r\ntweet_image\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.alloc(100, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await app.inject({
      method: 'POST',
      url: `${API}/2/media/upload`,
      headers: { authorization: bearer, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().data.id;
  };

  it('refuses a body without text, even with media, as X does; "" with media is a tweet', async () => {
    const mediaId = await image();
    const missing = await post({ media: { media_ids: [mediaId] } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      title: 'Invalid Request',
      type: 'https://api.x.com/2/problems/invalid-request',
      errors: [{ parameters: { text: [expect.any(String)] } }],
    });
    const empty = await post({ text: '', media: { media_ids: [mediaId] } });
    expect(empty.statusCode).toBe(201);
    expect(empty.json()).toEqual({
      data: { id: expect.any(String), text: '', edit_history_post_ids: [empty.json().data.id] },
    });
    expect((await post({ text: '' })).statusCode).toBe(400);
  });

  it('refuses properties the schema does not have, at the top and in media and reply', async () => {
    const mediaId = await image();
    const first = (await post({ text: 'First' })).json().data.id;
    for (const payload of [
      { text: 'Hi', status: 'old v1.1 name' },
      { text: 'Hi', media: { media_ids: [mediaId], alt_text: 'no' } },
      { text: 'Hi', reply: { in_reply_to_tweet_id: first, in_reply_to_status_id: first } },
      { text: 'Hi', reply: { in_reply_to_tweet_id: 'abc' } },
      { text: 'Hi', media: { media_ids: ['not-an-id'] } },
    ]) {
      const answer = await post(payload);
      expect({ payload, status: answer.statusCode }).toEqual({ payload, status: 400 });
    }
    expect((await post({ text: 'Hi' }, '?tweet.fields=id')).statusCode).toBe(400);
    expect((await post({ text: 'Reply', reply: { in_reply_to_tweet_id: first } })).statusCode).toBe(201);
  });

  describe('poll, reply_settings, quote_tweet_id and community_id (CreatePostsRequest, overlay exclusions)', () => {
    const poll = { options: ['Rye', 'Spelt'], duration_minutes: 60 };
    const published = async () =>
      (await app.inject({ url: '/emulator/control/published?network=x' })).json().data as Array<
        Record<string, unknown>
      >;
    const refusedParameter = async (payload: Record<string, unknown>) => {
      const answer = await post(payload);
      expect({ payload, status: answer.statusCode }).toEqual({ payload, status: 400 });
      expect(answer.json()).toMatchObject({
        title: 'Invalid Request',
        type: 'https://api.x.com/2/problems/invalid-request',
      });
      return Object.keys((answer.json().errors as Array<{ parameters: Record<string, unknown> }>)[0]!.parameters)[0];
    };

    it('records each on what it publishes, and shows them in the post view', async () => {
      const quoted = (await post({ text: 'Original' })).json().data.id as string;
      const polled = await post({ text: 'Rye or spelt?', poll, reply_settings: 'mentionedUsers', community_id: '77' });
      expect(polled.statusCode).toBe(201);
      const quoting = await post({ text: 'So true', quote_tweet_id: quoted });
      expect(quoting.statusCode).toBe(201);
      const items = await published();
      expect(items.find((item) => item.postId === polled.json().data.id)).toMatchObject({
        poll: { options: ['Rye', 'Spelt'], durationMinutes: 60 },
        replySettings: 'mentionedUsers',
        communityId: '77',
      });
      expect(items.find((item) => item.postId === quoting.json().data.id)).toMatchObject({ quoteOf: quoted });
      const view = await app.inject({
        url: `${API}/2/tweets/${quoting.json().data.id}?post.fields=reply_settings&expansions=referenced_posts`,
        headers: { authorization: bearer },
      });
      expect(view.json().data).toMatchObject({
        reply_settings: 'everyone',
        referenced_posts: [{ type: 'quoted', id: quoted }],
      });
      expect(view.json().includes.posts).toEqual([expect.objectContaining({ id: quoted, text: 'Original' })]);
      const withPoll = await app.inject({
        url: `${API}/2/tweets/${polled.json().data.id}?post.fields=reply_settings,attachments&expansions=attachments.poll_ids`,
        headers: { authorization: bearer },
      });
      const pollId = withPoll.json().data.attachments.poll_ids[0] as string;
      expect(withPoll.json().data.reply_settings).toBe('mentionedUsers');
      expect(withPoll.json().includes.polls).toEqual([
        {
          id: pollId,
          options: [
            { position: 1, label: 'Rye', votes: 0 },
            { position: 2, label: 'Spelt', votes: 0 },
          ],
          duration_minutes: 60,
          end_datetime: expect.any(String),
          voting_status: 'open',
        },
      ]);
    });

    it('refuses a poll outside its bounds, an unknown reply setting, a malformed or unknown quote', async () => {
      expect(await refusedParameter({ text: 'Q', poll: { ...poll, options: ['One'] } })).toBe('poll.options');
      expect(await refusedParameter({ text: 'Q', poll: { ...poll, options: ['a', 'x'.repeat(26)] } })).toBe(
        'poll.options',
      );
      expect(await refusedParameter({ text: 'Q', poll: { ...poll, duration_minutes: 4 } })).toBe(
        'poll.duration_minutes',
      );
      expect(await refusedParameter({ text: 'Q', poll: { ...poll, duration_minutes: 10_081 } })).toBe(
        'poll.duration_minutes',
      );
      expect(await refusedParameter({ text: 'Q', poll: { options: ['a', 'b'] } })).toBe('poll.duration_minutes');
      expect(await refusedParameter({ text: 'Q', poll: { ...poll, votes: 3 } })).toBe('poll.votes');
      expect(await refusedParameter({ text: 'Q', reply_settings: 'everyone' })).toBe('reply_settings');
      expect(await refusedParameter({ text: 'Q', quote_tweet_id: 'abc' })).toBe('quote_tweet_id');
      expect(await refusedParameter({ text: 'Q', quote_tweet_id: '123' })).toBe('quote_tweet_id');
      expect(await refusedParameter({ text: 'Q', community_id: '1a' })).toBe('community_id');
      expect(await published()).toEqual([]);
    });

    it('refuses media with a poll or a quote, and a poll with a quote', async () => {
      const mediaId = await image();
      const quoted = (await post({ text: 'Original' })).json().data.id as string;
      expect(await refusedParameter({ text: 'Q', media: { media_ids: [mediaId] }, poll })).toBe('poll');
      expect(await refusedParameter({ text: 'Q', media: { media_ids: [mediaId] }, quote_tweet_id: quoted })).toBe(
        'quote_tweet_id',
      );
      expect(await refusedParameter({ text: 'Q', poll, quote_tweet_id: quoted })).toBe('quote_tweet_id');
      expect(await published()).toHaveLength(1);
    });
  });

  it('deletes by a post id only, and refuses a query parameter', async () => {
    const id = (await post({ text: 'Gone soon' })).json().data.id;
    const del = (path: string) =>
      app.inject({ method: 'DELETE', url: `${API}${path}`, headers: { authorization: bearer } });
    expect((await del('/2/tweets/abc')).statusCode).toBe(400);
    expect((await del(`/2/tweets/${id}?force=true`)).statusCode).toBe(400);
    const deleted = await del(`/2/tweets/${id}`);
    expect(deleted.json()).toEqual({ data: { deleted: true } });
  });
});
