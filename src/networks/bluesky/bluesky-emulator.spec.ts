import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { HttpService } from '@nestjs/axios';
import axios from 'axios';
import { FastifyInstance } from 'fastify';
import { contractLog } from '../../emulator/contracts/contract-log';
import { blueskyApp } from '../../emulator/bluesky/bluesky.testing';
import { DEFAULT_APP_PASSWORD } from '../../emulator/bluesky/bluesky-test-user';
import { ServingEmulatorState } from '../../emulator/registry/emulated-network';
import { NetworkHttpClient } from '../http/network-http.client';
import type { AccountTokens, PublishRequest } from '../network-adapter';
import { BlueskyAdapter } from './bluesky.adapter';
import { BlueskySettings } from './bluesky.settings';

/**
 * The adapter against the emulator over real HTTP: the same publishing, thread, delete and session
 * steps as against a real PDS (test/e2e/bluesky-pds.e2e-spec.ts), plus what only the emulator
 * serves (the appview's counts and threads). Every call must stay inside the lexicons.
 */
const APP = { clientId: 'unused', clientSecret: 'unused' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let app: FastifyInstance;
let state: ServingEmulatorState;
let media: Server;
let mediaUrl: string;
let adapter: BlueskyAdapter;
let did: string;
let tokens: AccountTokens;

beforeAll(async () => {
  ({ app, state } = await blueskyApp());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/emulator/bluesky`;
  media = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  mediaUrl = `http://127.0.0.1:${(media.address() as AddressInfo).port}/cat.png`;
  const http = new NetworkHttpClient(new HttpService(axios.create()));
  adapter = new BlueskyAdapter(new BlueskySettings(base, `${base}/video`, undefined, false), http);
  const grant = await adapter.passwordSignIn.signIn(
    { identifier: 'ada-bakery.bsky.social', password: DEFAULT_APP_PASSWORD },
    APP,
  );
  const [selectable] = await adapter.listSelectable(grant, APP);
  did = selectable!.id;
  tokens = selectable!.tokens;
});

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => media?.close(resolve));
});

afterEach(() => expect(contractLog.take()).toEqual([]));

const publish = (fields: Partial<PublishRequest>) =>
  adapter.publish({
    networkAccountId: did,
    username: 'ada-bakery.bsky.social',
    tokens,
    app: APP,
    parts: [],
    progress: {},
    resuming: false,
    checkpoint: async () => undefined,
    ...fields,
  });

describe('Bluesky adapter against the emulator', () => {
  it('signed in with the test user’s app password as its DID', () => {
    expect(did).toBe(state.findUser('ada')!.bluesky!.did);
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('publishes an image with alt text and a thread with a threadgate, reads counts and replies, answers, deletes', async () => {
    const outcome = await publish({
      parts: [
        {
          text: 'hello from the tests https://example.com',
          media: [{ url: mediaUrl, kind: 'image', altText: 'a cat' }],
        },
        { text: 'the second post', media: [] },
      ],
      options: { langs: ['en'], replySettings: 'nobody' },
    });
    expect(outcome.kind).toBe('published');
    if (outcome.kind !== 'published') return;
    const posts = (outcome.progress as { posts: { uri: string; cid: string }[] }).posts;
    const published = state.published.list({ network: 'bluesky' });
    expect(published.map((item) => [item.postId, item.text, item.replyToId])).toEqual([
      [posts[0]!.uri, 'hello from the tests https://example.com', undefined],
      [posts[1]!.uri, 'the second post', posts[0]!.uri],
    ]);
    expect(published[0]!.media).toEqual([
      expect.objectContaining({ type: 'image', altText: 'a cat', size: PNG.length }),
    ]);
    expect(published[0]!.blueskyRecord!.value).toMatchObject({
      facets: [{ index: { byteStart: 21, byteEnd: 40 } }],
      langs: ['en'],
    });

    const comment = await app.inject({
      method: 'POST',
      url: '/emulator/control/comments',
      payload: { network: 'bluesky', parentId: posts[0]!.uri, text: 'nice', author: { username: 'cora' } },
    });
    expect(comment.statusCode).toBeLessThan(300);
    const rkey = posts[0]!.uri.split('/').pop();
    await app.inject({
      method: 'PUT',
      url: '/emulator/control/metrics',
      payload: { network: 'bluesky', objectId: rkey, metrics: { like_count: 4, repost_count: 1, quote_count: 0 } },
    });
    const call = { networkAccountId: did, tokens, app: APP, permissions: [] };
    expect(await adapter.postMetrics({ ...call, platformPostId: outcome.platformPostId })).toEqual({
      likes: { value: 4 },
      shares: { value: 1 },
      comments: { value: 2 },
      quotes: { value: 0 },
    });

    const page = await adapter.comments.listComments(
      { ...call, username: 'ada-bakery.bsky.social', objectId: outcome.platformPostId },
      { limit: 10, cursor: undefined },
    );
    const theirs = page.comments.find((found) => found.text === 'nice')!;
    expect(theirs.own).toBe(false);
    const answerId = await adapter.comments.answer({
      ...call,
      username: 'ada-bakery.bsky.social',
      objectId: outcome.platformPostId,
      text: 'thanks',
      replyToId: theirs.id,
      resuming: false,
    });
    expect(state.published.find('bluesky', answerId)?.blueskyRecord?.value).toMatchObject({
      reply: { root: { uri: posts[0]!.uri }, parent: { uri: theirs.id } },
    });

    const unpublish = () =>
      adapter.unpublish({ ...call, platformPostId: outcome.platformPostId, progress: outcome.progress! });
    await unpublish();
    await unpublish();
    for (const ref of posts) expect(state.published.find('bluesky', ref.uri)?.deletedAt).toBeDefined();
  });

  it('refreshes (both tokens rotate) and ends the session: a revoked refresh token is refused', async () => {
    const fresh = await adapter.refresh(tokens, APP);
    expect(fresh!.refreshToken).not.toBe(tokens.refreshToken);
    tokens = fresh!;
    await adapter.revoke(tokens, APP);
    await expect(adapter.refresh(tokens, APP)).rejects.toMatchObject({ kind: 'auth_expired' });
  });

  it('is refused for a record outside the lexicon, as permanent (and the emulator logs it)', async () => {
    await expect(publish({ parts: [{ text: 'x'.repeat(3001), media: [] }] })).rejects.toMatchObject({
      kind: 'permanent',
    });
    expect(contractLog.take()).toEqual([expect.objectContaining({ operation: 'record app.bsky.feed.post' })]);
  });

  it('surfaces a rate limit with its reset, and an expired token, as the service’s kinds', async () => {
    // One at a time: a call takes every fault that applies to it.
    const inject = (fault: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/emulator/control/faults',
        payload: { network: 'bluesky', accountId: did, count: 1, ...fault },
      });
    await inject({ fault: 'rate_limited', resetAt: Math.floor(Date.now() / 1000) + 60 });
    await expect(publish({ parts: [{ text: 'limited', media: [] }] })).rejects.toMatchObject({ kind: 'rate_limited' });
    await inject({ fault: 'token_expired' });
    await expect(publish({ parts: [{ text: 'expired', media: [] }] })).rejects.toMatchObject({ kind: 'auth_expired' });
  });
});
