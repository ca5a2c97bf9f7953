import { answer, RecordingHttp } from '../http/recording-http.testing';
import { GraphApi } from './graph-api';
import { readGraphInsights } from './graph-insights';

const METRICS = [
  { graphName: 'views', name: 'views' },
  { graphName: 'reach', name: 'reach' },
];

const insights = (...entries: Array<[string, number]>) => ({
  data: entries.map(([name, value]) => ({
    name,
    period: 'lifetime',
    values: [{ value }],
    id: `1/insights/${name}/lifetime`,
  })),
});
const graphError = (code: number, message: string) => ({
  error: { message, type: 'OAuthException', code, fbtrace_id: 'x' },
});

function read(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  const api = new GraphApi(http, 'instagram', 'https://graph.example.com/v25.0');
  return { http, reading: readGraphInsights(api, '1789', 'token-1', METRICS) };
}

describe('readGraphInsights', () => {
  it('asks for every metric in one call and maps them to our names', async () => {
    const { http, reading } = read(answer(200, insights(['views', 120], ['reach', 80])));
    await expect(reading).resolves.toEqual({ views: { value: 120 }, reach: { value: 80 } });
    expect(http.requests).toHaveLength(1);
    expect(http.requests[0]).toMatchObject({
      method: 'GET',
      url: 'https://graph.example.com/v25.0/1789/insights',
      query: { metric: 'views,reach', access_token: 'token-1' },
    });
  });

  it('asks metric by metric after a code 100, marking only the refused ones unsupported', async () => {
    const unsupported = graphError(
      100,
      '(#100) The Media Insights API does not support the views metric for this media product type.',
    );
    const { http, reading } = read(
      answer(400, unsupported),
      answer(400, unsupported),
      answer(200, insights(['reach', 80])),
    );
    await expect(reading).resolves.toEqual({
      views: { unavailable: 'unsupported_media_type', message: expect.stringContaining('views metric') },
      reach: { value: 80 },
    });
    expect(http.requests.map((request) => request.query?.metric)).toEqual(['views,reach', 'views', 'reach']);
  });

  it('marks a metric Graph says is not a valid insights metric (one Meta removed) discontinued, not unsupported', async () => {
    const invalid = graphError(100, '(#100) The value must be a valid insights metric');
    const { http, reading } = read(answer(400, invalid), answer(400, invalid), answer(200, insights(['reach', 80])));
    await expect(reading).resolves.toEqual({
      views: { unavailable: 'discontinued', message: expect.stringContaining('valid insights metric') },
      reach: { value: 80 },
    });
    expect(http.requests.map((request) => request.query?.metric)).toEqual(['views,reach', 'views', 'reach']);
  });

  it("says not_enough_viewers, not missing_permission, for Instagram's (#10) Not enough viewers", async () => {
    const { http, reading } = read(
      answer(400, graphError(10, '(#10) Not enough viewers for the media to show insights')),
    );
    const refused = { unavailable: 'not_enough_viewers', message: expect.stringContaining('Not enough viewers') };
    await expect(reading).resolves.toEqual({ views: refused, reach: refused });
    expect(http.requests).toHaveLength(1);
  });

  it('makes every insight unavailable at once when the permission is missing', async () => {
    const { http, reading } = read(
      answer(403, graphError(10, '(#10) Application does not have permission for this action')),
    );
    const refused = { unavailable: 'missing_permission', message: expect.stringContaining('permission') };
    await expect(reading).resolves.toEqual({ views: refused, reach: refused });
    expect(http.requests).toHaveLength(1);
  });

  it('says not_reported for a metric the answer leaves out', async () => {
    const { reading } = read(answer(200, insights(['views', 3])));
    await expect(reading).resolves.toEqual({
      views: { value: 3 },
      reach: { unavailable: 'not_reported', message: 'The network did not report it' },
    });
  });

  it('throws a rate limit, so the whole reading waits', async () => {
    const { reading } = read(answer(400, graphError(4, 'Application request limit reached')));
    await expect(reading).rejects.toMatchObject({ name: 'NetworkError', kind: 'rate_limited' });
  });
});
