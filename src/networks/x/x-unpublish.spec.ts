import { answer, APP, RecordingHttp } from '../http/recording-http.testing';
import { UnpublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { X_ACCESS_TOKEN, tooManyRequests, unauthorizedProblem } from './x.fixtures';
import { X_USER_ID } from './x-publish.fixtures';
import { XAdapter } from './x.adapter';
import { XSettings } from './x.settings';

const API = 'https://api.x.com';
const settings = new XSettings('https://x.com/i/oauth2/authorize', API, APP, false);
const TWEET_ID = '1866000000000000000';
const request: UnpublishRequest = {
  networkAccountId: X_USER_ID,
  tokens: { accessToken: X_ACCESS_TOKEN },
  app: APP,
  platformPostId: TWEET_ID,
  progress: { tweetIds: [TWEET_ID], uploads: [] },
};
const notFound = {
  title: 'Not Found Error',
  detail: `Could not find tweet with id: [${TWEET_ID}].`,
  type: 'https://api.twitter.com/2/problems/resource-not-found',
  status: 404,
};

function adapterWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { adapter: new XAdapter(settings, http), http };
}

describe('XAdapter.unpublish', () => {
  it("deletes the tweet with the user's token", async () => {
    const { adapter, http } = adapterWith(answer(200, { data: { deleted: true } }));
    await adapter.unpublish(request);
    expect(http.requests).toEqual([
      { method: 'DELETE', url: `${API}/2/tweets/${TWEET_ID}`, headers: { Authorization: `Bearer ${X_ACCESS_TOKEN}` } },
    ]);
  });

  it('deletes each tweet of a thread, the replies first, and goes on past one X no longer has', async () => {
    const { adapter, http } = adapterWith(
      answer(200, { data: { deleted: true } }),
      answer(404, notFound),
      answer(200, { data: { deleted: true } }),
    );
    await adapter.unpublish({
      ...request,
      progress: { tweetIds: [TWEET_ID, '1866000000000000001', '1866000000000000002'], uploads: [] },
    });
    expect(http.requests.map((sent) => `${sent.method} ${sent.url}`)).toEqual([
      `DELETE ${API}/2/tweets/1866000000000000002`,
      `DELETE ${API}/2/tweets/1866000000000000001`,
      `DELETE ${API}/2/tweets/${TWEET_ID}`,
    ]);
  });

  it("deletes the delivery's tweet when publishing recorded no thread", async () => {
    const { adapter, http } = adapterWith(answer(200, { data: { deleted: true } }));
    await adapter.unpublish({ ...request, progress: {} });
    expect(http.requests.map((sent) => sent.url)).toEqual([`${API}/2/tweets/${TWEET_ID}`]);
  });

  it('counts a tweet X no longer has (404) as deleted', async () => {
    const { adapter } = adapterWith(answer(404, notFound));
    await expect(adapter.unpublish(request)).resolves.toBeUndefined();
  });

  it('throws the classified error otherwise: a rate limit, a dead token, an answer that is not deleted', async () => {
    const limited = adapterWith(answer(429, tooManyRequests, { 'x-rate-limit-reset': '1772366400' })).adapter;
    await expect(limited.unpublish(request)).rejects.toMatchObject({ kind: 'rate_limited' });
    const dead = adapterWith(answer(401, unauthorizedProblem)).adapter;
    await expect(dead.unpublish(request)).rejects.toMatchObject({ kind: 'auth_expired' });
    const odd = adapterWith(answer(200, { data: { deleted: false } })).adapter;
    await expect(odd.unpublish(request)).rejects.toBeInstanceOf(NetworkError);
  });
});
