import { FastifyInstance } from 'fastify';
import {
  emulatorApp,
  facebookPageToken,
  facebookUserToken,
  form,
  instagramShortToken,
  query,
  xTokens,
  CLIENT,
  REDIRECT_URI,
} from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';
import { contractLog } from './contract-log';

const FB = '/emulator/facebook/graph/v25.0';
const IG = '/emulator/instagram/graph/v25.0';
const X = '/emulator/x/api';

/** Every call the emulator serves is checked against the networks' published contracts, and what falls outside is logged. */
describe('the emulator against the networks contracts', () => {
  let app: FastifyInstance;
  let state: EmulatorState;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
    contractLog.take();
  });
  afterEach(() => app.close());

  it('logs nothing for the calls the adapters make: logins, publishing, reading', async () => {
    const page = state.findUser()!.pages[0]!;
    const pageToken = await facebookPageToken(app, await facebookUserToken(app), page.id);
    const post = await app.inject({
      method: 'POST',
      url: `${FB}/${page.id}/feed`,
      ...form({ message: 'Bread', access_token: pageToken }),
    });
    await app.inject({ url: `${FB}/${post.json().id}?fields=id,permalink_url&access_token=${pageToken}` });
    await instagramShortToken(app);
    const { access_token } = await xTokens(app);
    await app.inject({
      method: 'POST',
      url: `${X}/2/tweets`,
      headers: { authorization: `Bearer ${access_token}` },
      payload: { text: 'Bread' },
    });
    expect(contractLog.take()).toEqual([]);
  });

  it('logs an X request with a parameter the document does not list', async () => {
    const { access_token } = await xTokens(app);
    const headers = { authorization: `Bearer ${access_token}` };
    await app.inject({ url: `${X}/2/users/me?user.fields=public_metrics&colour=blue`, headers });
    expect(contractLog.take()).toEqual([
      expect.objectContaining({ network: 'x', kind: 'request', message: 'unknown query parameter "colour"' }),
    ]);
  });

  it('logs a Graph read of a field the node does not have, and a parameter its edge does not take', async () => {
    const page = state.findUser()!.pages[0]!;
    const userToken = await facebookUserToken(app);
    const pageToken = await facebookPageToken(app, userToken, page.id);
    await app.inject({ url: `${FB}/${page.id}?fields=id,colour&access_token=${pageToken}` });
    await app.inject({
      method: 'POST',
      url: `${FB}/${page.id}/feed`,
      ...form({ message: 'Bread', mood: 'happy', access_token: pageToken }),
    });
    expect(contractLog.take()).toEqual([
      expect.objectContaining({
        network: 'facebook',
        operation: 'GET Page',
        message: expect.stringContaining('colour'),
      }),
      expect.objectContaining({
        network: 'facebook',
        operation: 'POST Page/feed',
        message: 'unknown parameter "mood"',
      }),
    ]);
  });

  it("logs a login outside Meta's and X's login guides: the dialog, the token exchange", async () => {
    await app.inject({
      url: `/emulator/facebook/v25.0/dialog/oauth?${query({ client_id: CLIENT.id, redirect_uri: REDIRECT_URI, state: 's', scope: 'pages_show_list', flavour: 'mint', emulator_auto: 'approve' })}`,
    });
    await app.inject({ url: `${FB}/oauth/access_token?${query({ client_id: CLIENT.id, code: 'x' })}` });
    await app.inject({ url: `${IG.replace('/v25.0', '')}/refresh_access_token?${query({ access_token: 'a' })}` });
    expect(contractLog.take()).toEqual([
      expect.objectContaining({
        network: 'facebook',
        operation: 'GET /v25.0/dialog/oauth',
        message: 'unknown query parameter "flavour"',
      }),
      expect.objectContaining({
        network: 'facebook',
        operation: 'GET /oauth/access_token',
        message: expect.stringContaining('client_secret'),
      }),
      expect.objectContaining({
        network: 'instagram',
        operation: 'GET /refresh_access_token',
        message: expect.stringContaining('grant_type'),
      }),
    ]);
  });

  it("refuses a Graph call whose token lacks the permissions Meta's references name, as Graph does", async () => {
    const page = state.findUser()!.pages[0]!;
    const pageToken = await facebookPageToken(
      app,
      await facebookUserToken(app, 'pages_show_list,pages_read_engagement'),
      page.id,
    );
    const refused = await app.inject({
      method: 'POST',
      url: `${FB}/${page.id}/feed`,
      ...form({ message: 'Bread', access_token: pageToken }),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 200, message: expect.stringContaining('pages_manage_posts') });
    expect(contractLog.take()).toEqual([expect.objectContaining({ kind: 'permission', operation: 'POST Page/feed' })]);
  });
});
