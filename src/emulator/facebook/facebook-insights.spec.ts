import { FastifyInstance } from 'fastify';
import { emulatorApp, facebookPageToken, facebookUserToken, form } from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';

const FB = '/emulator/facebook/graph/v25.0';
const SCOPE = 'pages_show_list,pages_read_engagement,pages_manage_posts,publish_video,read_insights';

/** Page post insights, and what a Page post and a Page video (a Video node) answer of their fields. */
describe('emulated Facebook post insights and post fields', () => {
  let app: FastifyInstance;
  let state: EmulatorState;
  let pageId: string;
  let token: string;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
    pageId = state.findUser()!.pages[0]!.id;
    token = await facebookPageToken(app, await facebookUserToken(app, SCOPE), pageId);
  });
  afterEach(() => app.close());

  const read = (path: string) =>
    app.inject({ url: `${FB}/${path}${path.includes('?') ? '&' : '?'}access_token=${token}` });
  const publishText = async (message: string) =>
    (
      await app.inject({ method: 'POST', url: `${FB}/${pageId}/feed`, ...form({ message, access_token: token }) })
    ).json().id as string;
  const publishVideo = async () => {
    const upload = await app.inject({
      method: 'POST',
      url: `${FB}/${pageId}/videos`,
      ...form({ file_url: 'https://cdn.test/a.mp4', description: 'Baking', access_token: token }),
    });
    const videoId = upload.json().id as string;
    for (let poll = 0; poll < 10; poll++) {
      if ((await read(`${videoId}?fields=status`)).json().status.video_status === 'ready') return videoId;
    }
    throw new Error('the video was never processed');
  };

  it('answers the metrics Meta removed for every version (post_impressions, post_impressions_unique) with its invalid-metric error', async () => {
    const postId = await publishText('Open today');
    for (const metric of ['post_impressions', 'post_impressions_unique', 'post_media_view,post_impressions']) {
      const refused = await read(`${postId}/insights?metric=${metric}`);
      expect({ metric, status: refused.statusCode }).toEqual({ metric, status: 400 });
      expect(refused.json().error).toMatchObject({
        code: 100,
        type: 'OAuthException',
        message: '(#100) The value must be a valid insights metric',
      });
    }
  });

  it('serves their replacements, post_media_view and post_total_media_view_unique', async () => {
    const postId = await publishText('Open today');
    await app.inject({
      method: 'PUT',
      url: '/emulator/control/metrics',
      payload: { network: 'facebook', objectId: postId, metrics: { post_media_view: 340 } },
    });
    const answer = await read(`${postId}/insights?metric=post_media_view,post_total_media_view_unique`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual([
      expect.objectContaining({ name: 'post_media_view', period: 'lifetime', values: [{ value: 340 }] }),
      expect.objectContaining({ name: 'post_total_media_view_unique', values: [{ value: expect.any(Number) }] }),
    ]);
  });

  it("gives a Page post's permalink_url under its Page, not made of the post id", async () => {
    const postId = await publishText('Open today');
    const [page, post] = postId.split('_');
    expect((await read(`${postId}?fields=permalink_url`)).json()).toEqual({
      id: postId,
      permalink_url: `http://localhost/emulator/facebook/${page}/posts/${post}`,
    });
  });

  it("answers a Video node with its reactions and comments edges and the emulator's page as permalink_url, and refuses shares as Graph does", async () => {
    const videoId = await publishVideo();
    const fields = await read(
      `${videoId}?fields=reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),permalink_url`,
    );
    expect(fields.statusCode).toBe(200);
    expect(fields.json()).toEqual({
      id: videoId,
      reactions: { data: [], summary: { total_count: expect.any(Number) } },
      comments: { data: [], summary: { total_count: expect.any(Number) } },
      permalink_url: `http://localhost/emulator/facebook/${pageId}/videos/${videoId}`,
    });
    const shares = await read(`${videoId}?fields=reactions.summary(total_count).limit(0),shares`);
    expect(shares.statusCode).toBe(400);
    expect(shares.json().error).toMatchObject({
      code: 100,
      message: '(#100) Tried accessing nonexisting field (shares) on node type (Video)',
    });
    const insights = await read(`${videoId}/insights?metric=post_media_view`);
    expect(insights.json().error).toMatchObject({
      code: 100,
      message: '(#100) Tried accessing nonexisting field (insights) on node type (Video)',
    });
  });
});
