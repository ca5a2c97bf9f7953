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
    const metrics = (await get(`/2/tweets/${id}?tweet.fields=public_metrics`)).json().data.public_metrics;
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
});
