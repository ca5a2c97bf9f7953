import { FastifyInstance } from 'fastify';
import { ServingEmulatorState } from '../registry/emulated-network';
import { useSignedInBluesky, xrpc } from './bluesky.testing';

describe('Bluesky emulator: appview reads', () => {
  let app: FastifyInstance;
  let state: ServingEmulatorState;
  let token: string;
  let did: string;
  useSignedInBluesky((signedIn) => ({ app, state, token, did } = signedIn));

  async function post(text: string, reply?: { root: object; parent: object }): Promise<{ uri: string; cid: string }> {
    const record = {
      $type: 'app.bsky.feed.post',
      text,
      createdAt: new Date().toISOString(),
      ...(reply ? { reply } : {}),
    };
    const created = await xrpc(app, 'com.atproto.repo.createRecord', {
      token,
      body: { repo: did, collection: 'app.bsky.feed.post', record },
    });
    expect(created.statusCode).toBe(200);
    return created.json();
  }

  it('answers getPosts with the counts a test sets, the replies there are, and leaves out deleted posts', async () => {
    const root = await post('counted');
    await post('my own reply', { root, parent: root });
    const gone = await post('gone');
    await xrpc(app, 'com.atproto.repo.deleteRecord', {
      token,
      body: { repo: did, collection: 'app.bsky.feed.post', rkey: gone.uri.split('/').pop() },
    });
    const set = await app.inject({
      method: 'PUT',
      url: '/emulator/control/metrics',
      payload: {
        network: 'bluesky',
        objectId: root.uri.split('/').pop(),
        metrics: { like_count: 7, repost_count: 2, quote_count: 1 },
      },
    });
    expect(set.statusCode).toBeLessThan(300);

    const read = await xrpc(app, 'app.bsky.feed.getPosts', { token, query: { uris: [root.uri, gone.uri] } });
    expect(read.statusCode).toBe(200);
    expect(read.json().posts).toEqual([
      expect.objectContaining({
        uri: root.uri,
        cid: root.cid,
        author: expect.objectContaining({ did, handle: 'ada-bakery.bsky.social' }),
        likeCount: 7,
        repostCount: 2,
        quoteCount: 1,
        replyCount: 1,
      }),
    ]);
  });

  it('shows someone else’s reply (added through the control API) in the thread, under its parent', async () => {
    const root = await post('ask me');
    const comment = await app.inject({
      method: 'POST',
      url: '/emulator/control/comments',
      payload: { network: 'bluesky', parentId: root.uri, text: 'a question', author: { username: 'cora' } },
    });
    expect(comment.statusCode).toBeLessThan(300);
    const thread = await xrpc(app, 'app.bsky.feed.getPostThread', { token, query: { uri: root.uri, depth: '3' } });
    expect(thread.statusCode).toBe(200);
    const [reply] = thread.json().thread.replies;
    expect(reply.post).toMatchObject({
      author: { handle: 'cora.bsky.social' },
      record: { text: 'a question', reply: { root: { uri: root.uri, cid: root.cid }, parent: { uri: root.uri } } },
    });
    const missing = await xrpc(app, 'app.bsky.feed.getPostThread', { token, query: { uri: `${root.uri}x` } });
    expect([missing.statusCode, missing.json().error]).toEqual([400, 'NotFound']);
  });

  it('answers getProfile with counts, and resolves handles (unknown ones refused)', async () => {
    await post('one');
    const profile = await xrpc(app, 'app.bsky.actor.getProfile', { token, query: { actor: 'ada-bakery.bsky.social' } });
    expect(profile.json()).toMatchObject({ did, displayName: 'Ada Bakery', postsCount: 1 });
    expect(profile.json().followersCount).toEqual(expect.any(Number));
    const resolved = await xrpc(app, 'com.atproto.identity.resolveHandle', {
      query: { handle: 'bob-bikes.bsky.social' },
    });
    expect(resolved.json()).toEqual({ did: state.findUser('bob')!.bluesky!.did });
    const unknown = await xrpc(app, 'com.atproto.identity.resolveHandle', { query: { handle: 'nobody.bsky.social' } });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      400,
      { error: 'InvalidRequest', message: 'Unable to resolve handle' },
    ]);
  });
});
