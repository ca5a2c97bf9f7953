import { FastifyInstance } from 'fastify';
import { emulatorApp, facebookPageToken, facebookUserToken, form, xTokens } from './emulator.testing';
import { EmulatorState } from './state/emulator-state';

const FB = '/emulator/facebook/graph/v25.0';
const X = '/emulator/x/api';

/** Deleting a post as the real networks do: Facebook's DELETE /{page_post_id}, X's DELETE /2/tweets/:id. */
describe('emulated deletes and the published record', () => {
  let app: FastifyInstance;
  let state: EmulatorState;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
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
