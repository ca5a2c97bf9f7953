import { APP, answer, RecordingHttp } from '../http/recording-http.testing';
import { XApi } from './x-api';
import { xAccountMetrics, xPostMetrics } from './x-metrics';

const TOKENS = { accessToken: 'x-token' };

function apiWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { http, api: new XApi(http, 'x', 'https://api.x.com') };
}

const X_SCOPES = ['tweet.read', 'users.read'];

describe('X metrics', () => {
  it("reads a tweet's public metrics by our names, a missing count as not_reported", async () => {
    const { http, api } = apiWith(
      answer(200, {
        data: {
          id: '190',
          text: 'hi',
          public_metrics: { repost_count: 2, reply_count: 1, like_count: 9, quote_count: 0, impression_count: 340 },
        },
      }),
    );
    const reading = await xPostMetrics(api, {
      networkAccountId: '42',
      tokens: TOKENS,
      app: APP,
      platformPostId: '190',
      permissions: X_SCOPES,
    });
    expect(reading).toEqual({
      impressions: { value: 340 },
      likes: { value: 9 },
      comments: { value: 1 },
      shares: { value: 2 },
      quotes: { value: 0 },
      bookmarks: { unavailable: 'not_reported', message: 'The network did not report it' },
    });
    expect(http.requests[0]).toMatchObject({
      method: 'GET',
      url: 'https://api.x.com/2/tweets/190',
      query: { 'post.fields': 'public_metrics' },
      headers: { authorization: 'Bearer x-token' },
    });
  });

  it('reads the current names (repost_count) before the former ones (retweet_count)', async () => {
    const { api } = apiWith(
      answer(200, { data: { id: '190', public_metrics: { repost_count: 5, retweet_count: 4, like_count: 1 } } }),
    );
    const reading = await xPostMetrics(api, {
      networkAccountId: '42',
      tokens: TOKENS,
      app: APP,
      platformPostId: '190',
      permissions: X_SCOPES,
    });
    expect(reading.shares).toEqual({ value: 5 });
  });

  it('refuses for good a tweet X no longer has (200 with errors, no data)', async () => {
    const { api } = apiWith(answer(200, { errors: [{ title: 'Not Found Error', resource_id: '190' }] }));
    await expect(
      xPostMetrics(api, {
        networkAccountId: '42',
        tokens: TOKENS,
        app: APP,
        platformPostId: '190',
        permissions: X_SCOPES,
      }),
    ).rejects.toMatchObject({ name: 'NetworkError', kind: 'permanent' });
  });

  it("reads the profile's followers, follows and posts (post_count)", async () => {
    const { api } = apiWith(
      answer(200, {
        data: { id: '42', public_metrics: { followers_count: 10, following_count: 3, post_count: 7, listed_count: 1 } },
      }),
    );
    await expect(xAccountMetrics(api, { networkAccountId: '42', tokens: TOKENS, app: APP })).resolves.toEqual({
      followers: { value: 10 },
      following: { value: 3 },
      posts: { value: 7 },
    });
  });

  it('still reads the former tweet_count', async () => {
    const { api } = apiWith(
      answer(200, { data: { id: '42', public_metrics: { followers_count: 10, following_count: 3, tweet_count: 7 } } }),
    );
    await expect(xAccountMetrics(api, { networkAccountId: '42', tokens: TOKENS, app: APP })).resolves.toMatchObject({
      posts: { value: 7 },
    });
  });
});
