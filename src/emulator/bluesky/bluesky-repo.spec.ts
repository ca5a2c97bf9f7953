import { FastifyInstance } from 'fastify';
import { contractLog } from '../contracts/contract-log';
import { ServingEmulatorState } from '../registry/emulated-network';
import { useSignedInBluesky, xrpc } from './bluesky.testing';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('Bluesky emulator: repository writes and reads', () => {
  let app: FastifyInstance;
  let state: ServingEmulatorState;
  let token: string;
  let did: string;
  useSignedInBluesky((signedIn) => ({ app, state, token, did } = signedIn));

  const post = (record: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    xrpc(app, 'com.atproto.repo.createRecord', {
      token,
      body: {
        repo: did,
        collection: 'app.bsky.feed.post',
        record: { $type: 'app.bsky.feed.post', createdAt: new Date().toISOString(), ...record },
        ...extra,
      },
    });

  // CIDv1 (raw codec, sha-256) of these bytes, as the multiformats reference implementation (9.9.0) names them.
  it.each([
    ['hello world', 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e'],
    ['\u0000\u0001\u0002\u00ff', 'bafkreib5d5l4tbexr34yugbxrsawnqolr3pafqb65nvo47rpcio753r6ky'],
  ])('names an uploaded blob by the CID of its bytes (CIDv1, raw, sha-256): %j', async (text, expected) => {
    const data = Buffer.from(text, 'latin1');
    const uploaded = await xrpc(app, 'com.atproto.repo.uploadBlob', {
      token,
      bytes: { data, contentType: 'image/png' },
    });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toEqual({
      blob: { $type: 'blob', ref: { $link: expected }, mimeType: 'image/png', size: data.length },
    });
  });

  it('writes a post with an image and alt text, reads it back, lists it, and records it as published', async () => {
    const { blob } = (
      await xrpc(app, 'com.atproto.repo.uploadBlob', { token, bytes: { data: PNG, contentType: 'image/png' } })
    ).json();
    const created = await post({
      text: 'hello 🌍',
      embed: { $type: 'app.bsky.embed.images', images: [{ image: blob, alt: 'a tiny png' }] },
    });
    expect(created.statusCode).toBe(200);
    const { uri, cid } = created.json();
    expect(uri).toMatch(new RegExp(`^at://${did}/app\\.bsky\\.feed\\.post/[2-7a-z]{13}$`));
    const rkey = uri.split('/').pop();

    const read = await xrpc(app, 'com.atproto.repo.getRecord', {
      token,
      query: { repo: 'ada-bakery.bsky.social', collection: 'app.bsky.feed.post', rkey },
    });
    expect(read.json()).toMatchObject({ uri, cid, value: { text: 'hello 🌍' } });
    const listed = await xrpc(app, 'com.atproto.repo.listRecords', {
      token,
      query: { repo: did, collection: 'app.bsky.feed.post', limit: '10' },
    });
    expect(listed.json().records.map((record: { uri: string }) => record.uri)).toEqual([uri]);

    const [item] = state.published.list({ network: 'bluesky' });
    expect(item).toMatchObject({
      accountId: did,
      postId: uri,
      text: 'hello 🌍',
      media: [{ type: 'image', id: blob.ref.$link, altText: 'a tiny png', size: PNG.length }],
    });
    expect(item!.permalink).toContain(`/bluesky/profile/ada-bakery.bsky.social/post/${rkey}`);
  });

  it('refuses a record outside its lexicon with the validator message, and logs the violation', async () => {
    const refused = await post({ text: 'x'.repeat(301) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('InvalidRequest');
    expect(refused.json().message).toMatch(/Record\/text must not be longer than 300 graphemes/);
    expect(contractLog.take()).toEqual([
      expect.objectContaining({ network: 'bluesky', operation: 'record app.bsky.feed.post', kind: 'request' }),
    ]);
  });

  it('refuses a blob the account never uploaded', async () => {
    const blob = {
      $type: 'blob',
      ref: { $link: 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy' },
      mimeType: 'image/png',
      size: 10,
    };
    const refused = await post({
      text: 'x',
      embed: { $type: 'app.bsky.embed.images', images: [{ image: blob, alt: '' }] },
    });
    expect([refused.statusCode, refused.json().message]).toEqual([400, `Could not find blob: ${blob.ref.$link}`]);
  });

  it('writes only to the account’s own repository, and keeps a given rkey (threadgate under its post)', async () => {
    const bob = state.findUser('bob')!.bluesky!.did;
    const foreign = await post({ text: 'x' }, { repo: bob });
    expect([foreign.statusCode, foreign.json().error]).toEqual([401, 'AuthenticationRequired']);
    const root = (await post({ text: 'root' })).json();
    const rkey = root.uri.split('/').pop();
    const gate = await xrpc(app, 'com.atproto.repo.createRecord', {
      token,
      body: {
        repo: did,
        collection: 'app.bsky.feed.threadgate',
        rkey,
        record: { $type: 'app.bsky.feed.threadgate', post: root.uri, allow: [], createdAt: new Date().toISOString() },
      },
    });
    expect(gate.json().uri).toBe(`at://${did}/app.bsky.feed.threadgate/${rkey}`);
  });

  it('deletes a record (twice is fine), marks the post deleted, and answers RecordNotFound after', async () => {
    const { uri } = (await post({ text: 'bye' })).json();
    const rkey = uri.split('/').pop();
    const body = { repo: did, collection: 'app.bsky.feed.post', rkey };
    expect((await xrpc(app, 'com.atproto.repo.deleteRecord', { token, body })).statusCode).toBe(200);
    expect((await xrpc(app, 'com.atproto.repo.deleteRecord', { token, body })).statusCode).toBe(200);
    expect(state.published.find('bluesky', uri)?.deletedAt).toBeDefined();
    const gone = await xrpc(app, 'com.atproto.repo.getRecord', { token, query: body });
    expect([gone.statusCode, gone.json()]).toEqual([
      400,
      { error: 'RecordNotFound', message: `Could not locate record: ${uri}` },
    ]);
  });

  it('pages listRecords newest first with a cursor', async () => {
    const uris: string[] = [];
    for (const text of ['1', '2', '3']) uris.push((await post({ text })).json().uri);
    const query = { repo: did, collection: 'app.bsky.feed.post', limit: '2' };
    const first = (await xrpc(app, 'com.atproto.repo.listRecords', { token, query })).json();
    expect(first.records.map((record: { uri: string }) => record.uri)).toEqual([uris[2], uris[1]]);
    const next = (
      await xrpc(app, 'com.atproto.repo.listRecords', { token, query: { ...query, cursor: first.cursor } })
    ).json();
    expect(next.records.map((record: { uri: string }) => record.uri)).toEqual([uris[0]]);
    expect(next.cursor).toBeUndefined();
  });
});
