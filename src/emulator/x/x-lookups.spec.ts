import { FastifyInstance } from 'fastify';
import { emulatorApp, xTokens } from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';

const API = '/emulator/x/api';

/** The emulated tweet and profile lookups against X's OpenAPI document (xdevplatform/xdk specs/openapi.json). */
describe('emulated X lookups', () => {
  let app: FastifyInstance;
  let state: EmulatorState;
  let bearer: string;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
    bearer = `Bearer ${(await xTokens(app)).access_token}`;
  });
  afterEach(() => app.close());

  const get = (path: string) => app.inject({ url: `${API}${path}`, headers: { authorization: bearer } });
  const tweet = async (text: string, replyTo?: string): Promise<string> =>
    (
      await app.inject({
        method: 'POST',
        url: `${API}/2/tweets`,
        headers: { authorization: bearer },
        payload: { text, ...(replyTo ? { reply: { in_reply_to_tweet_id: replyTo } } : {}) },
      })
    ).json().data.id;

  it("answers a tweet's public_metrics by the spec's names (repost_count)", async () => {
    const id = await tweet('Counted');
    const metrics = (await get(`/2/tweets/${id}?post.fields=public_metrics`)).json().data.public_metrics;
    expect(Object.keys(metrics).sort()).toEqual([
      'bookmark_count',
      'impression_count',
      'like_count',
      'quote_count',
      'reply_count',
      'repost_count',
    ]);
  });

  it("answers a profile's public_metrics by the spec's names (post_count)", async () => {
    await tweet('One');
    const me = (await get('/2/users/me?user.fields=public_metrics')).json().data;
    expect(me.public_metrics).toEqual({
      followers_count: expect.any(Number),
      following_count: expect.any(Number),
      post_count: 1,
      listed_count: expect.any(Number),
    });
    expect(me.id).toBe(state.findUser()!.x!.id);
  });

  it('refuses the former tweet.fields and fields the spec moved to expansions, on the lookup and the timeline', async () => {
    const id = await tweet('Old names');
    const profileId = state.findUser()!.x!.id;
    for (const path of [
      `/2/tweets/${id}?tweet.fields=public_metrics`,
      `/2/tweets/${id}?post.fields=author_id`,
      `/2/tweets/${id}?post.fields=public_metrics,nonsense`,
      `/2/users/${profileId}/tweets?tweet.fields=created_at`,
      `/2/users/${profileId}/tweets?post.fields=referenced_tweets`,
      `/2/users/${profileId}/tweets?max_results=4`,
      `/2/users/me?user.fields=public_metrics&foo=1`,
      `/2/users/me?expansions=author_id`,
      `/2/tweets/not-a-number`,
    ]) {
      const answer = await get(path);
      expect({ path, status: answer.statusCode }).toEqual({ path, status: 400 });
      expect(answer.json()).toMatchObject({
        title: 'Invalid Request',
        type: 'https://api.x.com/2/problems/invalid-request',
      });
    }
  });

  it('sets author_id, in_reply_to_user_id and referenced_posts as their expansions ask, and includes what they name', async () => {
    const first = await tweet('First');
    const second = await tweet('Second', first);
    const profile = state.findUser()!.x!;
    const answer = await get(
      `/2/tweets/${second}?post.fields=created_at,conversation_id&expansions=author_id,in_reply_to_user_id,referenced_posts`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      data: {
        id: second,
        text: 'Second',
        edit_history_post_ids: [second],
        created_at: expect.any(String),
        conversation_id: first,
        author_id: profile.id,
        in_reply_to_user_id: profile.id,
        referenced_posts: [{ type: 'replied_to', id: first }],
      },
      includes: {
        users: [{ id: profile.id, username: profile.username, name: profile.username }],
        posts: [{ id: first, text: 'First', edit_history_post_ids: [first] }],
      },
    });
    const plain = (await get(`/2/tweets/${second}`)).json();
    expect(plain).toEqual({ data: { id: second, text: 'Second', edit_history_post_ids: [second] } });
  });

  it('answers a gone tweet with a resource-not-found problem of the spec', async () => {
    const answer = await get('/2/tweets/123');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().errors[0]).toMatchObject({
      type: 'https://api.x.com/2/problems/resource-not-found',
      title: 'Not Found Error',
      resource_type: 'tweet',
      detail: expect.any(String),
    });
  });

  it('leaves replies out of the timeline with exclude=replies', async () => {
    const first = await tweet('First');
    await tweet('Second', first);
    const profileId = state.findUser()!.x!.id;
    const answer = (await get(`/2/users/${profileId}/tweets?exclude=replies`)).json();
    expect(answer.data.map((item: { text: string }) => item.text)).toEqual(['First']);
  });
});
