import { FastifyInstance } from 'fastify';
import { emulatorApp, facebookPageToken, facebookUserToken, form, instagramShortToken } from './emulator.testing';
import { EmulatorState } from './state/emulator-state';

const FB = '/emulator/facebook/graph/v25.0';
const IG = '/emulator/instagram/graph/v25.0';
const PUBLISHING = 'pages_show_list,pages_read_engagement,pages_manage_posts';

/** The permissions each call needs, as Graph's references list them, and what a user granted. */
describe('emulated permissions', () => {
  let app: FastifyInstance;
  let state: EmulatorState;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
  });
  afterEach(() => app.close());

  async function pagePost(scope: string): Promise<{ pageToken: string; postId: string }> {
    const page = state.findUser()!.pages[0]!;
    const pageToken = await facebookPageToken(app, await facebookUserToken(app, scope), page.id);
    const post = await app.inject({
      method: 'POST',
      url: `${FB}/${page.id}/feed`,
      ...form({ message: 'Bread', access_token: pageToken }),
    });
    expect(post.statusCode).toBe(200);
    return { pageToken, postId: post.json().id };
  }

  it('refuses a comment as the Page without pages_manage_engagement, and a comment list without pages_read_user_content', async () => {
    const { pageToken, postId } = await pagePost(PUBLISHING);
    const comment = await app.inject({
      method: 'POST',
      url: `${FB}/${postId}/comments`,
      ...form({ message: 'Part 2', access_token: pageToken }),
    });
    expect(comment.statusCode).toBe(403);
    expect(comment.json().error).toMatchObject({
      code: 200,
      message: expect.stringContaining('pages_manage_engagement'),
    });
    const list = await app.inject({ url: `${FB}/${postId}/comments?access_token=${pageToken}` });
    expect(list.statusCode).toBe(403);
    expect(list.json().error).toMatchObject({ code: 10, message: expect.stringContaining('pages_read_user_content') });

    const granted = await pagePost(`${PUBLISHING},pages_manage_engagement,pages_read_user_content`);
    const allowed = await app.inject({
      method: 'POST',
      url: `${FB}/${granted.postId}/comments`,
      ...form({ message: 'Part 2', access_token: granted.pageToken }),
    });
    expect(allowed.statusCode).toBe(200);
    const listed = await app.inject({ url: `${FB}/${granted.postId}/comments?access_token=${granted.pageToken}` });
    expect(listed.json().data).toEqual([expect.objectContaining({ id: allowed.json().id })]);
  });

  it('refuses Instagram comments with publishing rights only', async () => {
    const publishOnly = 'instagram_business_basic,instagram_business_content_publish';
    const igId = state.findUser()!.instagram!.id;
    const publish = async (token: string) => {
      const container = await app.inject({
        method: 'POST',
        url: `${IG}/${igId}/media`,
        ...form({ image_url: 'https://cdn.test/a.jpg', access_token: token }),
      });
      return (
        await app.inject({
          method: 'POST',
          url: `${IG}/${igId}/media_publish`,
          ...form({ creation_id: container.json().id, access_token: token }),
        })
      ).json().id as string;
    };
    const { token } = await instagramShortToken(app, publishOnly);
    const mediaId = await publish(token);
    const comment = await app.inject({
      method: 'POST',
      url: `${IG}/${mediaId}/comments`,
      ...form({ message: 'More', access_token: token }),
    });
    expect(comment.statusCode).toBe(403);
    expect(comment.json().error.code).toBe(10);
    expect((await app.inject({ url: `${IG}/${mediaId}/comments?access_token=${token}` })).statusCode).toBe(403);

    const withComments = await instagramShortToken(app, `${publishOnly},instagram_business_manage_comments`);
    const allowed = await app.inject({
      method: 'POST',
      url: `${IG}/${mediaId}/comments`,
      ...form({ message: 'More', access_token: withComments.token }),
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('grants what the user did not decline, lists it at /me/permissions, and takes a withdrawn one back', async () => {
    const authorize = await app.inject({
      url: `/emulator/facebook/v25.0/dialog/oauth?client_id=app&redirect_uri=${encodeURIComponent('https://service.test/cb')}&state=s&scope=${PUBLISHING},pages_manage_engagement&emulator_decline=pages_manage_engagement`,
    });
    // The consent page says what the user declines.
    expect(authorize.body).toContain('You decline: pages_manage_engagement');
    const permissions = async (token: string) =>
      (await app.inject({ url: `${FB}/me/permissions?access_token=${token}` })).json().data;
    const declined = await facebookUserToken(
      app,
      `${PUBLISHING},pages_manage_engagement`,
      undefined,
      'pages_manage_engagement',
    );
    expect(await permissions(declined)).toEqual(
      PUBLISHING.split(',').map((permission) => ({ permission, status: 'granted' })),
    );
    const userToken = await facebookUserToken(app, `${PUBLISHING},pages_manage_engagement`);
    expect(await permissions(userToken)).toEqual(
      [...PUBLISHING.split(','), 'pages_manage_engagement'].map((permission) => ({ permission, status: 'granted' })),
    );

    const declining = await app.inject({
      url: `/emulator/facebook/v25.0/dialog/oauth?client_id=app&redirect_uri=${encodeURIComponent('https://service.test/cb')}&state=s&scope=${PUBLISHING}&emulator_decline=pages_manage_engagement&emulator_auto=approve`,
    });
    expect(declining.statusCode).toBe(400);
    expect(declining.body).toContain('not asked for: pages_manage_engagement');

    const withdrawn = await app.inject({
      method: 'POST',
      url: '/emulator/control/withdraw-permission',
      payload: { network: 'facebook', userId: state.findUser()!.id, permission: 'pages_manage_engagement' },
    });
    expect(withdrawn.json().data.withdrawn).toBeGreaterThan(0);
    expect((await permissions(userToken)).map((entry: { permission: string }) => entry.permission)).toEqual(
      PUBLISHING.split(','),
    );
  });

  it('X grants all the scopes asked or none: declining is refused', async () => {
    const response = await app.inject({
      url: `/emulator/x/i/oauth2/authorize?response_type=code&client_id=app&redirect_uri=${encodeURIComponent('https://service.test/cb')}&scope=tweet.read%20users.read&state=s&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256&emulator_decline=users.read`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('all the permissions asked or none');
  });
});
