import { FastifyInstance } from 'fastify';
import { contractLog } from './contracts/contract-log';
import {
  emulatorApp,
  facebookPageToken,
  facebookUserToken,
  form,
  instagramShortToken,
  xTokens,
} from './emulator.testing';
import { EmulatorState } from './state/emulator-state';

const FB = '/emulator/facebook/graph/v25.0';
const IG = '/emulator/instagram/graph/v25.0';
const X = '/emulator/x/api';
/** Instagram through Facebook Login: publishing, and deleting with instagram_manage_contents. */
const INSTAGRAM_FB_SCOPES = 'pages_show_list,pages_read_engagement,instagram_basic,instagram_content_publish';

/**
 * Deleting a post as the real networks do: Facebook's DELETE /{page_post_id}, Instagram's
 * DELETE /{ig-media-id} (Facebook Login only) and X's DELETE /2/tweets/:id.
 */
describe('emulated deletes and the published record', () => {
  let app: FastifyInstance;
  let state: EmulatorState;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
    contractLog.take();
  });
  afterEach(() => app.close());

  const published = async (network: string) =>
    (await app.inject({ url: `/emulator/control/published?network=${network}` })).json().data as Array<{
      postId: string;
      deletedAt?: string;
    }>;

  it('deletes a Page post with its Page token; once gone it is an unknown object (100/33)', async () => {
    const page = state.findUser()!.pages[0]!;
    const pageToken = await facebookPageToken(app, await facebookUserToken(app), page.id);
    const postId = (
      await app.inject({
        method: 'POST',
        url: `${FB}/${page.id}/feed`,
        ...form({ message: 'Soon gone', access_token: pageToken }),
      })
    ).json().id as string;

    const fault = await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'facebook', accountId: page.id, fault: 'server_error', count: 1 },
    });
    expect(fault.statusCode).toBe(201);
    const failing = await app.inject({ method: 'DELETE', url: `${FB}/${postId}?access_token=${pageToken}` });
    expect(failing.statusCode).toBeGreaterThanOrEqual(500);
    expect((await published('facebook'))[0]!.deletedAt).toBeUndefined();

    const deleted = await app.inject({ method: 'DELETE', url: `${FB}/${postId}?access_token=${pageToken}` });
    expect(deleted.json()).toEqual({ success: true });
    expect((await published('facebook'))[0]).toEqual(
      expect.objectContaining({ postId, deletedAt: expect.any(String) }),
    );
    const again = await app.inject({ method: 'DELETE', url: `${FB}/${postId}?access_token=${pageToken}` });
    expect(again.json().error).toEqual(expect.objectContaining({ code: 100, error_subcode: 33 }));
    const read = await app.inject({ url: `${FB}/${postId}?access_token=${pageToken}` });
    expect(read.json().error.code).toBe(100);
  });

  /** An Instagram image published with `token` on the Graph host at `graph`; its media id. */
  const instagramImage = async (graph: string, igId: string, token: string): Promise<string> => {
    const container = await app.inject({
      method: 'POST',
      url: `${graph}/${igId}/media`,
      ...form({ image_url: 'https://cdn.test/a.jpg', caption: 'Soon gone', access_token: token }),
    });
    const media = await app.inject({
      method: 'POST',
      url: `${graph}/${igId}/media_publish`,
      ...form({ creation_id: container.json().id, access_token: token }),
    });
    expect(media.statusCode).toBe(200);
    return media.json().id as string;
  };
  const readerComment = async (parentId: string): Promise<string> => {
    const made = await app.inject({
      method: 'POST',
      url: '/emulator/control/comments',
      payload: { network: 'instagram', parentId, text: 'Lovely' },
    });
    expect(made.statusCode).toBe(201);
    return made.json().data.postId as string;
  };

  it('deletes an Instagram medium through Facebook Login with instagram_manage_contents; its comments go with it', async () => {
    const page = state.findUser()!.pages[0]!;
    const igId = page.instagram!.id;
    const withoutDelete = await facebookPageToken(app, await facebookUserToken(app, INSTAGRAM_FB_SCOPES), page.id);
    const mediaId = await instagramImage(FB, igId, withoutDelete);
    const commentId = await readerComment(mediaId);

    const denied = await app.inject({ method: 'DELETE', url: `${FB}/${mediaId}?access_token=${withoutDelete}` });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toMatchObject({ code: 10, is_transient: false });
    const { token: instagramLogin } = await instagramShortToken(app);
    const wrongHost = await app.inject({ method: 'DELETE', url: `${FB}/${mediaId}?access_token=${instagramLogin}` });
    expect(wrongHost.json().error.code).toBe(190);
    expect((await published('instagram')).every((item) => item.deletedAt === undefined)).toBe(true);

    const pageToken = await facebookPageToken(
      app,
      await facebookUserToken(app, `${INSTAGRAM_FB_SCOPES},instagram_manage_contents`),
      page.id,
    );
    const deleted = await app.inject({ method: 'DELETE', url: `${FB}/${mediaId}?access_token=${pageToken}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect(await published('instagram')).toEqual([
      expect.objectContaining({ postId: mediaId, deletedAt: expect.any(String) }),
      expect.objectContaining({ postId: commentId, deletedAt: expect.any(String) }),
    ]);

    const again = await app.inject({ method: 'DELETE', url: `${FB}/${mediaId}?access_token=${pageToken}` });
    expect(again.json().error).toMatchObject({
      code: 100,
      error_subcode: 33,
      message: expect.stringContaining('Unsupported delete request'),
    });
    for (const path of [mediaId, `${mediaId}/comments`, commentId]) {
      const read = await app.inject({ url: `${FB}/${path}?access_token=${pageToken}` });
      expect({ path, error: read.json().error }).toEqual({
        path,
        error: expect.objectContaining({ code: 100, error_subcode: 33 }),
      });
    }
    // Only the delete refused on purpose, for the permission the table names.
    expect(contractLog.take()).toEqual([expect.objectContaining({ kind: 'permission', operation: 'DELETE IGMedia' })]);
  });

  it('refuses a DELETE on graph.instagram.com: Instagram Login media have no delete (100/33)', async () => {
    const { token } = await instagramShortToken(app);
    const igId = state.findUser()!.instagram!.id;
    const mediaId = await instagramImage(IG, igId, token);
    const refused = await app.inject({ method: 'DELETE', url: `${IG}/${mediaId}?access_token=${token}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 100,
      error_subcode: 33,
      message: expect.stringContaining('Unsupported delete request'),
      is_transient: false,
    });
    expect((await published('instagram'))[0]!.deletedAt).toBeUndefined();
    // Outside the contracts too: the adapters never send it.
    expect(contractLog.take()).toEqual([
      expect.objectContaining({ network: 'instagram', operation: expect.stringContaining('DELETE') }),
    ]);
  });

  it("deletes the user's tweet; once gone it is a 404", async () => {
    const { access_token: token } = await xTokens(app);
    const auth = { authorization: `Bearer ${token}` };
    const tweetId = (
      await app.inject({ method: 'POST', url: `${X}/2/tweets`, headers: auth, payload: { text: 'Soon gone' } })
    ).json().data.id as string;

    const deleted = await app.inject({ method: 'DELETE', url: `${X}/2/tweets/${tweetId}`, headers: auth });
    expect(deleted.json()).toEqual({ data: { deleted: true } });
    expect((await published('x'))[0]).toEqual(
      expect.objectContaining({ postId: tweetId, deletedAt: expect.any(String) }),
    );
    const again = await app.inject({ method: 'DELETE', url: `${X}/2/tweets/${tweetId}`, headers: auth });
    expect(again.statusCode).toBe(404);
  });
});
