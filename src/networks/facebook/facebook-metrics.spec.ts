import { GraphApi } from '../graph/graph-api';
import { answer, APP, RecordingHttp } from '../http/recording-http.testing';
import { facebookPostMetrics } from './facebook-metrics';

const GRAPH = 'https://graph.facebook.com/v25.0';
const TOKEN = 'EAAPageToken';
const PAGE_POST = '1111_2222';
const VIDEO = '3333';

function readAs(
  permissions: string[],
  platformPostId: string,
  ...answers: ConstructorParameters<typeof RecordingHttp>
) {
  const http = new RecordingHttp(...answers);
  const reading = facebookPostMetrics(new GraphApi(http, 'facebook', GRAPH), {
    networkAccountId: '1111',
    tokens: { accessToken: TOKEN },
    app: APP,
    platformPostId,
    permissions,
  });
  return { http, reading };
}

function read(platformPostId: string, ...answers: ConstructorParameters<typeof RecordingHttp>) {
  return readAs(['pages_read_engagement', 'read_insights'], platformPostId, ...answers);
}

const engagement = (extra: Record<string, unknown> = {}) => ({
  reactions: { data: [], summary: { total_count: 9 } },
  comments: { data: [], summary: { total_count: 4 } },
  ...extra,
});
const insights = (...entries: Array<[string, number]>) => ({
  data: entries.map(([name, value]) => ({ name, period: 'lifetime', values: [{ value }] })),
});

describe('facebookPostMetrics', () => {
  it("asks a Page post's insights by the metrics Meta kept, post_media_view and post_total_media_view_unique, as views and viewers", async () => {
    const { http, reading } = read(
      PAGE_POST,
      answer(200, engagement({ shares: { count: 2 } })),
      answer(200, insights(['post_media_view', 340], ['post_total_media_view_unique', 210])),
    );
    await expect(reading).resolves.toEqual({
      views: { value: 340 },
      viewers: { value: 210 },
      reactions: { value: 9 },
      comments: { value: 4 },
      shares: { value: 2 },
    });
    expect(http.requests.map((request) => [request.url, request.query])).toEqual([
      [
        `${GRAPH}/${PAGE_POST}`,
        {
          fields: 'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares',
          access_token: TOKEN,
        },
      ],
      [
        `${GRAPH}/${PAGE_POST}/insights`,
        { metric: 'post_media_view,post_total_media_view_unique', access_token: TOKEN },
      ],
    ]);
  });

  it('does not ask for insights the account was not granted read_insights for: they are missing_permission, the rest is read', async () => {
    const { http, reading } = readAs(['pages_read_engagement'], PAGE_POST, answer(200, engagement()));
    const result = await reading;
    expect(result.views).toEqual({
      unavailable: 'missing_permission',
      message: expect.stringContaining('read_insights'),
    });
    expect(result.viewers).toEqual(result.views);
    expect(result.reactions).toEqual({ value: 9 });
    expect(http.requests.map((request) => request.url)).toEqual([`${GRAPH}/${PAGE_POST}`]);
  });

  it('asks a video (a Video node) only for fields a Video has, so its reactions and comments are read', async () => {
    const { http, reading } = read(VIDEO, answer(200, engagement()));
    await expect(reading).resolves.toEqual({
      reactions: { value: 9 },
      comments: { value: 4 },
      shares: { unavailable: 'unsupported_media_type', message: expect.stringContaining('video') },
      views: { unavailable: 'unsupported_media_type', message: expect.stringContaining('video') },
      viewers: { unavailable: 'unsupported_media_type', message: expect.stringContaining('video') },
    });
    expect(http.requests).toHaveLength(1);
    expect(http.requests[0]).toMatchObject({
      url: `${GRAPH}/${VIDEO}`,
      query: { fields: 'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)' },
    });
  });
});
