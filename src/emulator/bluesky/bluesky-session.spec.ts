import { FastifyInstance } from 'fastify';
import { contractLog } from '../contracts/contract-log';
import { ServingEmulatorState } from '../registry/emulated-network';
import { blueskyApp, blueskySession, xrpc } from './bluesky.testing';

const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));

describe('Bluesky emulator: app-password sessions', () => {
  let app: FastifyInstance;
  let state: ServingEmulatorState;
  beforeEach(async () => {
    ({ app, state } = await blueskyApp());
    contractLog.take();
  });
  afterEach(async () => {
    expect(contractLog.take()).toEqual([]);
    await app.close();
  });

  it('signs in with a handle and app password; the JWTs say who and until when', async () => {
    const session = await blueskySession(app);
    const ada = state.findUser('ada')!.bluesky!;
    expect(session).toMatchObject({ did: ada.did, handle: 'ada-bakery.bsky.social' });
    expect(ada.did).toMatch(/^did:plc:[a-z2-7]{24}$/);
    const access = claims(session.accessJwt);
    expect(access).toMatchObject({ sub: ada.did, scope: 'com.atproto.access' });
    expect(access.exp - access.iat).toBe(7200);
    expect(claims(session.refreshJwt).scope).toBe('com.atproto.refresh');

    const me = await xrpc(app, 'com.atproto.server.getSession', { token: session.accessJwt });
    expect(me.json()).toMatchObject({ did: ada.did, handle: ada.handle });
  });

  it('refuses a wrong password as a PDS does, and a DID works as the identifier', async () => {
    const wrong = await xrpc(app, 'com.atproto.server.createSession', {
      body: { identifier: 'ada-bakery.bsky.social', password: 'nope-nope-nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'AuthenticationRequired', message: 'Invalid identifier or password' });
    const byDid = await blueskySession(app, state.findUser('bob')!.bluesky!.did);
    expect(byDid.handle).toBe('bob-bikes.bsky.social');
  });

  it('answers a missing, expired or wrong-kind token in the XRPC error shape', async () => {
    const session = await blueskySession(app);
    const missing = await xrpc(app, 'com.atproto.server.getSession');
    expect([missing.statusCode, missing.json().error]).toEqual([401, 'AuthMissing']);
    const refreshAsAccess = await xrpc(app, 'com.atproto.server.getSession', { token: session.refreshJwt });
    expect([refreshAsAccess.statusCode, refreshAsAccess.json()]).toEqual([
      400,
      { error: 'InvalidToken', message: 'Bad token scope' },
    ]);
    state.credentials.age(7201, (network) => network === 'bluesky');
    const expired = await xrpc(app, 'com.atproto.server.getSession', { token: session.accessJwt });
    expect([expired.statusCode, expired.json()]).toEqual([
      400,
      { error: 'ExpiredToken', message: 'Token has expired' },
    ]);
  });

  it('rotates both tokens on refresh; the previous refresh token still works for two hours, as a PDS keeps it', async () => {
    const first = await blueskySession(app);
    const refreshed = await xrpc(app, 'com.atproto.server.refreshSession', { token: first.refreshJwt }, true);
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json();
    expect(second.accessJwt).not.toBe(first.accessJwt);
    expect(second.refreshJwt).not.toBe(first.refreshJwt);

    const again = await xrpc(app, 'com.atproto.server.refreshSession', { token: first.refreshJwt }, true);
    expect(again.statusCode).toBe(200);

    state.credentials.age(2 * 3600 + 1, (network) => network === 'bluesky');
    const late = await xrpc(app, 'com.atproto.server.refreshSession', { token: first.refreshJwt }, true);
    expect([late.statusCode, late.json().error]).toEqual([400, 'ExpiredToken']);
    const latest = await xrpc(app, 'com.atproto.server.refreshSession', { token: second.refreshJwt }, true);
    expect(latest.statusCode).toBe(200);
  });

  it('ends the session with deleteSession: its refresh token is revoked', async () => {
    const session = await blueskySession(app);
    const ended = await xrpc(app, 'com.atproto.server.deleteSession', { token: session.refreshJwt }, true);
    expect(ended.statusCode).toBe(200);
    const refused = await xrpc(app, 'com.atproto.server.refreshSession', { token: session.refreshJwt }, true);
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { error: 'ExpiredToken', message: 'Token has been revoked' },
    ]);
  });

  it('takes app passwords of its own for users made through the control API', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/emulator/control/users',
      payload: { id: 'cy', name: 'Cy', bluesky: { handle: 'cy.example.com', appPassword: 'abcd-efgh-ijkl-mnop' } },
    });
    expect(made.statusCode).toBeLessThan(300);
    const session = await xrpc(app, 'com.atproto.server.createSession', {
      body: { identifier: 'cy.example.com', password: 'abcd-efgh-ijkl-mnop' },
    });
    expect(session.statusCode).toBe(200);
  });

  it('answers a method it does not serve as xrpc-server does, and logs a call outside the lexicons', async () => {
    const session = await blueskySession(app);
    const unknown = await xrpc(app, 'app.bsky.feed.getTimeline', { token: session.accessJwt });
    expect([unknown.statusCode, unknown.json().error]).toEqual([501, 'MethodNotImplemented']);
    expect(contractLog.take()).toEqual([
      expect.objectContaining({ network: 'bluesky', operation: 'app.bsky.feed.getTimeline', kind: 'request' }),
    ]);
    const badInput = await xrpc(app, 'com.atproto.server.createSession', {
      body: { identifier: 'ada-bakery.bsky.social' },
    });
    expect([badInput.statusCode, badInput.json().error]).toEqual([400, 'InvalidRequest']);
    expect(contractLog.take()).toEqual([
      expect.objectContaining({ operation: 'com.atproto.server.createSession', kind: 'request' }),
    ]);
  });
});
