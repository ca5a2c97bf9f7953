import { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { emulatorApp, facebookPageToken, facebookUserToken, form } from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';

const FB = '/emulator/facebook/graph/v25.0';
const RUPLOAD = '/emulator/facebook/rupload/video-upload/v25.0';
const CLIP = 'https://cdn.test/reel.mp4';

/** Reels, stories and rupload as the Reels Publishing and Page Stories guides describe them. */
describe('emulated Facebook reels and stories', () => {
  let app: FastifyInstance;
  let state: EmulatorState;
  let pageId: string;
  let token: string;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
    pageId = state.findUser()!.pages[0]!.id;
    token = await facebookPageToken(app, await facebookUserToken(app), pageId);
  });
  afterEach(() => app.close());

  const published = async () => (await app.inject({ url: '/emulator/control/published?network=facebook' })).json().data;
  const graph = (edge: string, params: Record<string, string>) =>
    app.inject({ method: 'POST', url: `${FB}/${pageId}/${edge}`, ...form({ ...params, access_token: token }) });
  const rupload = (videoId: string, headers: Record<string, string>, payload?: Buffer) =>
    app.inject({
      method: 'POST',
      url: `${RUPLOAD}/${videoId}`,
      headers: {
        authorization: `OAuth ${token}`,
        ...headers,
        ...(payload ? { 'content-type': 'application/octet-stream' } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const status = async (videoId: string) =>
    (await app.inject({ url: `${FB}/${videoId}?fields=status&access_token=${token}` })).json().status;

  it('publishes a reel: start, its file by file_url on rupload, finish PUBLISHED with its description', async () => {
    const start = await graph('video_reels', { upload_phase: 'START' });
    expect(start.json()).toEqual({
      video_id: expect.any(String),
      upload_url: `http://localhost/emulator/facebook/rupload/video-upload/v25.0/${start.json().video_id}`,
    });
    const videoId: string = start.json().video_id;
    expect((await status(videoId)).uploading_phase.status).toBe('not_started');
    // Finishing before the file is sent is refused.
    const early = await graph('video_reels', { upload_phase: 'FINISH', video_id: videoId, video_state: 'PUBLISHED' });
    expect(early.json().error).toMatchObject({ code: 100, type: 'OAuthException' });

    expect((await rupload(videoId, { file_url: CLIP })).json()).toEqual({ success: true });
    expect((await status(videoId)).uploading_phase.status).toBe('complete');
    const noState = await graph('video_reels', { upload_phase: 'finish', video_id: videoId });
    expect(noState.json().error.message).toContain('video_state');
    const finish = await graph('video_reels', {
      upload_phase: 'finish',
      video_id: videoId,
      video_state: 'PUBLISHED',
      description: 'Morning bake #bread',
    });
    expect(finish.json()).toEqual({ success: true });
    expect((await status(videoId)).publishing_phase).toMatchObject({ status: 'complete', publish_status: 'published' });
    // A finish sent again is the same reel, never a second one.
    expect(
      (await graph('video_reels', { upload_phase: 'FINISH', video_id: videoId, video_state: 'PUBLISHED' })).json(),
    ).toEqual({
      success: true,
    });
    expect(await published()).toEqual([
      expect.objectContaining({
        postId: videoId,
        text: 'Morning bake #bread',
        media: [{ type: 'video', url: CLIP, id: videoId }],
        facebook: { placement: 'reel' },
      }),
    ]);
  });

  it('takes the bytes on rupload with offset and file_size, refusing a wrong offset or a partial file', async () => {
    const videoId: string = (await graph('video_stories', { upload_phase: 'START' })).json().video_id;
    const bytes = Buffer.from('a short video story');
    expect((await rupload(videoId, { offset: '5', file_size: String(bytes.length) }, bytes)).json().error.message).toBe(
      '(#100) Request starting offset is invalid',
    );
    expect(
      (await rupload(videoId, { offset: '0', file_size: String(bytes.length + 1) }, bytes)).json().error.message,
    ).toBe('(#100) Partial request (did not match length of file)');
    const noAuth = await app.inject({ method: 'POST', url: `${RUPLOAD}/${videoId}`, headers: { file_url: CLIP } });
    expect(noAuth.json().error.code).toBe(100);
    expect((await rupload(videoId, { offset: '0', file_size: String(bytes.length) }, bytes)).json()).toEqual({
      success: true,
    });
    const finish = await graph('video_stories', { upload_phase: 'FINISH', video_id: videoId });
    expect(finish.json()).toEqual({ success: true, post_id: expect.any(String) });
    const postId = finish.json().post_id;
    // A video story is published once: its finish sent again is refused.
    expect((await graph('video_stories', { upload_phase: 'FINISH', video_id: videoId })).json().error.code).toBe(100);
    const stories = await app.inject({ url: `${FB}/${pageId}/stories?access_token=${token}` });
    expect(stories.json().data).toEqual([
      expect.objectContaining({ post_id: postId, status: 'PUBLISHED', media_type: 'video', media_id: videoId }),
    ]);
    expect(await published()).toEqual([
      expect.objectContaining({
        postId,
        text: '',
        media: [{ type: 'video', id: videoId, sha256: createHash('sha256').update(bytes).digest('hex') }],
        facebook: { placement: 'story' },
      }),
    ]);
  });

  it('refuses an unknown upload_phase, and a video of another edge', async () => {
    expect((await graph('video_reels', { upload_phase: 'transfer' })).json().error.code).toBe(100);
    const story: string = (await graph('video_stories', { upload_phase: 'start' })).json().video_id;
    await rupload(story, { file_url: CLIP });
    const asReel = await graph('video_reels', { upload_phase: 'FINISH', video_id: story, video_state: 'PUBLISHED' });
    expect(asReel.json().error.code).toBe(100);
    expect(await published()).toEqual([]);
  });

  it('publishes a photo story from a photo staged unpublished, with its alt text kept on the photo only', async () => {
    const photo = await graph('photos', {
      url: 'https://cdn.test/s.jpg',
      published: 'false',
      alt_text_custom: 'A loaf',
    });
    expect((await graph('photo_stories', {})).json().error.code).toBe(100);
    const story = await graph('photo_stories', { photo_id: photo.json().id });
    expect(story.json()).toEqual({ success: true, post_id: expect.any(String) });
    // A photo used in a published post (this story) cannot be published again.
    expect((await graph('photo_stories', { photo_id: photo.json().id })).json().error.code).toBe(100);
    expect(await published()).toEqual([
      expect.objectContaining({
        postId: story.json().post_id,
        media: [{ type: 'image', url: 'https://cdn.test/s.jpg', id: photo.json().id }],
        facebook: { placement: 'story' },
      }),
    ]);
    // A story is not in the Page's feed.
    expect((await app.inject({ url: `${FB}/${pageId}/feed?access_token=${token}` })).json().data).toEqual([]);
  });

  it("records a feed post's link apart from its message, and a photo's alt_text_custom", async () => {
    await graph('feed', { message: 'Our menu', link: 'https://bakery.example/menu' });
    const staged = await graph('photos', {
      url: 'https://cdn.test/a.jpg',
      published: 'false',
      alt_text_custom: 'A cake',
    });
    await graph('feed', { attached_media: JSON.stringify([{ media_fbid: staged.json().id }]) });
    const [link, photo] = await published();
    expect(link).toMatchObject({
      text: 'Our menu',
      facebook: { placement: 'feed', link: 'https://bakery.example/menu' },
    });
    expect(photo).toMatchObject({
      media: [{ type: 'image', url: 'https://cdn.test/a.jpg', altText: 'A cake' }],
      facebook: { placement: 'feed' },
    });
  });
});
