import { part, publishRequest } from '../graph/publish-request.testing';
import { answer } from '../http/recording-http.testing';
import { PostPart } from '../network-adapter';
import { NetworkError } from '../network-error';
import {
  adapterWith,
  contractViolations,
  idAnswer,
  limitAnswer,
  notReadyAnswer,
  permalinkAnswer,
  POLL_MS,
  statusAnswer,
  TH_GRAPH,
  TH_TOKEN,
  TH_USER,
} from './threads.fixtures';

const JPG = 'https://cdn.example.com/cake.jpg';
const PNG = 'https://cdn.example.com/bread.png';
const MP4 = 'https://cdn.example.com/clip.mp4';

const request = (
  parts: PostPart[],
  options?: Parameters<typeof publishRequest>[3],
  postOptions?: Record<string, unknown>,
) => ({
  ...publishRequest(TH_USER, TH_TOKEN, parts, options),
  ...(postOptions ? { options: postOptions } : {}),
});
const post = (path: string, form: Record<string, string>) => ({
  method: 'POST',
  url: `${TH_GRAPH}${path}`,
  form: { ...form, access_token: TH_TOKEN },
});
const get = (path: string, query: Record<string, string>) => ({
  method: 'GET',
  url: `${TH_GRAPH}${path}`,
  query: { ...query, access_token: TH_TOKEN },
});
const limit = (replies = false) =>
  get(`/${TH_USER}/threads_publishing_limit`, {
    fields: `quota_usage,config${replies ? ',reply_quota_usage,reply_config' : ''}`,
  });
const status = (id: string) => get(`/${id}`, { fields: 'id,status,error_message' });
const publish = (id: string) => post(`/${TH_USER}/threads_publish`, { creation_id: id });

describe('ThreadsAdapter publishing (requests checked against the Threads contract)', () => {
  it('reads the publishing limit, makes a text container with the options, publishes it once FINISHED, reads the permalink', async () => {
    const { adapter, http } = adapterWith(
      limitAnswer(),
      idAnswer('c1'),
      statusAnswer('c1', 'FINISHED'),
      idAnswer('m1'),
      permalinkAnswer('m1'),
    );
    const outcome = await adapter.publish(
      request(
        [part('Fresh bread today')],
        {},
        { replyControl: 'mentioned_only', topicTag: 'Baking', poll: { options: ['Rye', 'Spelt'] } },
      ),
    );
    expect(outcome).toMatchObject({
      kind: 'published',
      platformPostId: 'm1',
      permalink: 'https://www.threads.net/@bakery/post/m1',
    });
    expect(http.requests).toMatchObject([
      limit(),
      post(`/${TH_USER}/threads`, {
        media_type: 'TEXT',
        text: 'Fresh bread today',
        reply_control: 'mentioned_only',
        topic_tag: 'Baking',
        poll_attachment: JSON.stringify({ option_a: 'Rye', option_b: 'Spelt' }),
      }),
      status('c1'),
      publish('c1'),
      get('/m1', { fields: 'id,permalink' }),
    ]);
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('sends an image with its alt text, and a quote and a link attachment on a text post', async () => {
    const image = adapterWith(
      limitAnswer(),
      idAnswer('c1'),
      statusAnswer('c1', 'FINISHED'),
      idAnswer('m1'),
      permalinkAnswer('m1'),
    );
    await image.adapter.publish(
      request([{ text: 'Cake', media: [{ kind: 'image', url: JPG, altText: 'A chocolate cake' }] }]),
    );
    expect(image.http.requests[1]).toEqual(
      post(`/${TH_USER}/threads`, { media_type: 'IMAGE', image_url: JPG, alt_text: 'A chocolate cake', text: 'Cake' }),
    );
    const quote = adapterWith(
      limitAnswer(),
      idAnswer('c2'),
      statusAnswer('c2', 'FINISHED'),
      idAnswer('m2'),
      permalinkAnswer('m2'),
    );
    await quote.adapter.publish(
      request([part('See this')], {}, { quotePostId: '1789', linkAttachment: 'https://example.com/menu' }),
    );
    expect(quote.http.requests[1]).toEqual(
      post(`/${TH_USER}/threads`, {
        media_type: 'TEXT',
        text: 'See this',
        quote_post_id: '1789',
        link_attachment: 'https://example.com/menu',
      }),
    );
    expect(contractViolations([...image.http.requests, ...quote.http.requests])).toEqual([]);
  });

  it('never publishes a video container that is not FINISHED: it polls, then publishes on a later attempt', async () => {
    const first = adapterWith(limitAnswer(), idAnswer('v1'), statusAnswer('v1', 'IN_PROGRESS'));
    const started = Date.now();
    const outcome = await first.adapter.publish(request([{ text: 'Clip', media: [{ kind: 'video', url: MP4 }] }]));
    expect(outcome.kind).toBe('poll');
    if (outcome.kind !== 'poll') return;
    expect(outcome.at.getTime()).toBeGreaterThanOrEqual(started + POLL_MS);
    expect(first.http.requests.map((r) => r.url)).not.toContain(`${TH_GRAPH}/${TH_USER}/threads_publish`);

    const second = adapterWith(statusAnswer('v1', 'FINISHED'), idAnswer('m1'), permalinkAnswer('m1'));
    const done = await second.adapter.publish(
      request([{ text: 'Clip', media: [{ kind: 'video', url: MP4 }] }], { progress: outcome.progress }),
    );
    expect(done).toMatchObject({ kind: 'published', platformPostId: 'm1' });
    expect(second.http.requests).toMatchObject([status('v1'), publish('v1'), get('/m1', { fields: 'id,permalink' })]);
    expect(contractViolations([...first.http.requests, ...second.http.requests])).toEqual([]);
  });

  it('reads again when threads_publish answers 24/4279009 (not ready), instead of failing', async () => {
    const { adapter } = adapterWith(limitAnswer(), idAnswer('c1'), statusAnswer('c1', 'FINISHED'), notReadyAnswer());
    const outcome = await adapter.publish(request([part('Hello')]));
    expect(outcome.kind).toBe('poll');
  });

  it('makes a carousel of item containers (no text on items), then the CAROUSEL', async () => {
    const { adapter, http } = adapterWith(
      limitAnswer(),
      idAnswer('i1'),
      idAnswer('i2'),
      idAnswer('c1'),
      statusAnswer('c1', 'FINISHED'),
      idAnswer('m1'),
      permalinkAnswer('m1'),
    );
    await adapter.publish(
      request([
        {
          text: 'Two',
          media: [
            { kind: 'image', url: JPG, altText: 'one' },
            { kind: 'video', url: MP4 },
          ],
        },
      ]),
    );
    expect(http.requests.slice(1, 4)).toEqual([
      post(`/${TH_USER}/threads`, { media_type: 'IMAGE', image_url: JPG, alt_text: 'one', is_carousel_item: 'true' }),
      post(`/${TH_USER}/threads`, { media_type: 'VIDEO', video_url: MP4, is_carousel_item: 'true' }),
      post(`/${TH_USER}/threads`, { media_type: 'CAROUSEL', text: 'Two', children: 'i1,i2' }),
    ]);
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('publishes a thread: each later container a reply to the one before, the reply quota read first', async () => {
    const { adapter, http } = adapterWith(
      limitAnswer(),
      idAnswer('c1'),
      statusAnswer('c1', 'FINISHED'),
      idAnswer('m1'),
      idAnswer('c2'),
      statusAnswer('c2', 'FINISHED'),
      idAnswer('m2'),
      permalinkAnswer('m1'),
    );
    const outcome = await adapter.publish(request([part('One'), part('Two', ['image', PNG])]));
    expect(outcome).toMatchObject({
      kind: 'published',
      platformPostId: 'm1',
      progress: { parts: [{ mediaId: 'm1' }, { mediaId: 'm2' }] },
    });
    expect(http.requests[0]).toEqual(limit(true));
    expect(http.requests[4]).toEqual(
      post(`/${TH_USER}/threads`, { media_type: 'IMAGE', image_url: PNG, text: 'Two', reply_to_id: 'm1' }),
    );
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('when resuming finds its container PUBLISHED, adopts the post it made instead of publishing again', async () => {
    const createdAt = new Date(Date.now() - 60_000).toISOString();
    const progress = { parts: [{ childIds: [], containerId: 'c1', containerCreatedAt: createdAt }] };
    const { adapter, http } = adapterWith(
      statusAnswer('c1', 'PUBLISHED'),
      answer(200, {
        data: [{ id: 'm9', text: 'Hello', timestamp: new Date().toISOString().replace(/\.\d+Z$/, '+0000') }],
      }),
      permalinkAnswer('m9'),
    );
    const outcome = await adapter.publish(request([part('Hello')], { progress, resuming: true }));
    expect(outcome).toMatchObject({ kind: 'published', platformPostId: 'm9' });
    expect(http.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${TH_GRAPH}/c1`,
      `GET ${TH_GRAPH}/${TH_USER}/threads`,
      `GET ${TH_GRAPH}/m9`,
    ]);
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('refuses before making anything when the publishing quota is used up, until the oldest post leaves the window', async () => {
    const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, '+0000');
    const oldest = Math.floor((Date.now() - 23 * 3_600_000) / 1000) * 1000;
    const { adapter, http } = adapterWith(
      limitAnswer(250),
      answer(200, {
        data: [
          { id: 'a', timestamp: graphTime(Date.now() - 3_600_000) },
          { id: 'b', timestamp: graphTime(oldest) },
          { id: 'c', timestamp: graphTime(Date.now() - 30 * 3_600_000) },
        ],
      }),
    );
    const error = await adapter.publish(request([part('One more')])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'rate_limited', details: { retryAt: new Date(oldest + 86_400_000) } });
    expect(http.requests.some((r) => r.url.endsWith('/threads') && r.method === 'POST')).toBe(false);
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('fails for good on a container in ERROR, saying whether the medium could not be fetched', async () => {
    const { adapter } = adapterWith(
      limitAnswer(),
      idAnswer('v1'),
      statusAnswer('v1', 'ERROR', 'FAILED_DOWNLOADING_VIDEO'),
    );
    const delivery = request([{ text: '', media: [{ kind: 'video', url: MP4 }] }]);
    await expect(adapter.publish(delivery)).rejects.toMatchObject({
      kind: 'permanent',
      details: { mediaUnavailable: true },
    });
    // The container is forgotten: a retry of the failed delivery makes a new one.
    expect(delivery.checkpoints.at(-1)).toEqual({ parts: [{ childIds: [] }] });
  });
});
