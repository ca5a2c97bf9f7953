import { FastifyInstance } from 'fastify';
import { emulatorApp, facebookUserToken } from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';

describe('emulator control API and error shapes', () => {
  let app: FastifyInstance;
  let state: EmulatorState;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
  });
  afterEach(() => app.close());

  it('adds a test user whose Pages then appear in /me/accounts', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/emulator/control/users',
      payload: {
        id: 'cora',
        name: 'Cora',
        pages: [{ name: 'Cora Cakes', instagram: { username: 'cora.cakes' } }],
        instagram: { username: 'cora.cakes' },
        x: { username: 'cora' },
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.instagram.id).toBe(created.json().data.pages[0].instagram.id);
    const users = (await app.inject({ url: '/emulator/control/users' })).json().data;
    expect(users.map((user: { id: string }) => user.id)).toEqual(['ada', 'bob', 'cora']);

    const token = await facebookUserToken(app, 'pages_show_list', 'cora');
    const pages = (
      await app.inject({ url: `/emulator/facebook/graph/v25.0/me/accounts?fields=name&access_token=${token}` })
    ).json();
    expect(pages.data).toEqual([{ name: 'Cora Cakes', id: created.json().data.pages[0].id }]);

    const again = await app.inject({
      method: 'POST',
      url: '/emulator/control/users',
      payload: { id: 'cora', name: 'Cora' },
    });
    expect(again.statusCode).toBe(400);
  });

  it("names the networks that take someone else's comment (those whose descriptor shapes one) when refusing another", async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/emulator/control/comments',
      payload: { network: 'myspace', parentId: '1', text: 'hi' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.problems).toEqual([
      'network: must be facebook, instagram, x, threads, bluesky, linkedin or youtube',
    ]);
    const twitter = await app.inject({
      method: 'POST',
      url: '/emulator/control/comments',
      payload: { network: 'twitter', parentId: '1', text: 'hi' },
    });
    expect([twitter.statusCode, twitter.json().error.message]).toEqual([404, 'No x object 1.']);
  });

  it('validates faults and settings, lists and clears faults', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'myspace', fault: 'meltdown' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.problems).toHaveLength(2);
    // A fault some networks' descriptors claim (Graph's codes) is theirs only; the others apply to every network.
    const graphOnly = (network: string, fault: string) =>
      app.inject({ method: 'POST', url: '/emulator/control/faults', payload: { network, fault } });
    expect((await graphOnly('x', 'upload_error')).json().error.problems).toEqual([
      'fault: upload_error is for instagram and pinterest only',
    ]);
    expect((await graphOnly('x', 'app_limit')).json().error.problems).toEqual([
      'fault: app_limit is for facebook and instagram and threads only',
    ]);
    expect((await graphOnly('facebook', 'app_limit')).statusCode).toBe(201);
    expect((await graphOnly('x', 'usage_capped')).statusCode).toBe(201);
    await app.inject({ method: 'DELETE', url: '/emulator/control/faults' });
    await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'x', fault: 'slow', delayMs: 5 },
    });
    expect((await app.inject({ url: '/emulator/control/faults' })).json().data).toHaveLength(1);
    expect((await app.inject({ method: 'DELETE', url: '/emulator/control/faults' })).json()).toEqual({ cleared: 1 });
    const badSettings = await app.inject({
      method: 'PUT',
      url: '/emulator/control/settings',
      payload: { instagramTokenShape: 'round', nope: 1 },
    });
    expect(badSettings.json().error.problems).toHaveLength(2);
  });

  it("refuses a fault of Graph's codes for a network that does not speak Graph", async () => {
    for (const [network, fault] of [
      ['x', 'policy_block'],
      ['x', 'session_invalid'],
      ['facebook', 'upload_error'],
    ]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/emulator/control/faults',
        payload: { network, fault },
      });
      expect({ network, fault, status: refused.statusCode }).toEqual({ network, fault, status: 400 });
      expect(refused.json().error.problems).toEqual([expect.stringContaining(`${fault} is for`)]);
    }
    const accepted = await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'instagram', fault: 'upload_error', count: 1 },
    });
    expect(accepted.statusCode).toBe(201);
  });

  it('resets to the seeded state', async () => {
    await facebookUserToken(app);
    await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'facebook', fault: 'server_error' },
    });
    expect((await app.inject({ method: 'POST', url: '/emulator/control/reset' })).json()).toEqual({ reset: true });
    expect(state.faults.list()).toHaveLength(0);
    expect(state.credentials.findTokens(() => true)).toHaveLength(0);
  });

  it('answers a server_error fault as Graph code 2, transient', async () => {
    const token = await facebookUserToken(app);
    await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'facebook', fault: 'server_error', count: 1 },
    });
    const response = await app.inject({ url: `/emulator/facebook/graph/v25.0/me?access_token=${token}` });
    expect(response.statusCode).toBe(500);
    expect(response.json().error).toMatchObject({ code: 2 });
  });

  it("answers unknown paths and unreadable bodies in each network's own shape, never crashing", async () => {
    const graph = await app.inject({ url: '/emulator/facebook/graph/v25.0/a/b/c/d' });
    expect(graph.json().error).toMatchObject({ type: 'OAuthException', code: 2500 });
    const x = await app.inject({
      method: 'POST',
      url: '/emulator/x/api/2/tweets',
      headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
      payload: '{not json',
    });
    expect(x.statusCode).toBe(400);
    expect(x.json()).toMatchObject({ title: 'Invalid Request', status: 400 });
    const multipart = await app.inject({
      method: 'POST',
      url: '/emulator/x/api/2/media/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
      payload: 'garbage',
    });
    expect(multipart.statusCode).toBe(400);
    const fields = await app.inject({ url: '/emulator/facebook/graph/v25.0/me?fields=id,{{' });
    expect(fields.json().error.code).toBe(104);
    const unsupported = await app.inject({
      method: 'POST',
      url: '/emulator/instagram/api/oauth/access_token',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(unsupported.json()).toMatchObject({ error_type: 'OAuthException', code: 400 });
  });
});
