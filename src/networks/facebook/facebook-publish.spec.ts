import { part, publishRequest } from '../graph/publish-request.testing';
import { answer, APP, NOW, RecordingHttp } from '../http/recording-http.testing';
import { PostPart } from '../network-adapter';
import { NetworkError } from '../network-error';
import { FacebookAdapter } from './facebook.adapter';
import { GRAPH, graphErrorAnswer } from './facebook.fixtures';
import {
  commentAnswer,
  commentsAnswer,
  feedAnswer,
  feedPostAnswer,
  PAGE_ID,
  permalinkAnswer,
  permalinkOf,
  PAGE_TOKEN,
  stagedPhotoAnswer,
  videoFinishAnswer,
  videoQueuedAnswer,
  videoStartAnswer,
  videoStatusAnswer,
  videoTransferAnswer,
  videoUploadingAnswer,
} from './facebook-publish.fixtures';
import { FACEBOOK_VIDEO_PROCESSING_LIMIT_MS } from './facebook-video';
import { FacebookSettings } from './facebook.settings';

const settings = new FacebookSettings('https://www.facebook.com/v25.0/dialog/oauth', GRAPH, APP, false);
const JPG = 'https://cdn.example.com/cake.jpg';
const PNG = 'https://cdn.example.com/bread.png?w=1080';

function adapterWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { adapter: new FacebookAdapter(settings, http), http };
}

const post = (path: string, form: Record<string, string>) => ({
  method: 'POST',
  url: `${GRAPH}${path}`,
  form: { ...form, access_token: PAGE_TOKEN },
});
const get = (path: string, query: Record<string, string>) => ({
  method: 'GET',
  url: `${GRAPH}${path}`,
  query: { ...query, access_token: PAGE_TOKEN },
});
const permalinkRead = (postId: string) => get(`/${postId}`, { fields: 'permalink_url' });
const request = (parts: PostPart[], options?: Parameters<typeof publishRequest>[3]) =>
  publishRequest(PAGE_ID, PAGE_TOKEN, parts, options);

describe('FacebookAdapter content rules', () => {
  const { adapter } = adapterWith();
  const photos = (count: number) =>
    part(
      'Fresh',
      ...Array.from({ length: count }, (_, i): ['image', string] => ['image', `https://cdn.example.com/${i}.jpg`]),
    );

  it('accepts text, a link, photos of every Facebook format and a text thread', () => {
    expect(adapter.validate([part('Open today https://bakery.example')])).toEqual([]);
    expect(
      adapter.validate([
        part(
          '',
          ['image', JPG],
          ['image', PNG],
          ['gif', 'https://cdn.example.com/a.GIF'],
          ['image', 'https://c.example/s.tiff'],
          ['image', 'https://c.example/s.bmp'],
        ),
      ]),
    ).toEqual([]);
    expect(adapter.validate([part('Post'), part('First comment'), part('Second comment')])).toEqual([]);
  });

  it('needs text or media', () => {
    expect(adapter.validate([part('  ')])).toEqual([
      {
        field: 'containers[0].content',
        rule: 'content_required',
        message: 'A Facebook post needs text or media (or a link)',
      },
    ]);
    expect(adapter.validate([])).toEqual([
      { field: 'containers', rule: 'containers_required', message: 'A post needs at least one container' },
    ]);
  });

  it('takes up to 10 photos', () => {
    expect(adapter.validate([photos(10)])).toEqual([]);
    expect(adapter.validate([photos(11)])).toEqual([
      {
        field: 'containers[0].media',
        rule: 'media_too_many',
        message: 'A Facebook post takes at most 10 photos (got 11)',
      },
    ]);
  });

  it('takes one video alone, and refuses photo formats Facebook does not take', () => {
    expect(adapter.validate([part('Clip', ['video', 'https://cdn.example.com/clip.mp4'])])).toEqual([]);
    expect(adapter.validate([part('', ['video', 'https://cdn.example.com/clip.mov'])])).toEqual([]);
    expect(adapter.validate([part('Clip', ['image', JPG], ['video', 'https://cdn.example.com/clip.mp4'])])).toEqual([
      {
        field: 'containers[0].media',
        rule: 'media_mixed',
        message: 'A Facebook video is posted alone: one video and no other media (got 2 media)',
      },
    ]);
    expect(adapter.validate([part('Photos', ['image', JPG], ['image', 'https://cdn.example.com/a.webp'])])).toEqual([
      {
        field: 'containers[0].media[1].url',
        rule: 'media_format',
        message: 'Facebook photos must be JPEG, BMP, PNG, GIF or TIFF',
      },
    ]);
  });

  it('takes text only in thread parts, which become comments', () => {
    expect(adapter.validate([part('Post'), part('With a photo', ['image', JPG]), part('')])).toEqual([
      {
        field: 'containers[1].media',
        rule: 'thread_media_not_allowed',
        message: 'Facebook thread parts become comments, which take text only: remove the media',
      },
      {
        field: 'containers[2].content',
        rule: 'thread_text_required',
        message: 'Facebook thread parts become comments and need text',
      },
    ]);
  });
});

describe('FacebookAdapter publishing', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it("publishes text on the Page feed with the Page token, with the post's permalink_url as Facebook gives it", async () => {
    const { adapter, http } = adapterWith(answer(200, feedPostAnswer('501')), answer(200, permalinkAnswer('101_501')));
    const delivery = request([part('Open today')]);
    await expect(adapter.publish(delivery)).resolves.toEqual({
      kind: 'published',
      platformPostId: '101_501',
      permalink: permalinkOf('101_501'),
    });
    expect(http.requests).toEqual([post('/101/feed', { message: 'Open today' }), permalinkRead('101_501')]);
    // The post is recorded before its permalink is read: a retry after a failed read goes on from it.
    expect(delivery.checkpoints).toEqual([{ photoIds: [], commentIds: [], postId: '101_501' }]);
  });

  it('stages one photo unpublished and checkpoints it, then publishes it in a Page post', async () => {
    const { adapter, http } = adapterWith(
      answer(200, stagedPhotoAnswer('777')),
      answer(200, feedPostAnswer('900')),
      answer(200, permalinkAnswer('101_900')),
    );
    const delivery = request([part('Cake', ['image', JPG])]);
    await expect(adapter.publish(delivery)).resolves.toMatchObject({
      platformPostId: '101_900',
      permalink: permalinkOf('101_900'),
    });
    expect(http.requests).toEqual([
      post('/101/photos', { url: JPG, published: 'false' }),
      post('/101/feed', { message: 'Cake', attached_media: '[{"media_fbid":"777"}]' }),
      permalinkRead('101_900'),
    ]);
    // The photo is recorded before the call that publishes it: a resumed attempt knows it by its id.
    expect(delivery.checkpoints).toEqual([
      { photoIds: ['777'], commentIds: [] },
      { photoIds: ['777'], commentIds: [], postId: '101_900' },
    ]);
  });

  it('publishes a photo without text as a post without message', async () => {
    const { adapter, http } = adapterWith(
      answer(200, stagedPhotoAnswer('777')),
      answer(200, feedPostAnswer('900')),
      answer(200, permalinkAnswer('101_900')),
    );
    await expect(adapter.publish(request([part('', ['image', JPG])]))).resolves.toMatchObject({
      platformPostId: '101_900',
    });
    expect(http.requests[1]).toEqual(
      post('/101/feed', { message: undefined as unknown as string, attached_media: '[{"media_fbid":"777"}]' }),
    );
  });

  it('when resuming a photo without text, adopts the post its staged photo was attached to', async () => {
    const { adapter, http } = adapterWith(
      answer(200, { id: '777', page_story_id: '101_900' }),
      answer(200, permalinkAnswer('101_900')),
    );
    const delivery = request([part('', ['image', JPG])], {
      progress: { photoIds: ['777'], commentIds: [] },
      resuming: true,
    });
    await expect(adapter.publish(delivery)).resolves.toEqual({
      kind: 'published',
      platformPostId: '101_900',
      permalink: permalinkOf('101_900'),
    });
    expect(http.requests).toEqual([get('/777', { fields: 'id,page_story_id' }), permalinkRead('101_900')]);
  });

  it('when resuming a photo without text that was never attached, publishes it once', async () => {
    const { adapter, http } = adapterWith(
      answer(200, { id: '777' }),
      answer(200, feedPostAnswer('900')),
      answer(200, permalinkAnswer('101_900')),
    );
    const delivery = request([part('', ['image', JPG])], {
      progress: { photoIds: ['777'], commentIds: [] },
      resuming: true,
    });
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ platformPostId: '101_900' });
    expect(http.requests.map((sent) => `${sent.method} ${sent.url}`)).toEqual([
      `GET ${GRAPH}/777`,
      `POST ${GRAPH}/101/feed`,
      `GET ${GRAPH}/101_900`,
    ]);
  });

  it('stages several photos unpublished, checkpointing each, then posts them together', async () => {
    const { adapter, http } = adapterWith(
      answer(200, stagedPhotoAnswer('p1')),
      answer(200, stagedPhotoAnswer('p2')),
      answer(200, feedPostAnswer('900')),
      answer(200, permalinkAnswer('101_900')),
    );
    const delivery = request([part('Two loaves', ['image', JPG], ['image', PNG])]);
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ platformPostId: '101_900' });
    expect(http.requests).toEqual([
      post('/101/photos', { url: JPG, published: 'false' }),
      post('/101/photos', { url: PNG, published: 'false' }),
      post('/101/feed', { message: 'Two loaves', attached_media: '[{"media_fbid":"p1"},{"media_fbid":"p2"}]' }),
      permalinkRead('101_900'),
    ]);
    expect(delivery.checkpoints).toEqual([
      { photoIds: ['p1'], commentIds: [] },
      { photoIds: ['p1', 'p2'], commentIds: [] },
      { photoIds: ['p1', 'p2'], commentIds: [], postId: '101_900' },
    ]);
  });

  it('publishes a thread as comments under the post, one checkpoint each', async () => {
    const { adapter, http } = adapterWith(
      answer(200, feedPostAnswer('501')),
      answer(200, permalinkAnswer('101_501')),
      answer(200, commentAnswer('501_1')),
      answer(200, commentAnswer('501_2')),
    );
    const delivery = request([part('Post'), part('More'), part('Even more')]);
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ platformPostId: '101_501' });
    expect(http.requests).toEqual([
      post('/101/feed', { message: 'Post' }),
      permalinkRead('101_501'),
      post('/101_501/comments', { message: 'More' }),
      post('/101_501/comments', { message: 'Even more' }),
    ]);
    expect(delivery.checkpoints).toEqual([
      { photoIds: [], commentIds: [], postId: '101_501' },
      { photoIds: [], commentIds: ['501_1'], postId: '101_501' },
      { photoIds: [], commentIds: ['501_1', '501_2'], postId: '101_501' },
    ]);
  });

  it('continues a multi-photo post from its progress without staging a photo twice', async () => {
    const { adapter, http } = adapterWith(
      answer(200, stagedPhotoAnswer('p2')),
      answer(200, feedPostAnswer('900')),
      answer(200, permalinkAnswer('101_900')),
    );
    await adapter.publish(
      request([part('Two', ['image', JPG], ['image', PNG])], { progress: { photoIds: ['p1'], commentIds: [] } }),
    );
    expect(http.requests).toEqual([
      post('/101/photos', { url: PNG, published: 'false' }),
      post('/101/feed', { message: 'Two', attached_media: '[{"media_fbid":"p1"},{"media_fbid":"p2"}]' }),
      permalinkRead('101_900'),
    ]);
  });

  it('continues a thread after the comments already made', async () => {
    const { adapter, http } = adapterWith(answer(200, permalinkAnswer('101_501')), answer(200, commentAnswer('501_2')));
    const delivery = request([part('Post'), part('More'), part('Even more')], {
      progress: { postId: '101_501', photoIds: [], commentIds: ['501_1'] },
    });
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ platformPostId: '101_501' });
    expect(http.requests).toEqual([permalinkRead('101_501'), post('/101_501/comments', { message: 'Even more' })]);
  });

  it('when resuming, adopts a post the cut-off attempt made instead of posting again', async () => {
    const { adapter, http } = adapterWith(
      answer(200, feedAnswer({ id: '101_600', message: 'Other' }, { id: '101_599', message: 'Open today' })),
      answer(200, permalinkAnswer('101_599')),
    );
    const delivery = request([part('Open today')], { resuming: true });
    await expect(adapter.publish(delivery)).resolves.toEqual({
      kind: 'published',
      platformPostId: '101_599',
      permalink: permalinkOf('101_599'),
    });
    expect(http.requests).toEqual([
      get('/101/feed', { fields: 'id,message,created_time', limit: '25' }),
      permalinkRead('101_599'),
    ]);
    expect(delivery.checkpoints).toEqual([{ photoIds: [], commentIds: [], postId: '101_599' }]);
  });

  it('when resuming and nothing was posted, posts', async () => {
    const { adapter, http } = adapterWith(
      answer(200, feedAnswer({ id: '101_600', message: 'Other' })),
      answer(200, feedPostAnswer('601')),
      answer(200, permalinkAnswer('101_601')),
    );
    await expect(adapter.publish(request([part('Open today')], { resuming: true }))).resolves.toMatchObject({
      platformPostId: '101_601',
    });
    expect(http.requests.map((sent) => `${sent.method} ${sent.url}`)).toEqual([
      `GET ${GRAPH}/101/feed`,
      `POST ${GRAPH}/101/feed`,
      `GET ${GRAPH}/101_601`,
    ]);
  });

  it('when resuming a multi-photo post, adopts the post its staged photos were attached to', async () => {
    const { adapter, http } = adapterWith(
      answer(200, { id: 'p1', page_story_id: '101_900' }),
      answer(200, permalinkAnswer('101_900')),
    );
    const progress = { photoIds: ['p1', 'p2'], commentIds: [] };
    await expect(
      adapter.publish(request([part('', ['image', JPG], ['image', PNG])], { progress, resuming: true })),
    ).resolves.toMatchObject({ platformPostId: '101_900' });
    expect(http.requests).toEqual([get('/p1', { fields: 'id,page_story_id' }), permalinkRead('101_900')]);
  });

  it('when resuming a thread, adopts the comment in flight, then posts the rest', async () => {
    const { adapter, http } = adapterWith(
      answer(200, permalinkAnswer('101_501')),
      answer(200, commentsAnswer({ id: '501_1', message: 'More' }, { id: '501_2', message: 'Even more' })),
      answer(200, commentAnswer('501_3')),
    );
    const delivery = request([part('Post'), part('More'), part('Even more'), part('Last')], {
      progress: { postId: '101_501', photoIds: [], commentIds: ['501_1'] },
      resuming: true,
    });
    await adapter.publish(delivery);
    expect(http.requests).toEqual([
      permalinkRead('101_501'),
      get('/101_501/comments', { fields: 'id,message,created_time', limit: '100' }),
      post('/101_501/comments', { message: 'Last' }),
    ]);
    expect(delivery.checkpoints.map((saved) => saved.commentIds)).toEqual([
      ['501_1', '501_2'],
      ['501_1', '501_2', '501_3'],
    ]);
  });

  describe('video', () => {
    const CLIP = 'https://cdn.example.com/clip.mp4';
    const BYTES = Buffer.from(`bytes of ${CLIP}`);
    const started = { photoIds: [], commentIds: [], videoId: 'v1', videoSessionId: 's1' };
    const uploaded = { ...started, videoUploadedAt: new Date(NOW).toISOString() };
    const transfer = (startOffset: number, endOffset: number) => ({
      method: 'POST',
      url: `${GRAPH}/101/videos`,
      multipart: {
        access_token: PAGE_TOKEN,
        upload_phase: 'transfer',
        upload_session_id: 's1',
        start_offset: String(startOffset),
        video_file_chunk: {
          data: BYTES.subarray(startOffset, endOffset),
          filename: 'chunk',
          contentType: 'application/octet-stream',
        },
      },
    });
    const uploadAnswers = (videoId = 'v1') => [
      answer(200, videoStartAnswer(videoId, 's1', 10)),
      answer(200, videoTransferAnswer(10, BYTES.length)),
      answer(200, videoTransferAnswer(BYTES.length, BYTES.length)),
      answer(200, videoFinishAnswer()),
    ];

    it('uploads it in a resumable session, its id checkpointed before any byte, then polls while Facebook processes it', async () => {
      const { adapter, http } = adapterWith(...uploadAnswers(), answer(200, videoStatusAnswer('v1', 'processing')));
      const delivery = request([part('Clip', ['video', CLIP])]);
      await expect(adapter.publish(delivery)).resolves.toEqual({
        kind: 'poll',
        at: new Date(NOW.getTime() + 30_000),
        progress: uploaded,
      });
      expect(http.downloads).toEqual([CLIP]);
      expect(http.requests).toEqual([
        post('/101/videos', { upload_phase: 'start', file_size: String(BYTES.length) }),
        transfer(0, 10),
        transfer(10, BYTES.length),
        post('/101/videos', { upload_phase: 'finish', upload_session_id: 's1', description: 'Clip' }),
        get('/v1', { fields: 'status' }),
      ]);
      // The id first (nothing can be published before the finish), then the finished upload.
      expect(delivery.checkpoints).toEqual([started, uploaded]);
    });

    it('finishes a video without a description without one', async () => {
      const { adapter, http } = adapterWith(...uploadAnswers(), answer(200, videoStatusAnswer('v1', 'processing')));
      await adapter.publish(request([part('', ['video', CLIP])]));
      expect(http.requests[3]).toEqual(
        post('/101/videos', {
          upload_phase: 'finish',
          upload_session_id: 's1',
          description: undefined as unknown as string,
        }),
      );
    });

    it('publishes once it is ready, without uploading again, then comments under the video', async () => {
      // A Video's permalink_url is relative to facebook.com.
      const { adapter, http } = adapterWith(
        answer(200, videoStatusAnswer('v1', 'ready')),
        answer(200, permalinkAnswer('v1', '/bakery/videos/v1/')),
        answer(200, commentAnswer('v1_1')),
      );
      const delivery = request([part('Clip', ['video', CLIP]), part('More')], { progress: uploaded });
      await expect(adapter.publish(delivery)).resolves.toEqual({
        kind: 'published',
        platformPostId: 'v1',
        permalink: 'https://www.facebook.com/bakery/videos/v1/',
      });
      expect(http.requests).toEqual([
        get('/v1', { fields: 'status' }),
        permalinkRead('v1'),
        post('/v1/comments', { message: 'More' }),
      ]);
      expect(delivery.checkpoints).toEqual([
        { ...uploaded, postId: 'v1' },
        { ...uploaded, postId: 'v1', commentIds: ['v1_1'] },
      ]);
    });

    it("fails for good with Facebook's message when it cannot process the video", async () => {
      const { adapter } = adapterWith(answer(200, videoStatusAnswer('v1', 'error', 'The video file is corrupt')));
      await expect(
        adapter.publish(request([part('Clip', ['video', CLIP])], { progress: uploaded })),
      ).rejects.toMatchObject({
        kind: 'permanent',
        message: 'Facebook could not process the video: The video file is corrupt',
      });
    });

    it('stops polling a video still processing long after its upload', async () => {
      const { adapter } = adapterWith(answer(200, videoStatusAnswer('v1', 'processing')));
      const progress = {
        ...uploaded,
        videoUploadedAt: new Date(NOW.getTime() - FACEBOOK_VIDEO_PROCESSING_LIMIT_MS).toISOString(),
      };
      await expect(adapter.publish(request([part('Clip', ['video', CLIP])], { progress }))).rejects.toMatchObject({
        kind: 'permanent',
        details: { code: 'processing' },
      });
    });

    const finishAgain = post('/101/videos', { upload_phase: 'finish', upload_session_id: 's1', description: 'Clip' });

    it('when resuming an upload whose bytes Facebook all has, finishes that same session again and follows its video', async () => {
      const { adapter, http } = adapterWith(
        answer(200, videoStatusAnswer('v1', 'processing')),
        answer(200, videoFinishAnswer()),
        answer(200, videoStatusAnswer('v1', 'ready')),
        answer(200, permalinkAnswer('v1', '/bakery/videos/v1/')),
      );
      const delivery = request([part('Clip', ['video', CLIP])], { progress: started, resuming: true });
      await expect(adapter.publish(delivery)).resolves.toMatchObject({ kind: 'published', platformPostId: 'v1' });
      expect(http.requests).toEqual([
        get('/v1', { fields: 'status' }),
        finishAgain,
        get('/v1', { fields: 'status' }),
        permalinkRead('v1'),
      ]);
      expect(http.downloads).toEqual([]);
      expect(delivery.checkpoints).toEqual([uploaded, { ...uploaded, postId: 'v1' }]);
    });

    it('when cut off after a finish Facebook took but has not begun processing, never uploads the video again', async () => {
      // Facebook took the finish (the video will be published) but its processing is still not_started.
      const { adapter, http } = adapterWith(
        answer(200, videoQueuedAnswer('v1')),
        answer(400, graphErrorAnswer(100)),
        answer(200, videoStatusAnswer('v1', 'processing')),
      );
      const delivery = request([part('Clip', ['video', CLIP])], { progress: started, resuming: true });
      await expect(adapter.publish(delivery)).resolves.toMatchObject({ kind: 'poll', progress: uploaded });
      expect(http.requests).toEqual([get('/v1', { fields: 'status' }), finishAgain, get('/v1', { fields: 'status' })]);
      expect(http.downloads).toEqual([]);
    });

    it('when resuming, a refusal worth retrying of the finish sent again fails the attempt, uploading nothing', async () => {
      const { adapter, http } = adapterWith(answer(200, videoQueuedAnswer('v1')), answer(500, graphErrorAnswer(2)));
      const delivery = request([part('Clip', ['video', CLIP])], { progress: started, resuming: true });
      await expect(adapter.publish(delivery)).rejects.toMatchObject({ kind: 'transient' });
      expect(http.requests).toEqual([get('/v1', { fields: 'status' }), finishAgain]);
      expect(delivery.checkpoints).toEqual([]);
    });

    it('adopts a video recorded without its session (by an older release) unless Facebook says it is still uploading', async () => {
      const { adapter, http } = adapterWith(
        answer(200, videoQueuedAnswer('v1')),
        answer(200, videoStatusAnswer('v1', 'processing')),
      );
      const legacy = { photoIds: [], commentIds: [], videoId: 'v1' };
      const delivery = request([part('', ['video', CLIP])], { progress: legacy, resuming: true });
      await expect(adapter.publish(delivery)).resolves.toMatchObject({ kind: 'poll' });
      expect(http.requests).toEqual([get('/v1', { fields: 'status' }), get('/v1', { fields: 'status' })]);
    });

    it('when the recorded upload was never finished, uploads in a new session (the unfinished one is never published)', async () => {
      const { adapter, http } = adapterWith(
        answer(200, videoUploadingAnswer('v1')),
        ...uploadAnswers('v2'),
        answer(200, videoStatusAnswer('v2', 'processing')),
      );
      const delivery = request([part('', ['video', CLIP])], { progress: started, resuming: true });
      await expect(adapter.publish(delivery)).resolves.toMatchObject({ kind: 'poll' });
      expect(
        http.requests.map((sent) =>
          `${sent.method} ${sent.url} ${sent.form?.upload_phase ?? sent.multipart?.upload_phase ?? ''}`.trim(),
        ),
      ).toEqual([
        `GET ${GRAPH}/v1`,
        `POST ${GRAPH}/101/videos start`,
        `POST ${GRAPH}/101/videos transfer`,
        `POST ${GRAPH}/101/videos transfer`,
        `POST ${GRAPH}/101/videos finish`,
        `GET ${GRAPH}/v2`,
      ]);
      expect(delivery.checkpoints).toEqual([
        { ...started, videoId: 'v2', videoSessionId: 's1' },
        { ...uploaded, videoId: 'v2', videoSessionId: 's1' },
      ]);
    });

    it('does not upload again when Facebook does not say the recorded upload is unfinished', async () => {
      const { adapter, http } = adapterWith(
        answer(200, { id: 'v1', status: { video_status: 'processing' } }),
        answer(200, videoFinishAnswer()),
        answer(200, videoStatusAnswer('v1', 'processing')),
      );
      await expect(
        adapter.publish(request([part('Clip', ['video', CLIP])], { progress: started, resuming: true })),
      ).resolves.toMatchObject({ kind: 'poll' });
      expect(http.requests.filter((sent) => sent.method === 'POST')).toEqual([finishAgain]);
    });
  });

  it('classifies an expired Page token without repeating it, and records nothing', async () => {
    const { adapter } = adapterWith(answer(400, graphErrorAnswer(190, 460)));
    const delivery = request([part('Open today')]);
    const publishing = adapter.publish(delivery);
    await expect(publishing).rejects.toMatchObject({
      network: 'facebook',
      kind: 'auth_expired',
      details: { code: 190, subcode: 460 },
    });
    await publishing.catch((error: NetworkError) => expect(error.message).not.toContain(PAGE_TOKEN));
    expect(delivery.checkpoints).toEqual([]);
  });

  it('keeps the post recorded when reading its permalink fails, so a retry does not post again', async () => {
    const { adapter, http } = adapterWith(answer(200, feedPostAnswer('501')), answer(500, graphErrorAnswer(2)));
    const delivery = request([part('Open today')]);
    await expect(adapter.publish(delivery)).rejects.toMatchObject({ kind: 'transient' });
    expect(delivery.checkpoints).toEqual([{ photoIds: [], commentIds: [], postId: '101_501' }]);
    const retry = adapterWith(answer(200, permalinkAnswer('101_501')));
    await expect(
      retry.adapter.publish(request([part('Open today')], { progress: delivery.checkpoints[0] })),
    ).resolves.toEqual({ kind: 'published', platformPostId: '101_501', permalink: permalinkOf('101_501') });
    expect(retry.http.requests).toEqual([permalinkRead('101_501')]);
    expect(http.requests).toHaveLength(2);
  });

  it('keeps the post recorded when a comment fails, so a retry only comments', async () => {
    const { adapter } = adapterWith(
      answer(200, feedPostAnswer('501')),
      answer(200, permalinkAnswer('101_501')),
      answer(500, graphErrorAnswer(2)),
    );
    const delivery = request([part('Post'), part('More')]);
    await expect(adapter.publish(delivery)).rejects.toMatchObject({ kind: 'transient' });
    expect(delivery.checkpoints).toEqual([{ photoIds: [], commentIds: [], postId: '101_501' }]);
  });
});

describe('FacebookAdapter link posts without text', () => {
  const LINK = 'https://bakery.example/menu';
  const linkRequest = (options: Parameters<typeof publishRequest>[3] = {}) => {
    const delivery = request([part('')], options);
    delivery.options = { link: LINK };
    return delivery;
  };
  const feedRead = get('/101/feed', { fields: 'id,message,created_time', limit: '25' });

  it('records when it sends the post, before sending it', async () => {
    const { adapter, http } = adapterWith(answer(200, feedPostAnswer('601')), answer(200, permalinkAnswer('101_601')));
    const delivery = linkRequest();
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ platformPostId: '101_601' });
    expect(http.requests[0]).toEqual(post('/101/feed', { link: LINK }));
    expect(delivery.checkpoints[0]).toEqual({ photoIds: [], commentIds: [], linkPostSentAt: expect.any(String) });
  });

  it('when resuming, adopts the first post without a message made since it was sent, instead of posting again', async () => {
    const { adapter, http } = adapterWith(
      answer(
        200,
        feedAnswer({ id: '101_603', message: 'Other' }, { id: '101_602' }, { id: '101_601' }, { id: '101_500' }),
      ),
      answer(200, permalinkAnswer('101_601')),
    );
    // The fixtures' posts were made at 11:59:58; 101_500 is as old, but the feed lists newest first.
    const delivery = linkRequest({
      resuming: true,
      progress: { photoIds: [], commentIds: [], linkPostSentAt: '2026-03-01T11:59:30.000Z' },
    });
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ platformPostId: '101_500' });
    expect(http.requests[0]).toEqual(feedRead);
    expect(http.requests.some((sent) => sent.method === 'POST')).toBe(false);
  });

  it('when resuming and no post without a message was made since it was sent, posts it', async () => {
    const { adapter, http } = adapterWith(
      answer(200, feedAnswer({ id: '101_603', message: 'Other' })),
      answer(200, feedPostAnswer('604')),
      answer(200, permalinkAnswer('101_604')),
    );
    const delivery = linkRequest({
      resuming: true,
      progress: { photoIds: [], commentIds: [], linkPostSentAt: '2026-03-01T11:59:30.000Z' },
    });
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ platformPostId: '101_604' });
    expect(http.requests.map((sent) => `${sent.method} ${sent.url}`)).toEqual([
      `GET ${GRAPH}/101/feed`,
      `POST ${GRAPH}/101/feed`,
      `GET ${GRAPH}/101_604`,
    ]);
  });

  it('looks for nothing older than the clock slack before it was sent', async () => {
    const { adapter } = adapterWith(
      answer(200, feedAnswer({ id: '101_500' })),
      answer(200, feedPostAnswer('605')),
      answer(200, permalinkAnswer('101_605')),
    );
    const delivery = linkRequest({
      resuming: true,
      progress: { photoIds: [], commentIds: [], linkPostSentAt: '2026-03-01T12:01:00.000Z' },
    });
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ platformPostId: '101_605' });
  });
});
