import { part, publishRequest } from '../graph/publish-request.testing';
import { answer, APP, NOW, RecordingHttp } from '../http/recording-http.testing';
import { PostPart } from '../network-adapter';
import { NetworkError } from '../network-error';
import { InstagramAdapter } from './instagram.adapter';
import {
  commentsAnswer,
  IG_GRAPH,
  IG_TOKEN,
  IG_USER_ID,
  idAnswer,
  notReadyAnswer,
  publishingLimitAnswer,
  quotaReachedAnswer,
  permalinkAnswer,
  recentMediaAnswer,
  statusAnswer,
} from './instagram-publish.fixtures';
import { InstagramSettings } from './instagram.settings';

const settings = new InstagramSettings(
  'instagram',
  'https://www.instagram.com/oauth/authorize',
  'https://api.instagram.com/oauth/access_token',
  IG_GRAPH,
  APP,
  false,
);
const JPG = 'https://cdn.example.com/cake.jpg';
const JPG2 = 'https://cdn.example.com/bread.JPEG?w=1080';
const MP4 = 'https://cdn.example.com/clip.mp4';
const SECOND = 1000;
const PERMALINK = 'https://www.instagram.com/p/DA1b2C3d4E5/';

function adapterWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { adapter: new InstagramAdapter(settings, http), http };
}

const request = (parts: PostPart[], options?: Parameters<typeof publishRequest>[3]) =>
  publishRequest(IG_USER_ID, IG_TOKEN, parts, options);
const post = (path: string, form: Record<string, string>) => ({
  method: 'POST',
  url: `${IG_GRAPH}${path}`,
  form: { ...form, access_token: IG_TOKEN },
});
const get = (path: string, query: Record<string, string>) => ({
  method: 'GET',
  url: `${IG_GRAPH}${path}`,
  query: { ...query, access_token: IG_TOKEN },
});
const status = (container: string) => get(`/${container}`, { fields: 'status_code,status' });
const permalink = (media: string) => get(`/${media}`, { fields: 'permalink' });
const images = (count: number) =>
  Array.from({ length: count }, (_, i): ['image', string] => ['image', `https://cdn.example.com/${i}.jpg`]);

describe('InstagramAdapter content rules', () => {
  const { adapter } = adapterWith();

  it('needs at least one medium; one is a single post, 2 to 10 a carousel', () => {
    expect(adapter.validate([part('Only words')])).toEqual([
      {
        field: 'containers[0].media',
        rule: 'media_required',
        message: 'An Instagram post needs at least one image or video',
      },
    ]);
    expect(adapter.validate([part('One', ...images(1))])).toEqual([]);
    expect(adapter.validate([part('Two', ...images(2))])).toEqual([]);
    expect(adapter.validate([part('Ten', ...images(10))])).toEqual([]);
    expect(adapter.validate([part('Eleven', ...images(11))])).toEqual([
      {
        field: 'containers[0].media',
        rule: 'media_too_many',
        message: 'An Instagram carousel has 2 to 10 items (got 11)',
      },
    ]);
  });

  it('takes JPEG images and MP4/MOV videos only, judged by extension', () => {
    expect(adapter.validate([part('', ['image', JPG2], ['video', MP4], ['video', 'https://c.example/a.MOV'])])).toEqual(
      [],
    );
    expect(
      adapter.validate([
        part(
          '',
          ['image', 'https://c.example/a.png'],
          ['gif', 'https://c.example/a.gif'],
          ['video', 'https://c.example/a.m4v'],
        ),
      ]),
    ).toEqual([
      {
        field: 'containers[0].media[0].url',
        rule: 'media_format',
        message: 'Instagram images must be JPEG (.jpg or .jpeg)',
      },
      {
        field: 'containers[0].media[1].url',
        rule: 'media_format',
        message: 'Instagram does not take GIFs: use a JPEG image or an MP4/MOV video',
      },
      { field: 'containers[0].media[2].url', rule: 'media_format', message: 'Instagram videos must be MP4 or MOV' },
    ]);
  });

  it('limits the caption to 2,200 characters', () => {
    expect(adapter.validate([part('a'.repeat(2200), ['image', JPG])])).toEqual([]);
    expect(adapter.validate([part('a'.repeat(2201), ['image', JPG])])).toEqual([
      {
        field: 'containers[0].content',
        rule: 'text_too_long',
        message: 'An Instagram caption has at most 2200 characters (got 2201)',
      },
    ]);
  });

  it('limits the caption to 30 hashtags and 20 @mentions', () => {
    const tags = (count: number) => Array.from({ length: count }, (_, i) => `#tag${i}`).join(' ');
    const mentions = (count: number) => Array.from({ length: count }, (_, i) => `@friend.${i}`).join(' ');
    expect(adapter.validate([part(`${tags(30)} ${mentions(20)} mail@example.com`, ['image', JPG])])).toEqual([]);
    expect(adapter.validate([part(tags(31), ['image', JPG])])).toEqual([
      {
        field: 'containers[0].content',
        rule: 'hashtags_too_many',
        message: 'An Instagram caption has at most 30 hashtags (got 31)',
      },
    ]);
    expect(adapter.validate([part(mentions(21), ['image', JPG])])).toEqual([
      {
        field: 'containers[0].content',
        rule: 'mentions_too_many',
        message: 'An Instagram caption has at most 20 @mentions (got 21)',
      },
    ]);
  });

  it('takes text only in thread parts, which become comments', () => {
    expect(adapter.validate([part('Post', ['image', JPG]), part('A comment'), part('', ['image', JPG])])).toEqual([
      {
        field: 'containers[2].media',
        rule: 'thread_media_not_allowed',
        message: 'Instagram thread parts become comments, which take text only: remove the media',
      },
      {
        field: 'containers[2].content',
        rule: 'thread_text_required',
        message: 'Instagram thread parts become comments and need text',
      },
    ]);
  });
});

describe('InstagramAdapter publishing', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('publishes one image: container, status, media_publish, permalink', async () => {
    const { adapter, http } = adapterWith(
      answer(200, idAnswer('c1')),
      answer(200, statusAnswer('c1', 'FINISHED')),
      answer(200, idAnswer('m1')),
      answer(200, permalinkAnswer('m1')),
    );
    const delivery = request([part('Fresh bread', ['image', JPG])]);
    await expect(adapter.publish(delivery)).resolves.toEqual({
      kind: 'published',
      platformPostId: 'm1',
      permalink: PERMALINK,
    });
    expect(http.requests).toEqual([
      post(`/${IG_USER_ID}/media`, { image_url: JPG, caption: 'Fresh bread' }),
      status('c1'),
      post(`/${IG_USER_ID}/media_publish`, { creation_id: 'c1' }),
      permalink('m1'),
    ]);
    expect(delivery.checkpoints).toEqual([
      { childIds: [], commentIds: [], containerId: 'c1', containerCreatedAt: NOW.toISOString() },
      { childIds: [], commentIds: [], containerId: 'c1', containerCreatedAt: NOW.toISOString(), mediaId: 'm1' },
    ]);
  });

  it('publishes a carousel: one item container each, then the CAROUSEL, checkpointing every container', async () => {
    const { adapter, http } = adapterWith(
      answer(200, idAnswer('i1')),
      answer(200, idAnswer('i2')),
      answer(200, idAnswer('car')),
      answer(200, statusAnswer('car', 'FINISHED')),
      answer(200, idAnswer('m2')),
      answer(200, permalinkAnswer('m2')),
    );
    const delivery = request([part('Two', ['image', JPG], ['video', MP4])]);
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ kind: 'published', platformPostId: 'm2' });
    expect(http.requests.slice(0, 3)).toEqual([
      post(`/${IG_USER_ID}/media`, { is_carousel_item: 'true', image_url: JPG }),
      post(`/${IG_USER_ID}/media`, { is_carousel_item: 'true', media_type: 'VIDEO', video_url: MP4 }),
      post(`/${IG_USER_ID}/media`, { media_type: 'CAROUSEL', children: 'i1,i2', caption: 'Two' }),
    ]);
    expect(delivery.checkpoints.map((saved) => [saved.childIds, saved.containerId, saved.mediaId])).toEqual([
      [['i1'], undefined, undefined],
      [['i1', 'i2'], undefined, undefined],
      [['i1', 'i2'], 'car', undefined],
      [['i1', 'i2'], 'car', 'm2'],
    ]);
  });

  it('publishes a video as a Reel, polling once a minute while it processes', async () => {
    const { adapter, http } = adapterWith(
      answer(200, idAnswer('r1')),
      answer(200, statusAnswer('r1', 'IN_PROGRESS', 'In Progress')),
    );
    const first = request([part('Clip', ['video', MP4])]);
    const polled = await adapter.publish(first);
    expect(http.requests).toEqual([
      post(`/${IG_USER_ID}/media`, { media_type: 'REELS', video_url: MP4, caption: 'Clip' }),
      status('r1'),
    ]);
    const progress = { childIds: [], commentIds: [], containerId: 'r1', containerCreatedAt: NOW.toISOString() };
    expect(polled).toEqual({ kind: 'poll', at: new Date(NOW.getTime() + 60 * SECOND), progress });
    expect(first.checkpoints).toEqual([progress]);

    jest.setSystemTime(NOW.getTime() + 60 * SECOND);
    const next = adapterWith(
      answer(200, statusAnswer('r1', 'FINISHED')),
      answer(200, idAnswer('m3')),
      answer(200, permalinkAnswer('m3', 'reel1')),
    );
    await expect(next.adapter.publish(request([part('Clip', ['video', MP4])], { progress }))).resolves.toMatchObject({
      platformPostId: 'm3',
    });
    expect(next.http.requests).toEqual([
      status('r1'),
      post(`/${IG_USER_ID}/media_publish`, { creation_id: 'r1' }),
      permalink('m3'),
    ]);
  });

  it('polls again in 5 seconds when media_publish says an image is not ready (9007 / 2207027)', async () => {
    const { adapter } = adapterWith(
      answer(200, idAnswer('c1')),
      answer(200, statusAnswer('c1', 'FINISHED')),
      answer(400, notReadyAnswer),
    );
    const outcome = await adapter.publish(request([part('Cake', ['image', JPG])]));
    expect(outcome).toMatchObject({
      kind: 'poll',
      at: new Date(NOW.getTime() + 5 * SECOND),
      progress: { containerId: 'c1' },
    });
  });

  describe('the publishing quota (2207042)', () => {
    const HOUR = 3600 * SECOND;
    const ready = { childIds: [], commentIds: [], containerId: 'c1', containerCreatedAt: NOW.toISOString() };
    const at = (msAgo: number) => new Date(NOW.getTime() - msAgo).toISOString().replace(/\.\d{3}Z$/, '+0000');

    it('waits until the oldest post it counts leaves its 24-hour window, keeping the container', async () => {
      const { adapter, http } = adapterWith(
        answer(200, statusAnswer('c1', 'FINISHED')),
        answer(400, quotaReachedAnswer),
        answer(200, publishingLimitAnswer(2, 2)),
        answer(200, recentMediaAnswer({ id: 'm2', timestamp: at(1 * HOUR) }, { id: 'm1', timestamp: at(20 * HOUR) })),
      );
      const delivery = request([part('Cake', ['image', JPG])], { progress: ready });
      await expect(adapter.publish(delivery)).rejects.toMatchObject({
        kind: 'rate_limited',
        message: 'The Instagram account used up its publishing quota (2 of 2 posts in 24 hours)',
        details: { subcode: 2207042, retryAt: new Date(NOW.getTime() + 4 * HOUR) },
      });
      expect(http.requests.slice(2)).toEqual([
        get(`/${IG_USER_ID}/content_publishing_limit`, { fields: 'quota_usage,config' }),
        get(`/${IG_USER_ID}/media`, { fields: 'id,timestamp', limit: '2' }),
      ]);
      expect(delivery.checkpoints).toEqual([]);
    });

    it('handles the refusal as it came when the live quota is not used up', async () => {
      const { adapter, http } = adapterWith(
        answer(200, statusAnswer('c1', 'FINISHED')),
        answer(400, quotaReachedAnswer),
        answer(200, publishingLimitAnswer(3, 50)),
      );
      const publishing = adapter.publish(request([part('Cake', ['image', JPG])], { progress: ready }));
      await expect(publishing).rejects.toMatchObject({ kind: 'rate_limited', details: { subcode: 2207042 } });
      // The wait of any Graph rate limit that comes without usage headers, not one derived from the quota.
      await publishing.catch((error: NetworkError) =>
        expect(error.details.retryAt).toEqual(new Date(NOW.getTime() + 15 * 60 * SECOND)),
      );
      expect(http.requests).toHaveLength(3);
    });
  });

  it('gives up once the container is still processing 5 minutes after it was made', async () => {
    const progress = {
      childIds: [],
      commentIds: [],
      containerId: 'r1',
      containerCreatedAt: new Date(NOW.getTime() - 4 * 60 * SECOND).toISOString(),
    };
    const early = adapterWith(answer(200, statusAnswer('r1', 'IN_PROGRESS')));
    await expect(early.adapter.publish(request([part('Clip', ['video', MP4])], { progress }))).resolves.toMatchObject({
      kind: 'poll',
    });
    const late = adapterWith(answer(200, statusAnswer('r1', 'IN_PROGRESS')));
    const expired = { ...progress, containerCreatedAt: new Date(NOW.getTime() - 5 * 60 * SECOND).toISOString() };
    await expect(
      late.adapter.publish(request([part('Clip', ['video', MP4])], { progress: expired })),
    ).rejects.toMatchObject({
      network: 'instagram',
      kind: 'permanent',
      message: 'Instagram was still processing the media 5 minutes after the container was created',
    });
  });

  it('fails permanently on a container in ERROR', async () => {
    const { adapter, http } = adapterWith(
      answer(200, idAnswer('c1')),
      answer(200, statusAnswer('c1', 'ERROR', 'Error: Media upload has failed with error code 2207026')),
    );
    await expect(adapter.publish(request([part('Cake', ['image', JPG])]))).rejects.toMatchObject({
      kind: 'permanent',
      message: 'Instagram could not process the media: Error: Media upload has failed with error code 2207026',
    });
    expect(http.requests).toHaveLength(2);
  });

  it('forgets a container in ERROR, so that a retry of the failed delivery makes a new one', async () => {
    const progress = {
      childIds: [],
      commentIds: [],
      containerId: 'c1',
      containerCreatedAt: new Date(NOW.getTime() - 60 * SECOND).toISOString(),
    };
    const { adapter } = adapterWith(answer(200, statusAnswer('c1', 'ERROR', 'Error: Media download has failed')));
    const delivery = request([part('Cake', ['image', JPG])], { progress });
    await expect(adapter.publish(delivery)).rejects.toMatchObject({
      kind: 'permanent',
      details: expect.objectContaining({ mediaUnavailable: true }),
    });
    expect(delivery.checkpoints).toEqual([{ childIds: [], commentIds: [] }]);
  });

  it('forgets an EXPIRED container so that the retry makes a new one', async () => {
    const progress = {
      childIds: ['i1', 'i2'],
      commentIds: [],
      containerId: 'car',
      containerCreatedAt: '2026-02-28T11:00:00.000Z',
    };
    const { adapter } = adapterWith(answer(200, statusAnswer('car', 'EXPIRED')));
    const delivery = request([part('Two', ['image', JPG], ['image', JPG2])], { progress });
    await expect(adapter.publish(delivery)).rejects.toMatchObject({ kind: 'transient' });
    expect(delivery.checkpoints).toEqual([{ childIds: [], commentIds: [] }]);
  });

  it.each([
    [2207053, -1, 'unknown upload error'],
    [2207020, -2, 'The media you are trying to access has expired. Please try to upload again.'],
  ])(
    'on subcode %i forgets the container, so that the retry makes a new one instead of publishing it again',
    async (subcode, code, message) => {
      const refused = { error: { message, type: 'OAuthException', code, error_subcode: subcode, is_transient: false } };
      const progress = { childIds: [], commentIds: [], containerId: 'r1', containerCreatedAt: NOW.toISOString() };
      const { adapter } = adapterWith(answer(200, statusAnswer('r1', 'FINISHED')), answer(400, refused));
      const delivery = request([part('Clip', ['video', MP4])], { progress });
      await expect(adapter.publish(delivery)).rejects.toMatchObject({ kind: 'transient', details: { subcode } });
      expect(delivery.checkpoints).toEqual([{ childIds: [], commentIds: [] }]);

      const retry = adapterWith(
        answer(200, idAnswer('r2')),
        answer(200, statusAnswer('r2', 'FINISHED')),
        answer(200, idAnswer('m4')),
        answer(200, permalinkAnswer('m4')),
      );
      await expect(
        retry.adapter.publish(request([part('Clip', ['video', MP4])], { progress: delivery.checkpoints[0] })),
      ).resolves.toMatchObject({ kind: 'published', platformPostId: 'm4' });
      expect(retry.http.requests).toEqual([
        post(`/${IG_USER_ID}/media`, { media_type: 'REELS', video_url: MP4, caption: 'Clip' }),
        status('r2'),
        post(`/${IG_USER_ID}/media_publish`, { creation_id: 'r2' }),
        permalink('m4'),
      ]);
    },
  );

  it('continues a carousel from its progress without making an item twice', async () => {
    const { adapter, http } = adapterWith(
      answer(200, idAnswer('i2')),
      answer(200, idAnswer('car')),
      answer(200, statusAnswer('car', 'IN_PROGRESS')),
    );
    const outcome = await adapter.publish(
      request([part('Two', ['image', JPG], ['image', JPG2])], { progress: { childIds: ['i1'], commentIds: [] } }),
    );
    expect(http.requests.slice(0, 2)).toEqual([
      post(`/${IG_USER_ID}/media`, { is_carousel_item: 'true', image_url: JPG2 }),
      post(`/${IG_USER_ID}/media`, { media_type: 'CAROUSEL', children: 'i1,i2', caption: 'Two' }),
    ]);
    expect(outcome).toMatchObject({ kind: 'poll', at: new Date(NOW.getTime() + 5 * SECOND) });
  });

  it('publishes a thread as comments under the medium', async () => {
    const { adapter, http } = adapterWith(
      answer(200, idAnswer('c1')),
      answer(200, statusAnswer('c1', 'FINISHED')),
      answer(200, idAnswer('m1')),
      answer(200, permalinkAnswer('m1')),
      answer(200, idAnswer('k1')),
      answer(200, idAnswer('k2')),
    );
    const delivery = request([part('Post', ['image', JPG]), part('First'), part('Second')]);
    await adapter.publish(delivery);
    expect(http.requests.slice(4)).toEqual([
      post('/m1/comments', { message: 'First' }),
      post('/m1/comments', { message: 'Second' }),
    ]);
    expect(delivery.checkpoints.map((saved) => saved.commentIds)).toEqual([[], [], ['k1'], ['k1', 'k2']]);
  });

  it('continues after the medium and the comments already made', async () => {
    const { adapter, http } = adapterWith(answer(200, permalinkAnswer('m1')), answer(200, idAnswer('k2')));
    const progress = {
      childIds: [],
      commentIds: ['k1'],
      containerId: 'c1',
      containerCreatedAt: NOW.toISOString(),
      mediaId: 'm1',
    };
    await expect(
      adapter.publish(request([part('Post', ['image', JPG]), part('First'), part('Second')], { progress })),
    ).resolves.toEqual({
      kind: 'published',
      platformPostId: 'm1',
      permalink: PERMALINK,
    });
    expect(http.requests).toEqual([permalink('m1'), post('/m1/comments', { message: 'Second' })]);
  });

  it('when resuming, adopts the medium of a container already PUBLISHED instead of publishing again', async () => {
    const progress = { childIds: [], commentIds: [], containerId: 'c1', containerCreatedAt: NOW.toISOString() };
    const { adapter, http } = adapterWith(
      answer(200, statusAnswer('c1', 'PUBLISHED')),
      answer(
        200,
        recentMediaAnswer(
          { id: 'm9', caption: 'Fresh bread', timestamp: '2026-03-01T12:00:01+0000' },
          { id: 'm8', caption: 'Fresh bread', timestamp: '2026-02-27T09:00:00+0000' },
        ),
      ),
      answer(200, permalinkAnswer('m9')),
    );
    const delivery = request([part('Fresh bread', ['image', JPG])], { progress, resuming: true });
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ kind: 'published', platformPostId: 'm9' });
    expect(http.requests).toEqual([
      status('c1'),
      get(`/${IG_USER_ID}/media`, { fields: 'id,caption,timestamp', limit: '25' }),
      permalink('m9'),
    ]);
    expect(delivery.checkpoints).toEqual([{ ...progress, mediaId: 'm9' }]);
  });

  describe('a story cut off mid-publish goes out once', () => {
    const story = { placement: 'story' };
    const progress = { childIds: [], commentIds: [], containerId: 'c1', containerCreatedAt: NOW.toISOString() };

    it('checkpoints the STORIES container before media_publish', async () => {
      const { adapter, http } = adapterWith(
        answer(200, idAnswer('c1')),
        answer(200, statusAnswer('c1', 'FINISHED')),
        answer(200, idAnswer('s1')),
        answer(200, permalinkAnswer('s1')),
      );
      const delivery = { ...request([part('', ['image', JPG])]), options: story };
      await expect(adapter.publish(delivery)).resolves.toMatchObject({ platformPostId: 's1' });
      expect(http.requests.slice(0, 3)).toEqual([
        post(`/${IG_USER_ID}/media`, { media_type: 'STORIES', image_url: JPG }),
        status('c1'),
        post(`/${IG_USER_ID}/media_publish`, { creation_id: 'c1' }),
      ]);
      expect(delivery.checkpoints[0]).toEqual(progress);
    });

    it('cut off between its container and media_publish: publishes the recorded container, making no other', async () => {
      const { adapter, http } = adapterWith(
        answer(200, statusAnswer('c1', 'FINISHED')),
        answer(200, idAnswer('s1')),
        answer(200, permalinkAnswer('s1')),
      );
      const delivery = { ...request([part('', ['image', JPG])], { progress, resuming: true }), options: story };
      await expect(adapter.publish(delivery)).resolves.toMatchObject({ kind: 'published', platformPostId: 's1' });
      expect(http.requests).toEqual([
        status('c1'),
        post(`/${IG_USER_ID}/media_publish`, { creation_id: 'c1' }),
        permalink('s1'),
      ]);
      expect(delivery.checkpoints).toEqual([{ ...progress, mediaId: 's1' }]);
    });

    it('cut off after media_publish: finds the story on /stories (the media edge lists none) and publishes nothing', async () => {
      // Newest first: a video story, ours, and one from before the container was made.
      const { adapter, http } = adapterWith(
        answer(200, statusAnswer('c1', 'PUBLISHED')),
        answer(200, {
          data: [
            { id: 's3', media_type: 'VIDEO', timestamp: '2026-03-01T12:00:30+0000' },
            { id: 's2', media_type: 'IMAGE', timestamp: '2026-03-01T12:00:02+0000' },
            { id: 's0', media_type: 'IMAGE', timestamp: '2026-03-01T09:00:00+0000' },
          ],
        }),
        answer(200, permalinkAnswer('s2')),
      );
      const delivery = { ...request([part('', ['image', JPG])], { progress, resuming: true }), options: story };
      await expect(adapter.publish(delivery)).resolves.toMatchObject({ kind: 'published', platformPostId: 's2' });
      expect(http.requests).toEqual([
        status('c1'),
        get(`/${IG_USER_ID}/stories`, { fields: 'id,media_type,timestamp', limit: '25' }),
        permalink('s2'),
      ]);
      expect(delivery.checkpoints).toEqual([{ ...progress, mediaId: 's2' }]);
    });

    it('fails without publishing again when the story is not among the current ones', async () => {
      const { adapter, http } = adapterWith(answer(200, statusAnswer('c1', 'PUBLISHED')), answer(200, { data: [] }));
      const delivery = { ...request([part('', ['image', JPG])], { progress, resuming: true }), options: story };
      await expect(adapter.publish(delivery)).rejects.toMatchObject({
        kind: 'permanent',
        details: { code: 'PUBLISHED' },
      });
      expect(http.requests.map((sent) => sent.url)).not.toContain(`${IG_GRAPH}/${IG_USER_ID}/media_publish`);
    });
  });

  it('when resuming a thread, adopts the comment in flight', async () => {
    const progress = {
      childIds: [],
      commentIds: [],
      containerId: 'c1',
      containerCreatedAt: NOW.toISOString(),
      mediaId: 'm1',
    };
    // Instagram lists a medium's comments newest first: the one in flight, then an older one by a
    // reader with the same words, which is not ours to adopt.
    const { adapter, http } = adapterWith(
      answer(200, permalinkAnswer('m1')),
      answer(
        200,
        commentsAnswer(
          { id: 'k1', text: 'First', timestamp: '2026-03-01T12:00:05+0000' },
          { id: 'r0', text: 'First', timestamp: '2026-03-01T11:59:00+0000' },
        ),
      ),
    );
    const delivery = request([part('Post', ['image', JPG]), part('First')], { progress, resuming: true });
    await adapter.publish(delivery);
    expect(http.requests).toEqual([
      permalink('m1'),
      get('/m1/comments', { fields: 'id,text,timestamp', limit: '100' }),
    ]);
    expect(delivery.checkpoints.map((saved) => saved.commentIds)).toEqual([['k1']]);
  });
});
