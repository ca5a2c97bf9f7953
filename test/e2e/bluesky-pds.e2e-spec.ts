import { HttpService } from '@nestjs/axios';
import axios from 'axios';
import { LexiconContract } from '../../src/contracts';
import { NetworkHttpClient } from '../../src/networks/http/network-http.client';
import type { AccountTokens, PublishRequest } from '../../src/networks/network-adapter';
import { BlueskyAdapter } from '../../src/networks/bluesky/bluesky.adapter';
import { BlueskySettings } from '../../src/networks/bluesky/bluesky.settings';
import { didWebOf, serviceToken, uploadServiceToken } from '../../src/networks/bluesky/bluesky-service-auth';
import { BlueskyXrpc } from '../../src/networks/bluesky/bluesky-xrpc';
import { HARNESS_INSTALL_MS, installPdsHarness, RunningPds, startPds, xrpc } from '../support/bluesky-pds';
import { startMediaServer } from '../support/media-server';

/**
 * Our Bluesky adapter against a real PDS (@atproto/pds 0.5.35, started by the test under Node 22,
 * test/bluesky-pds/): it signs in with an app password, publishes text with a link, an image with
 * alt text and a thread, reads them back from the repository and deletes them. The PDS alone serves
 * no appview reads: metrics and comments are read from a real appview in bluesky-pds-appview.e2e-spec.ts.
 */
const APP = { clientId: 'unused', clientSecret: 'unused' };
/** The start of an MP4 (an `ftyp` box naming the isom brand), then some bytes: what a PDS sniffs as video/mp4. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'),
  Buffer.from('mdat of a test'),
]);
const contract = LexiconContract.bluesky();
let pds: RunningPds;
let media: Awaited<ReturnType<typeof startMediaServer>>;
let adapter: BlueskyAdapter;
let did: string;
let tokens: AccountTokens;
let http: NetworkHttpClient;

beforeAll(async () => {
  installPdsHarness();
  pds = await startPds();
  media = await startMediaServer();
  http = new NetworkHttpClient(new HttpService(axios.create()));
  adapter = new BlueskyAdapter(new BlueskySettings(pds.pdsUrl, `${pds.pdsUrl}/video`, undefined, false), http);
  const account = await xrpc(pds.pdsUrl, 'com.atproto.server.createAccount', {
    body: { handle: 'ada.test', email: 'ada@example.com', password: 'account-password' },
  });
  expect(account.status).toBe(200);
  const appPassword = await xrpc(pds.pdsUrl, 'com.atproto.server.createAppPassword', {
    body: { name: 'social-publishing' },
    token: String(account.body.accessJwt),
  });
  const grant = await adapter.passwordSignIn.signIn(
    { identifier: 'ada.test', password: String(appPassword.body.password) },
    APP,
  );
  const [selectable] = await adapter.listSelectable(grant, APP);
  did = selectable!.id;
  tokens = selectable!.tokens;
}, HARNESS_INSTALL_MS);

afterAll(async () => {
  await pds?.stop();
  await media?.close();
});

const publish = (fields: Partial<PublishRequest>) =>
  adapter.publish({
    networkAccountId: did,
    username: 'ada.test',
    tokens,
    app: APP,
    parts: [],
    progress: {},
    resuming: false,
    checkpoint: async () => undefined,
    ...fields,
  });

async function record(uri: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const [, , repo, collection, rkey] = uri.split('/');
  return xrpc(pds.pdsUrl, 'com.atproto.repo.getRecord', {
    query: { repo: repo!, collection: collection!, rkey: rkey! },
  });
}

describe('Bluesky adapter against a real PDS', () => {
  it('signed in with an app password as the account it created', () => {
    expect(did).toMatch(/^did:plc:/);
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('publishes text with a link facet, an image with alt text and a thread, and reads them back', async () => {
    const outcome = await publish({
      parts: [
        {
          text: 'hello from the tests https://example.com',
          media: [{ url: media.url('cat.png'), kind: 'image', altText: 'a cat' }],
        },
        { text: 'the second post', media: [] },
      ],
      options: { langs: ['en'], replySettings: 'nobody' },
    });
    expect(outcome.kind).toBe('published');
    if (outcome.kind !== 'published') return;
    const posts = (outcome.progress as { posts: { uri: string; cid: string }[] }).posts;
    const first = await record(posts[0]!.uri);
    expect(first.status).toBe(200);
    const value = first.body.value as Record<string, unknown>;
    expect(contract.checkRecord('app.bsky.feed.post', value)).toEqual([]);
    expect(value).toMatchObject({
      text: 'hello from the tests https://example.com',
      facets: [{ index: { byteStart: 21, byteEnd: 40 }, features: [{ uri: 'https://example.com' }] }],
      embed: { $type: 'app.bsky.embed.images', images: [{ alt: 'a cat', image: { mimeType: 'image/png' } }] },
      langs: ['en'],
    });
    const second = await record(posts[1]!.uri);
    expect(second.body.value).toMatchObject({ reply: { root: posts[0], parent: posts[0] } });
    const gate = await record(posts[0]!.uri.replace('app.bsky.feed.post', 'app.bsky.feed.threadgate'));
    expect(gate.body.value).toMatchObject({ post: posts[0]!.uri, allow: [] });

    await adapter.unpublish({
      networkAccountId: did,
      tokens,
      app: APP,
      platformPostId: outcome.platformPostId,
      progress: outcome.progress!,
    });
    for (const ref of posts) expect((await record(ref.uri)).body).toMatchObject({ error: 'RecordNotFound' });
    // Deleting again resolves: the PDS deletes what it no longer has without complaint.
    await adapter.unpublish({
      networkAccountId: did,
      tokens,
      app: APP,
      platformPostId: outcome.platformPostId,
      progress: outcome.progress!,
    });
  });

  it('signs the service token the adapter asks for a video upload, and takes it for uploadBlob; a post embedding the video is valid', async () => {
    // The PDS serves no video service: what it checks of the flow is the service token (its
    // audience, method and expiry, as the adapter asks them) and the app.bsky.embed.video record.
    const pdsApi = new BlueskyXrpc(http, 'bluesky', pds.pdsUrl);
    const token = await uploadServiceToken({ pds: pdsApi, token: tokens.accessToken }, new Date());
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: did, aud: 'did:web:localhost', lxm: 'com.atproto.repo.uploadBlob' });
    expect(Number(claims.exp) * 1000 - Date.now()).toBeGreaterThan(29 * 60_000);
    // The other token the adapter asks for: the video service's own getUploadLimits (default expiry).
    const limits = await serviceToken(
      { pds: pdsApi, token: tokens.accessToken },
      didWebOf('https://video.bsky.app'),
      'app.bsky.video.getUploadLimits',
    );
    expect(JSON.parse(Buffer.from(limits.split('.')[1]!, 'base64url').toString())).toMatchObject({
      iss: did,
      aud: 'did:web:video.bsky.app',
      lxm: 'app.bsky.video.getUploadLimits',
    });
    // What the video service does with it: store the processed video on the account's PDS.
    const uploaded = await fetch(`${pds.pdsUrl}/xrpc/com.atproto.repo.uploadBlob`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'video/mp4' },
      body: MP4,
    });
    expect(uploaded.status).toBe(200);
    const { blob } = (await uploaded.json()) as { blob: Record<string, unknown> };
    expect(blob).toMatchObject({ mimeType: 'video/mp4', size: MP4.length });
    const post = {
      $type: 'app.bsky.feed.post',
      text: 'a video',
      createdAt: new Date().toISOString(),
      embed: {
        $type: 'app.bsky.embed.video',
        video: blob,
        alt: 'a cat, moving',
        aspectRatio: { width: 16, height: 9 },
      },
    };
    expect(contract.checkRecord('app.bsky.feed.post', post)).toEqual([]);
    const created = await pdsApi.procedure(
      'com.atproto.repo.createRecord',
      { repo: did, collection: 'app.bsky.feed.post', record: post },
      tokens.accessToken,
    );
    const read = await record((created as { uri: string }).uri);
    expect(read.body.value).toMatchObject({
      embed: { $type: 'app.bsky.embed.video', video: { mimeType: 'video/mp4' } },
    });
  });

  it('refreshes the session (both tokens rotate) and ends it: a revoked refresh token is refused', async () => {
    const fresh = await adapter.refresh(tokens, APP);
    expect(fresh!.refreshToken).not.toBe(tokens.refreshToken);
    // The PDS keeps the refresh token just rotated usable for a grace period (a refresh whose answer
    // was lost can be retried): the old one still works here, so only the new pair is kept.
    tokens = fresh!;
    await adapter.revoke(tokens, APP);
    await expect(adapter.refresh(tokens, APP)).rejects.toMatchObject({ kind: 'auth_expired' });
  });

  it('is refused by the PDS for a record outside the lexicon, as permanent', async () => {
    await expect(publish({ parts: [{ text: 'x'.repeat(3001), media: [] }] })).rejects.toMatchObject({
      kind: 'permanent',
    });
  });
});
