import { LexiconContract } from '../../contracts';
import { answer, APP, RecordingHttp } from '../http/recording-http.testing';
import type { NetworkRequest } from '../http/network-http.client';
import type { PublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { BlueskyAdapter } from './bluesky.adapter';
import { BlueskySettings } from './bluesky.settings';

const PDS = 'https://pds.example.com';
const settings = new BlueskySettings(PDS, 'https://video.example.com', undefined, false);
const DID = 'did:plc:ewvi7nxzyoun6zhxrhs64oiz';
const BOB = 'did:plc:z72i7hdynmk6r22z27h6tvur';
const CID = 'bafyreie5737gdxlw5i64vzichcalba3z2v5n6icifvx5xytvske7mr3hpm';
const BLOB = {
  $type: 'blob',
  ref: { $link: 'bafkreibme22gw2h7y2h7tg2fhqotaqjucnbc24deqo72b6mkl2egezxhvy' },
  mimeType: 'image/png',
  size: 24,
};
const contract = LexiconContract.bluesky();

function request(fields: Partial<PublishRequest> = {}): PublishRequest & { saved: unknown[] } {
  const saved: unknown[] = [];
  return {
    networkAccountId: DID,
    username: 'ada.bsky.social',
    tokens: { accessToken: 'access-jwt' },
    app: APP,
    parts: [{ text: 'hello', media: [] }],
    progress: {},
    resuming: false,
    checkpoint: async (progress) => void saved.push(progress),
    saved,
    ...fields,
  };
}

const created = (rkey: string) => answer(200, { uri: `at://${DID}/app.bsky.feed.post/${rkey}`, cid: CID });
const body = (sent: NetworkRequest) =>
  sent.json as { repo: string; collection: string; record: Record<string, unknown>; rkey?: string };

/** Every record the adapter wrote must be valid under Bluesky's lexicons, as a PDS checks it. */
function expectValidRecords(http: RecordingHttp): void {
  for (const sent of http.requests.filter((r) => r.url.endsWith('/xrpc/com.atproto.repo.createRecord'))) {
    expect(contract.checkInput('com.atproto.repo.createRecord', sent.json)).toEqual([]);
    expect(contract.checkRecord(body(sent).collection, body(sent).record)).toEqual([]);
  }
}

describe('BlueskyAdapter.publish', () => {
  it('posts text with link, hashtag and mention facets in UTF-8 byte offsets', async () => {
    const http = new RecordingHttp(answer(200, { did: BOB }), created('3k1'));
    const adapter = new BlueskyAdapter(settings, http);
    const text = 'héllo @bob.test see https://example.com #café';
    const outcome = await adapter.publish(request({ parts: [{ text, media: [] }] }));
    expect(outcome).toEqual({
      kind: 'published',
      platformPostId: `at://${DID}/app.bsky.feed.post/3k1`,
      permalink: 'https://bsky.app/profile/ada.bsky.social/post/3k1',
      progress: {
        posts: [{ uri: `at://${DID}/app.bsky.feed.post/3k1`, cid: CID }],
        threadgate: false,
        postgate: false,
      },
    });
    expect(http.requests[0]!.url).toBe(`${PDS}/xrpc/com.atproto.identity.resolveHandle?handle=bob.test`);
    const record = body(http.requests[1]!).record as {
      facets: { index: { byteStart: number; byteEnd: number }; features: unknown[] }[];
    };
    const bytes = Buffer.from(text, 'utf8');
    const slice = (f: { index: { byteStart: number; byteEnd: number } }) =>
      bytes.subarray(f.index.byteStart, f.index.byteEnd).toString('utf8');
    expect(record.facets.map(slice)).toEqual(['@bob.test', 'https://example.com', '#café']);
    expect(record.facets.map((f) => f.features[0])).toEqual([
      { $type: 'app.bsky.richtext.facet#mention', did: BOB },
      { $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com' },
      { $type: 'app.bsky.richtext.facet#tag', tag: 'café' },
    ]);
    expect(http.requests[1]!.headers).toEqual({ Authorization: 'Bearer access-jwt' });
    expectValidRecords(http);
  });

  it('uploads images with their alt text, then replies in a thread with root and parent', async () => {
    const http = new RecordingHttp(answer(200, { blob: BLOB }), created('3k1'), created('3k2'), created('3k3'));
    const adapter = new BlueskyAdapter(settings, http);
    const req = request({
      parts: [
        { text: 'one', media: [{ url: 'https://cdn.example.com/cat.png', kind: 'image', altText: 'a cat' }] },
        { text: 'two', media: [] },
        { text: 'three', media: [] },
      ],
      options: { langs: ['en'], labels: ['nudity'] },
    });
    await adapter.publish(req);
    expect(http.requests[0]).toMatchObject({
      url: `${PDS}/xrpc/com.atproto.repo.uploadBlob`,
      bytes: { contentType: 'image/png' },
    });
    const [first, second, third] = http.requests.slice(1).map((sent) => body(sent).record);
    expect(first!.embed).toEqual({ $type: 'app.bsky.embed.images', images: [{ image: BLOB, alt: 'a cat' }] });
    expect(first!.labels).toEqual({ $type: 'com.atproto.label.defs#selfLabels', values: [{ val: 'nudity' }] });
    const ref = (rkey: string) => ({ uri: `at://${DID}/app.bsky.feed.post/${rkey}`, cid: CID });
    expect(second!.reply).toEqual({ root: ref('3k1'), parent: ref('3k1') });
    expect(third!.reply).toEqual({ root: ref('3k1'), parent: ref('3k2') });
    expect(third!.langs).toEqual(['en']);
    expect(req.saved).toHaveLength(3);
    expectValidRecords(http);
  });

  it('gates replies and quotes with records under the post’s own key, and quotes with media', async () => {
    const quoted = `at://${BOB}/app.bsky.feed.post/3jz`;
    const http = new RecordingHttp(
      answer(200, { blob: BLOB }),
      answer(200, { posts: [{ uri: quoted, cid: CID }] }),
      created('3k1'),
      answer(200, { uri: `at://${DID}/app.bsky.feed.threadgate/3k1`, cid: CID }),
      answer(200, { uri: `at://${DID}/app.bsky.feed.postgate/3k1`, cid: CID }),
    );
    const adapter = new BlueskyAdapter(settings, http);
    await adapter.publish(
      request({
        parts: [{ text: 'look', media: [{ url: 'https://cdn.example.com/a.jpg', kind: 'image', altText: 'x' }] }],
        options: { replySettings: 'mentioned', quotes: 'nobody', quotePostUri: quoted },
      }),
    );
    const [post, threadgate, postgate] = http.requests.slice(2).map(body);
    expect(post!.record.embed).toMatchObject({
      $type: 'app.bsky.embed.recordWithMedia',
      record: { $type: 'app.bsky.embed.record', record: { uri: quoted, cid: CID } },
      media: { $type: 'app.bsky.embed.images' },
    });
    expect(threadgate).toMatchObject({
      collection: 'app.bsky.feed.threadgate',
      rkey: '3k1',
      record: { allow: [{ $type: 'app.bsky.feed.threadgate#mentionRule' }] },
    });
    expect(postgate).toMatchObject({
      collection: 'app.bsky.feed.postgate',
      rkey: '3k1',
      record: { embeddingRules: [{ $type: 'app.bsky.feed.postgate#disableRule' }] },
    });
    expectValidRecords(http);
  });

  it('adopts, when resuming, the post an attempt cut off had made', async () => {
    const uri = `at://${DID}/app.bsky.feed.post/3k1`;
    const http = new RecordingHttp(answer(200, { records: [{ uri, cid: CID, value: { text: 'hello' } }] }));
    const adapter = new BlueskyAdapter(settings, http);
    const outcome = await adapter.publish(request({ resuming: true }));
    expect(outcome).toMatchObject({ kind: 'published', platformPostId: uri });
    expect(http.requests).toHaveLength(1);
  });

  it('classifies an expired token and a rate limit with its reset time', async () => {
    const expired = new RecordingHttp(answer(400, { error: 'ExpiredToken', message: 'Token has expired' }));
    await expect(new BlueskyAdapter(settings, expired).publish(request())).rejects.toMatchObject({
      kind: 'auth_expired',
    });
    const limited = new RecordingHttp(
      answer(429, { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' }, { 'ratelimit-reset': '1900000000' }),
    );
    const error = await new BlueskyAdapter(settings, limited).publish(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'rate_limited', details: { retryAt: new Date(1_900_000_000_000) } });
  });
});
