import { part, publishRequest } from '../graph/publish-request.testing';
import { answer, APP, NOW, RecordingHttp } from '../http/recording-http.testing';
import { PostPart } from '../network-adapter';
import { NetworkPostOptions } from '../post-options';
import { FacebookAdapter } from './facebook.adapter';
import { GRAPH, graphErrorAnswer } from './facebook.fixtures';
import { PAGE_ID, PAGE_TOKEN, permalinkAnswer } from './facebook-publish.fixtures';
import { FacebookSettings } from './facebook.settings';
import { contractViolations, RUPLOAD } from './graph-contract.testing';

const settings = new FacebookSettings('https://www.facebook.com/v25.0/dialog/oauth', GRAPH, APP, false);
const JPG = 'https://cdn.example.com/cake.jpg';
const CLIP = 'https://cdn.example.com/clip.mp4';
const STORY_URL = 'https://facebook.com/stories/101/8283482737484972';
/** The node type of each id the calls below use, for the contract check. */
const NODES = { [PAGE_ID]: 'Page', v1: 'AdVideo', v2: 'AdVideo' };

function adapterWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { adapter: new FacebookAdapter(settings, http), http };
}

const post = (path: string, form: Record<string, string | undefined>) => ({
  method: 'POST',
  url: `${GRAPH}${path}`,
  form: { ...form, access_token: PAGE_TOKEN },
});
const get = (path: string, query: Record<string, string>) => ({
  method: 'GET',
  url: `${GRAPH}${path}`,
  query: { ...query, access_token: PAGE_TOKEN },
});
const rupload = (videoId: string, fileUrl: string) => ({
  method: 'POST',
  url: `${RUPLOAD}/${videoId}`,
  headers: { Authorization: `OAuth ${PAGE_TOKEN}`, file_url: fileUrl },
});
const request = (parts: PostPart[], options: NetworkPostOptions, extra: Parameters<typeof publishRequest>[3] = {}) => ({
  ...publishRequest(PAGE_ID, PAGE_TOKEN, parts, extra),
  options,
});
const statusRead = (videoId: string) => get(`/${videoId}`, { fields: 'status' });
const storiesRead = get('/101/stories', { fields: 'post_id,media_id,url', limit: '25' });
const videoStatus = (uploading: string, publishStatus: string) => ({
  id: 'v1',
  status: {
    video_status: uploading === 'complete' ? 'upload_complete' : 'uploading',
    uploading_phase: { status: uploading },
    processing_phase: { status: 'not_started' },
    publishing_phase: {
      status: publishStatus === 'published' ? 'complete' : 'not_started',
      publish_status: publishStatus,
    },
  },
});
const storiesAnswer = (...stories: { post_id: string; media_id: string }[]) => ({
  data: stories.map((story) => ({ ...story, status: 'PUBLISHED', media_type: 'photo', url: STORY_URL })),
});

describe('FacebookAdapter reels', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());
  const reel = { placement: 'reel' };

  it('starts a reel (its video id checkpointed first), sends its file by file_url to rupload, then finishes it PUBLISHED', async () => {
    const { adapter, http } = adapterWith(
      answer(200, { video_id: 'v1', upload_url: 'https://rupload.facebook.com/video-upload/v25.0/v1' }),
      answer(200, { success: true }),
      answer(200, { success: true }),
      answer(200, permalinkAnswer('v1', '/reel/v1')),
    );
    const delivery = request([part('Morning bake #bread', ['video', CLIP])], reel);
    await expect(adapter.publish(delivery)).resolves.toEqual({
      kind: 'published',
      platformPostId: 'v1',
      permalink: 'https://www.facebook.com/reel/v1',
    });
    expect(http.requests).toEqual([
      post('/101/video_reels', { upload_phase: 'START' }),
      rupload('v1', CLIP),
      post('/101/video_reels', {
        upload_phase: 'FINISH',
        video_id: 'v1',
        video_state: 'PUBLISHED',
        description: 'Morning bake #bread',
      }),
      get('/v1', { fields: 'permalink_url' }),
    ]);
    expect(contractViolations(http.requests, NODES)).toEqual([]);
    expect(delivery.checkpoints).toEqual([
      { photoIds: [], commentIds: [], placementVideoId: 'v1' },
      { photoIds: [], commentIds: [], placementVideoId: 'v1', postId: 'v1' },
    ]);
    // The worker never downloads the video: Facebook fetches it.
    expect(http.downloads).toEqual([]);
  });

  it('cut off between start and finish: resumes from its video, sending the file only if rupload lacks it', async () => {
    const started = { photoIds: [], commentIds: [], placementVideoId: 'v1' };
    const lacking = adapterWith(
      answer(200, videoStatus('not_started', 'draft')),
      answer(200, { success: true }),
      answer(200, { success: true }),
      answer(200, permalinkAnswer('v1', '/reel/v1')),
    );
    await expect(
      lacking.adapter.publish(request([part('Clip', ['video', CLIP])], reel, { progress: started, resuming: true })),
    ).resolves.toMatchObject({ platformPostId: 'v1' });
    expect(lacking.http.requests.map((sent) => `${sent.method} ${sent.url}`)).toEqual([
      `GET ${GRAPH}/v1`,
      `POST ${RUPLOAD}/v1`,
      `POST ${GRAPH}/101/video_reels`,
      `GET ${GRAPH}/v1`,
    ]);

    const uploaded = adapterWith(
      answer(200, videoStatus('complete', 'draft')),
      answer(200, { success: true }),
      answer(200, permalinkAnswer('v1', '/reel/v1')),
    );
    await uploaded.adapter.publish(
      request([part('Clip', ['video', CLIP])], reel, { progress: started, resuming: true }),
    );
    expect(uploaded.http.requests.map((sent) => `${sent.method} ${sent.url}`)).toEqual([
      `GET ${GRAPH}/v1`,
      `POST ${GRAPH}/101/video_reels`,
      `GET ${GRAPH}/v1`,
    ]);
    expect(contractViolations([...lacking.http.requests, ...uploaded.http.requests], NODES)).toEqual([]);
  });

  it('cut off after a finish Facebook took: adopts the published reel, finishing nothing again', async () => {
    const { adapter, http } = adapterWith(
      answer(200, videoStatus('complete', 'published')),
      answer(200, permalinkAnswer('v1', '/reel/v1')),
    );
    const delivery = request([part('Clip', ['video', CLIP])], reel, {
      progress: { photoIds: [], commentIds: [], placementVideoId: 'v1' },
      resuming: true,
    });
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ kind: 'published', platformPostId: 'v1' });
    expect(http.requests).toEqual([statusRead('v1'), get('/v1', { fields: 'permalink_url' })]);
    expect(http.requests.filter((sent) => sent.method === 'POST')).toEqual([]);
  });

  it('fails for good when rupload refuses the file, keeping the video for a retry', async () => {
    const { adapter } = adapterWith(
      answer(200, { video_id: 'v1', upload_url: `${RUPLOAD}/v1` }),
      answer(400, graphErrorAnswer(100)),
    );
    const delivery = request([part('Clip', ['video', CLIP])], reel);
    await expect(adapter.publish(delivery)).rejects.toMatchObject({ kind: 'permanent' });
    expect(delivery.checkpoints).toEqual([{ photoIds: [], commentIds: [], placementVideoId: 'v1' }]);
  });
});

describe('FacebookAdapter stories', () => {
  const story = { placement: 'story' };

  it('stages the photo unpublished (checkpointed), publishes it with photo_stories, with the url the stories edge gives', async () => {
    const { adapter, http } = adapterWith(
      answer(200, { id: 'p1' }),
      answer(200, { success: true, post_id: 'st1' }),
      answer(200, storiesAnswer({ post_id: 'st1', media_id: 'p1' })),
    );
    // Its text and alt text are not sent: a story takes neither (the rules warned).
    const delivery = request([{ text: 'Hello', media: [{ kind: 'image', url: JPG, altText: 'A cake' }] }], story);
    await expect(adapter.publish(delivery)).resolves.toEqual({
      kind: 'published',
      platformPostId: 'st1',
      permalink: STORY_URL,
    });
    expect(http.requests).toEqual([
      post('/101/photos', { url: JPG, published: 'false' }),
      post('/101/photo_stories', { photo_id: 'p1' }),
      storiesRead,
    ]);
    expect(contractViolations(http.requests, { ...NODES })).toEqual([]);
    expect(delivery.checkpoints).toEqual([
      { photoIds: ['p1'], commentIds: [] },
      { photoIds: ['p1'], commentIds: [], postId: 'st1' },
    ]);
  });

  it('cut off after photo_stories: adopts the story its photo shows in, publishing nothing again', async () => {
    const { adapter, http } = adapterWith(
      answer(200, storiesAnswer({ post_id: 'other', media_id: 'p0' }, { post_id: 'st1', media_id: 'p1' })),
      answer(200, storiesAnswer({ post_id: 'st1', media_id: 'p1' })),
    );
    const delivery = request([part('', ['image', JPG])], story, {
      progress: { photoIds: ['p1'], commentIds: [] },
      resuming: true,
    });
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ platformPostId: 'st1', permalink: STORY_URL });
    expect(http.requests).toEqual([storiesRead, storiesRead]);
  });

  it('cut off before photo_stories: publishes the staged photo once', async () => {
    const { adapter, http } = adapterWith(
      answer(200, storiesAnswer()),
      answer(200, { success: true, post_id: 'st1' }),
      answer(200, storiesAnswer({ post_id: 'st1', media_id: 'p1' })),
    );
    const delivery = request([part('', ['image', JPG])], story, { progress: { photoIds: ['p1'], commentIds: [] } });
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ platformPostId: 'st1' });
    expect(http.requests).toEqual([storiesRead, post('/101/photo_stories', { photo_id: 'p1' }), storiesRead]);
  });

  it('publishes a video story: start, rupload, finish answering its post_id', async () => {
    const { adapter, http } = adapterWith(
      answer(200, { video_id: 'v1', upload_url: `${RUPLOAD}/v1` }),
      answer(200, { success: true }),
      answer(200, { success: true, post_id: 'st2' }),
      answer(200, storiesAnswer({ post_id: 'st2', media_id: 'v1' })),
    );
    const delivery = request([part('', ['video', CLIP])], story);
    await expect(adapter.publish(delivery)).resolves.toEqual({
      kind: 'published',
      platformPostId: 'st2',
      permalink: STORY_URL,
    });
    expect(http.requests).toEqual([
      post('/101/video_stories', { upload_phase: 'START' }),
      rupload('v1', CLIP),
      post('/101/video_stories', { upload_phase: 'FINISH', video_id: 'v1' }),
      storiesRead,
    ]);
    expect(contractViolations(http.requests, NODES)).toEqual([]);
  });

  it('cut off around a video story finish: adopts the story of its video if there is one, else finishes it', async () => {
    const progress = { photoIds: [], commentIds: [], placementVideoId: 'v1' };
    const finished = adapterWith(
      answer(200, storiesAnswer({ post_id: 'st2', media_id: 'v1' })),
      answer(200, storiesAnswer({ post_id: 'st2', media_id: 'v1' })),
    );
    await expect(
      finished.adapter.publish(request([part('', ['video', CLIP])], story, { progress, resuming: true })),
    ).resolves.toMatchObject({ platformPostId: 'st2' });
    expect(finished.http.requests).toEqual([storiesRead, storiesRead]);

    const unfinished = adapterWith(
      answer(200, storiesAnswer()),
      answer(200, videoStatus('complete', 'draft')),
      answer(200, { success: true, post_id: 'st2' }),
      answer(200, storiesAnswer({ post_id: 'st2', media_id: 'v1' })),
    );
    await expect(
      unfinished.adapter.publish(request([part('', ['video', CLIP])], story, { progress, resuming: true })),
    ).resolves.toMatchObject({ platformPostId: 'st2' });
    expect(unfinished.http.requests).toEqual([
      storiesRead,
      statusRead('v1'),
      post('/101/video_stories', { upload_phase: 'FINISH', video_id: 'v1' }),
      storiesRead,
    ]);
    expect(contractViolations(unfinished.http.requests, NODES)).toEqual([]);
  });
});

describe('FacebookAdapter feed options', () => {
  it('sends the link with the message on /feed', async () => {
    const { adapter, http } = adapterWith(answer(200, { id: '101_5' }), answer(200, permalinkAnswer('101_5')));
    await adapter.publish(request([part('Our menu')], { link: 'https://bakery.example/menu' }));
    expect(http.requests[0]).toEqual(post('/101/feed', { message: 'Our menu', link: 'https://bakery.example/menu' }));
    expect(contractViolations(http.requests, { ...NODES, '101_5': 'PagePost' })).toEqual([]);
  });

  it("sends each photo's alt text as alt_text_custom when staging it", async () => {
    const { adapter, http } = adapterWith(
      answer(200, { id: 'p1' }),
      answer(200, { id: 'p2' }),
      answer(200, { id: '101_9' }),
      answer(200, permalinkAnswer('101_9')),
    );
    await adapter.publish(
      request(
        [
          {
            text: 'Two',
            media: [
              { kind: 'image', url: JPG, altText: 'A cake' },
              { kind: 'image', url: JPG },
            ],
          },
        ],
        {},
      ),
    );
    expect(http.requests.slice(0, 2)).toEqual([
      post('/101/photos', { url: JPG, published: 'false', alt_text_custom: 'A cake' }),
      post('/101/photos', { url: JPG, published: 'false', alt_text_custom: undefined }),
    ]);
    expect(contractViolations(http.requests, { ...NODES, '101_9': 'PagePost' })).toEqual([]);
  });
});

describe('the contract check these tests use', () => {
  it("finds what Meta's contracts refuse: a phase outside the codegen's enum, an unknown param, a rupload without its file", () => {
    expect(
      contractViolations(
        [
          post('/101/video_reels', { upload_phase: 'start' }),
          post('/101/photo_stories', { photo_id: 'p1', caption: 'Hi' }),
          { method: 'POST', url: `${RUPLOAD}/v1`, headers: { Authorization: `OAuth ${PAGE_TOKEN}` } },
        ] as never,
        NODES,
      ),
    ).toEqual([
      'POST Page/video_reels: parameter "upload_phase": "start" is not one of FINISH, START',
      'POST Page/photo_stories: unknown parameter "caption"',
      'rupload: file_url, or offset and file_size, must be given (one of them)',
    ]);
  });
});
