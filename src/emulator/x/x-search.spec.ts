import { FastifyInstance } from 'fastify';
import { emulatorApp, xTokens } from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';

const API = '/emulator/x/api';

describe('emulated X conversation search and third-party replies', () => {
  let app: FastifyInstance;
  let state: EmulatorState;
  let bearer: string;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
    bearer = `Bearer ${(await xTokens(app)).access_token}`;
  });
  afterEach(() => app.close());

  const tweet = async (text: string, replyTo?: string) =>
    app.inject({
      method: 'POST',
      url: `${API}/2/tweets`,
      headers: { authorization: bearer },
      payload: { text, ...(replyTo ? { reply: { in_reply_to_tweet_id: replyTo } } : {}) },
    });
  const search = (query: Record<string, string>) =>
    app.inject({
      url: `${API}/2/tweets/search/recent?${new URLSearchParams(query).toString()}`,
      headers: { authorization: bearer },
    });

  it('answers the replies of a conversation newest first, 10 or more a page, with next_token and authors', async () => {
    const root: string = (await tweet('Ask me')).json().data.id;
    const ids: string[] = [];
    for (let index = 0; index < 11; index++) {
      const added = await app.inject({
        method: 'POST',
        url: '/emulator/control/comments',
        payload: { network: 'x', parentId: root, text: `question ${index}`, author: { id: '42', username: 'reader' } },
      });
      expect(added.statusCode).toBe(201);
      ids.push(added.json().data.postId);
    }
    // A reply to a reply is in the conversation too.
    const ours: string = (await tweet('An answer', ids[10])).json().data.id;

    const first = await search({
      query: `conversation_id:${root}`,
      max_results: '10',
      'post.fields': 'created_at,conversation_id',
      expansions: 'author_id,referenced_posts',
    });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.data.map((item: { id: string }) => item.id)).toEqual([ours, ...ids.slice(2).reverse()]);
    expect(page.data[0]).toMatchObject({
      referenced_posts: [{ type: 'replied_to', id: ids[10] }],
      conversation_id: root,
    });
    expect(page.data[1]).toMatchObject({ author_id: '42' });
    expect(page.includes.users).toEqual(expect.arrayContaining([{ id: '42', username: 'reader', name: 'reader' }]));
    const second = (
      await search({ query: `conversation_id:${root}`, max_results: '10', next_token: page.meta.next_token })
    ).json();
    expect(second.data.map((item: { id: string }) => item.id)).toEqual([ids[1], ids[0]]);
    expect(second.meta.next_token).toBeUndefined();

    expect((await search({ query: 'from:someone' })).statusCode).toBe(400);
    expect((await search({ query: `conversation_id:${root}`, max_results: '5' })).statusCode).toBe(400);
  });

  it("refuses the former names X's spec no longer lists (tweet.fields, referenced_tweets) and any unknown parameter", async () => {
    const root: string = (await tweet('Root')).json().data.id;
    const former = await search({ query: `conversation_id:${root}`, 'tweet.fields': 'author_id' });
    expect(former.statusCode).toBe(400);
    expect(former.headers['content-type']).toContain('application/problem+json');
    expect(former.json()).toEqual({
      errors: [
        {
          parameters: { 'tweet.fields': ['author_id'] },
          message: expect.stringMatching(/^The query parameter \[tweet\.fields\] is not one of \[query,max_results,/),
        },
      ],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.x.com/2/problems/invalid-request',
      status: 400,
    });
    // author_id is an expansion now, not a field; referenced_tweets.id is the former expansion.
    expect((await search({ query: `conversation_id:${root}`, 'post.fields': 'author_id' })).statusCode).toBe(400);
    expect((await search({ query: `conversation_id:${root}`, expansions: 'referenced_tweets.id' })).statusCode).toBe(
      400,
    );
    expect((await search({ query: `conversation_id:${root}`, 'post.fields': 'text,text' })).statusCode).toBe(400);
    expect((await search({ query: '' })).statusCode).toBe(400);
    expect((await search({ query: `conversation_id:${root}`, sort_order: 'recency' })).statusCode).toBe(200);
  });

  it('makes the tweet and then loses the answer under an answer_lost fault', async () => {
    const root: string = (await tweet('Root')).json().data.id;
    const profileId = state.published.find('x', root)!.accountId;
    await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'x', accountId: profileId, fault: 'answer_lost', count: 1 },
    });
    const lost = await tweet('Made anyway', root);
    expect(lost.statusCode).toBe(503);
    expect(state.published.list({ network: 'x' }).filter((item) => item.text === 'Made anyway')).toHaveLength(1);
    expect((await tweet('Answered', root)).statusCode).toBe(201);
  });
});
