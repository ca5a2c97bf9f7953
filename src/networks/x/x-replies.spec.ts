import { answer, APP, RecordingHttp } from '../http/recording-http.testing';
import { XApi } from './x-api';
import { answerOnX, listXReplies } from './x-replies';

const CALL = {
  networkAccountId: '42',
  username: 'bakery',
  tokens: { accessToken: 'x-token' },
  app: APP,
  objectId: '100',
};

function apiWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { http, api: new XApi(http, 'x', 'https://api.x.com') };
}

describe('X replies', () => {
  it("asks by the spec's parameter names (post.fields, expansions=referenced_posts) and reads referenced_posts", async () => {
    const { http, api } = apiWith(
      answer(200, {
        data: [
          {
            id: '102',
            text: 'And you?',
            author_id: '42',
            created_at: '2026-03-01T12:00:00.000Z',
            referenced_posts: [{ type: 'replied_to', id: '101' }],
          },
          {
            id: '101',
            text: 'Nice',
            author_id: '7',
            created_at: '2026-03-01T11:00:00.000Z',
            referenced_posts: [{ type: 'replied_to', id: '100' }],
          },
        ],
        includes: { users: [{ id: '7', username: 'reader', name: 'Reader' }] },
        meta: { result_count: 2, next_token: 'n2' },
      }),
    );
    await expect(listXReplies(api, CALL, { limit: 5, cursor: undefined })).resolves.toEqual({
      comments: [
        {
          id: '102',
          text: 'And you?',
          authorId: '42',
          authorName: null,
          createdAt: '2026-03-01T12:00:00.000Z',
          replyToId: '101',
          own: true,
        },
        {
          id: '101',
          text: 'Nice',
          authorId: '7',
          authorName: 'reader',
          createdAt: '2026-03-01T11:00:00.000Z',
          replyToId: null,
          own: false,
        },
      ],
      next: 'n2',
    });
    expect(http.requests[0]).toMatchObject({
      method: 'GET',
      url: 'https://api.x.com/2/tweets/search/recent',
      query: {
        query: 'conversation_id:100',
        max_results: '10',
        'post.fields': 'created_at',
        expansions: 'author_id,referenced_posts',
        'user.fields': 'username',
      },
    });
    expect(Object.keys(http.requests[0]!.query ?? {})).not.toContain('tweet.fields');
  });

  it('still reads referenced_tweets, the name X answered before the rename', async () => {
    const { api } = apiWith(
      answer(200, {
        data: [{ id: '101', text: 'Hi', author_id: '7', referenced_tweets: [{ type: 'replied_to', id: '55' }] }],
        meta: { result_count: 1 },
      }),
    );
    const page = await listXReplies(api, CALL, { limit: 10, cursor: undefined });
    expect(page.comments[0]!.replyToId).toBe('55');
  });

  it('when resuming an answer, looks for it among the recent posts by the spec names', async () => {
    const { http, api } = apiWith(
      answer(200, {
        data: [{ id: '300', text: 'Thanks!', referenced_posts: [{ type: 'replied_to', id: '101' }] }],
        meta: { result_count: 1 },
      }),
    );
    await expect(answerOnX(api, { ...CALL, text: 'Thanks!', replyToId: '101', resuming: true })).resolves.toBe('300');
    expect(http.requests).toEqual([
      expect.objectContaining({
        url: 'https://api.x.com/2/users/42/tweets',
        query: { max_results: '20', 'post.fields': 'created_at', expansions: 'referenced_posts' },
      }),
    ]);
  });
});
