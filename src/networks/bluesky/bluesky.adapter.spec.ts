import { answer, APP, RecordingHttp } from '../http/recording-http.testing';
import type { CommentsCall } from '../network-adapter';
import { BlueskyAdapter } from './bluesky.adapter';
import { BlueskySettings } from './bluesky.settings';

const PDS = 'https://pds.example.com';
const settings = new BlueskySettings(PDS, 'https://video.example.com', undefined, false);
const DID = 'did:plc:ewvi7nxzyoun6zhxrhs64oiz';
const BOB = 'did:plc:z72i7hdynmk6r22z27h6tvur';
const CID = 'bafyreie5737gdxlw5i64vzichcalba3z2v5n6icifvx5xytvske7mr3hpm';
const POST = `at://${DID}/app.bsky.feed.post/3k1`;
const jwt = (exp: number) => `h.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.s`;

const adapterWith = (...answers: ConstructorParameters<typeof RecordingHttp>) => {
  const http = new RecordingHttp(...answers);
  return { adapter: new BlueskyAdapter(settings, http), http };
};

describe('BlueskyAdapter sessions', () => {
  it('signs in with a handle and an app password, and lists the one account', async () => {
    const session = { accessJwt: jwt(1_900_000_000), refreshJwt: 'refresh-1', did: DID, handle: 'ada.test' };
    const { adapter, http } = adapterWith(
      answer(200, session),
      answer(200, { did: DID, handle: 'ada.test' }),
      answer(200, { did: DID, handle: 'ada.test', displayName: 'Ada', avatar: 'https://cdn.example.com/a.jpg' }),
    );
    const grant = await adapter.passwordSignIn.signIn({ identifier: 'ada.test', password: 'abcd-efgh-ijkl-mnop' }, APP);
    expect(grant).toEqual({
      accessToken: session.accessJwt,
      refreshToken: 'refresh-1',
      expiresAt: new Date(1_900_000_000_000),
      scopes: ['atproto', 'transition:generic'],
      userId: DID,
    });
    expect(http.requests[0]).toEqual({
      method: 'POST',
      url: `${PDS}/xrpc/com.atproto.server.createSession`,
      json: { identifier: 'ada.test', password: 'abcd-efgh-ijkl-mnop' },
      headers: {},
    });
    const [account] = await adapter.listSelectable(grant, APP);
    expect(account).toMatchObject({ id: DID, username: 'ada.test', name: 'Ada', type: 'profile' });
  });

  it("names a test world's app to the emulator on sign-in, the one call without a token to carry its world", async () => {
    const session = { accessJwt: jwt(1_900_000_000), refreshJwt: 'refresh-1', did: DID, handle: 'ada.test' };
    const { adapter, http } = adapterWith(answer(200, session));
    await adapter.passwordSignIn.signIn(
      { identifier: 'ada.test', password: 'abcd-efgh-ijkl-mnop' },
      { ...APP, emulatorWorld: 'cus_World1' },
    );
    expect(http.requests[0]!.headers).toEqual({ 'x-emulator-world': 'sandbox_cus_World1' });
  });

  it('refuses a wrong app password for good (the user typed it)', async () => {
    const { adapter } = adapterWith(
      answer(401, { error: 'AuthenticationRequired', message: 'Invalid identifier or password' }),
    );
    await expect(
      adapter.passwordSignIn.signIn({ identifier: 'ada.test', password: 'nope' }, APP),
    ).rejects.toMatchObject({
      kind: 'permanent',
    });
  });

  it('refreshes with the refresh token as bearer; both tokens rotate', async () => {
    const { adapter, http } = adapterWith(
      answer(200, { accessJwt: jwt(1_900_000_100), refreshJwt: 'refresh-2', did: DID, handle: 'ada.test' }),
    );
    const tokens = await adapter.refresh({ accessToken: 'old', refreshToken: 'refresh-1' }, APP);
    expect(tokens).toEqual({
      accessToken: jwt(1_900_000_100),
      refreshToken: 'refresh-2',
      expiresAt: new Date(1_900_000_100_000),
    });
    expect(http.requests[0]).toMatchObject({
      url: `${PDS}/xrpc/com.atproto.server.refreshSession`,
      headers: { Authorization: 'Bearer refresh-1' },
    });
  });
});

describe('BlueskyAdapter metrics and deletes', () => {
  it("reads a post's counts from getPosts under the service's names", async () => {
    const { adapter, http } = adapterWith(
      answer(200, { posts: [{ uri: POST, cid: CID, likeCount: 3, repostCount: 2, replyCount: 1, quoteCount: 0 }] }),
    );
    const reading = await adapter.postMetrics({
      networkAccountId: DID,
      tokens: { accessToken: 'a' },
      app: APP,
      platformPostId: POST,
      permissions: [],
    });
    expect(reading).toEqual({
      likes: { value: 3 },
      shares: { value: 2 },
      comments: { value: 1 },
      quotes: { value: 0 },
    });
    expect(http.requests[0]!.url).toBe(`${PDS}/xrpc/app.bsky.feed.getPosts?uris=${encodeURIComponent(POST)}`);
  });

  it('deletes the replies first, then the post and its gates', async () => {
    const { adapter, http } = adapterWith(...Array.from({ length: 4 }, () => answer(200, {})));
    await adapter.unpublish({
      networkAccountId: DID,
      tokens: { accessToken: 'a' },
      app: APP,
      platformPostId: POST,
      progress: {
        posts: [
          { uri: POST, cid: CID },
          { uri: `${POST}b`, cid: CID },
        ],
        threadgate: true,
      },
    });
    expect(http.requests.map((sent) => sent.json)).toEqual([
      { repo: DID, collection: 'app.bsky.feed.post', rkey: '3k1b' },
      { repo: DID, collection: 'app.bsky.feed.post', rkey: '3k1' },
      { repo: DID, collection: 'app.bsky.feed.threadgate', rkey: '3k1' },
    ]);
  });
});

describe('BlueskyAdapter comments', () => {
  const call: CommentsCall = {
    networkAccountId: DID,
    username: 'ada.test',
    tokens: { accessToken: 'a' },
    app: APP,
    objectId: POST,
  };
  const view = (uri: string, did: string, text: string, createdAt: string) => ({
    uri,
    cid: CID,
    author: { did, handle: did === DID ? 'ada.test' : 'bob.test' },
    record: { text, createdAt },
    indexedAt: createdAt,
  });
  const thread = {
    thread: {
      post: view(POST, DID, 'hello', '2026-11-26T10:00:00.000Z'),
      replies: [
        {
          post: view(`at://${BOB}/app.bsky.feed.post/r1`, BOB, 'nice', '2026-11-26T10:01:00.000Z'),
          replies: [{ post: view(`at://${DID}/app.bsky.feed.post/r2`, DID, 'thanks', '2026-11-26T10:02:00.000Z') }],
        },
      ],
    },
  };

  it('lists the replies at any depth, newest first', async () => {
    const { adapter } = adapterWith(answer(200, thread));
    const page = await adapter.comments.listComments(call, { limit: 10, cursor: undefined });
    expect(page.comments.map((c) => [c.text, c.own, c.replyToId])).toEqual([
      ['thanks', true, `at://${BOB}/app.bsky.feed.post/r1`],
      ['nice', false, null],
    ]);
  });

  it('answers once: when resuming, adopts its own reply with the same text', async () => {
    const { adapter, http } = adapterWith(answer(200, thread));
    const id = await adapter.comments.answer({
      ...call,
      text: 'thanks',
      replyToId: `at://${BOB}/app.bsky.feed.post/r1`,
      resuming: true,
    });
    expect(id).toBe(`at://${DID}/app.bsky.feed.post/r2`);
    expect(http.requests).toHaveLength(1);
  });

  it('answers a reply with the root and the parent', async () => {
    const { adapter, http } = adapterWith(
      answer(200, thread),
      answer(200, { uri: `at://${DID}/app.bsky.feed.post/r3`, cid: CID }),
    );
    await adapter.comments.answer({
      ...call,
      text: 'hi bob',
      replyToId: `at://${BOB}/app.bsky.feed.post/r1`,
      resuming: false,
    });
    expect((http.requests[1]!.json as { record: { reply: unknown } }).record.reply).toEqual({
      root: { uri: POST, cid: CID },
      parent: { uri: `at://${BOB}/app.bsky.feed.post/r1`, cid: CID },
    });
  });
});

describe('BlueskyAdapter content rules', () => {
  const adapter = new BlueskyAdapter(settings, new RecordingHttp());
  it('counts graphemes: 300 emoji with skin tones pass, 301 do not', () => {
    expect(adapter.validate([{ text: '👍🏽'.repeat(300), media: [] }])).toEqual([]);
    expect(adapter.validate([{ text: '👍🏽'.repeat(301), media: [] }])).toEqual([
      expect.objectContaining({ field: 'containers[0].content', rule: 'text_too_long' }),
    ]);
  });

  it('takes up to 4 images, no GIF, no mixing', () => {
    const image = { url: 'https://cdn.example.com/a.png', kind: 'image' as const };
    expect(adapter.validate([{ text: '', media: Array(5).fill(image) }])).toEqual([
      expect.objectContaining({ rule: 'media_too_many' }),
    ]);
    expect(adapter.validate([{ text: '', media: [{ url: 'https://cdn.example.com/a.gif', kind: 'gif' }] }])).toEqual([
      expect.objectContaining({ rule: 'media_format' }),
    ]);
  });

  it('checks its options, each problem at its path', () => {
    const check = adapter.postOptions.check;
    expect(
      check({ replySettings: 'following', langs: ['en', 'pt-BR'], labels: ['porn'] }, 'options.bluesky', []),
    ).toEqual([]);
    expect(
      check({ replySettings: 'friends', langs: ['en', 'fr', 'de', 'es'], poll: {} }, 'options.bluesky', []).map(
        (p) => p.field,
      ),
    ).toEqual(['options.bluesky.poll', 'options.bluesky.replySettings', 'options.bluesky.langs']);
  });
});
