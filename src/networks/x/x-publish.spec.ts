import { answer, APP, NOW, RecordingHttp } from '../http/recording-http.testing';
import { MediaKind, PostPart, PublishProgress, PublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { X_ACCESS_TOKEN, tooManyRequests, unauthorizedProblem } from './x.fixtures';
import { mediaStatusAnswer, timelineAnswer, tweetAnswer, X_USER_ID, X_USERNAME } from './x-publish.fixtures';
import { comparableTweetText } from './x-recent-tweet';
import { XAdapter } from './x.adapter';
import { XSettings } from './x.settings';

const API = 'https://api.x.com';
const settings = new XSettings('https://x.com/i/oauth2/authorize', API, APP, false);
const AUTH = { Authorization: `Bearer ${X_ACCESS_TOKEN}` };
const JPG = 'https://cdn.example.com/cake.jpg';

function adapterWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { adapter: new XAdapter(settings, http), http };
}

const part = (text: string, ...media: [MediaKind, string][]): PostPart => ({
  text,
  media: media.map(([kind, url]) => ({ kind, url })),
});
const images = (count: number) =>
  Array.from({ length: count }, (_, i): ['image', string] => ['image', `https://cdn.example.com/${i}.png`]);

function request(
  parts: PostPart[],
  options: { progress?: PublishProgress; resuming?: boolean; options?: PublishRequest['options'] } = {},
): PublishRequest & { checkpoints: PublishProgress[] } {
  const checkpoints: PublishProgress[] = [];
  return {
    networkAccountId: X_USER_ID,
    username: X_USERNAME,
    tokens: { accessToken: X_ACCESS_TOKEN },
    app: APP,
    parts,
    ...(options.options ? { options: options.options } : {}),
    progress: options.progress ?? {},
    resuming: options.resuming ?? false,
    checkpoints,
    checkpoint: async (progress) => void checkpoints.push(JSON.parse(JSON.stringify(progress)) as PublishProgress),
  };
}

const tweet = (json: Record<string, unknown>) => ({ method: 'POST', url: `${API}/2/tweets`, headers: AUTH, json });
const timeline = {
  method: 'GET',
  url: `${API}/2/users/${X_USER_ID}/tweets`,
  query: { max_results: '10', 'post.fields': 'created_at,attachments,note_post', expansions: 'referenced_posts' },
  headers: AUTH,
};
const mediaStatus = (id: string) => ({
  method: 'GET',
  url: `${API}/2/media/upload`,
  query: { command: 'STATUS', media_id: id },
  headers: AUTH,
});

describe('XAdapter content rules', () => {
  const { adapter } = adapterWith();
  const NONE = { subscriptionType: 'None' };
  const PREMIUM = { subscriptionType: 'Premium' };
  const tooLong = (weighted: number, subscription = 'None') => [
    {
      field: 'containers[0].content',
      rule: 'text_too_long',
      message:
        `This account's X subscription (${subscription}) allows posts of at most 280 weighted characters ` +
        `(got ${weighted.toLocaleString('en-US')}; a URL counts 23, an emoji or CJK character 2); posts of up to 25,000 need Premium or PremiumPlus`,
    },
  ];

  it('counts the weighted length with twitter-text: 280 passes, 281 does not, for an account without a long-post subscription', () => {
    expect(adapter.accountContentProblems([part('a'.repeat(280))], NONE)).toEqual([]);
    expect(adapter.accountContentProblems([part('a'.repeat(281))], NONE)).toEqual(tooLong(281));
  });

  it('weighs an emoji 2 and a URL 23, however long', () => {
    expect(adapter.accountContentProblems([part(`${'a'.repeat(278)}😀`)], NONE)).toEqual([]);
    expect(adapter.accountContentProblems([part(`${'a'.repeat(279)}😀`)], NONE)).toEqual(tooLong(281));
    const url = `https://bakery.com/${'x'.repeat(200)}`;
    expect(adapter.accountContentProblems([part(`${'a'.repeat(256)} ${url}`)], NONE)).toEqual([]);
    expect(adapter.accountContentProblems([part(`${'a'.repeat(257)} ${url}`)], NONE)).toEqual(tooLong(281));
  });

  it('lets Premium and PremiumPlus accounts post up to 25,000 weighted characters; Basic, None, unknown or nothing known keep 280', () => {
    const long = [part('a'.repeat(400)), part(`${'b'.repeat(24_998)}😀`)];
    expect(adapter.accountContentProblems(long, PREMIUM)).toEqual([]);
    expect(adapter.accountContentProblems(long, { subscriptionType: 'PremiumPlus' })).toEqual([]);
    for (const traits of [{ subscriptionType: 'Basic' }, NONE, { subscriptionType: 'Gold' }, {}])
      expect(adapter.accountContentProblems([part('a'.repeat(400))], traits)).toEqual(
        tooLong(400, (traits as { subscriptionType?: string }).subscriptionType ?? 'none known'),
      );
    // Every part of a thread is a post of its own, each checked.
    expect(adapter.accountContentProblems([part('short'), part('a'.repeat(281))], NONE)).toEqual([
      { ...tooLong(281)[0]!, field: 'containers[1].content' },
    ]);
  });

  it('refuses past 25,000 weighted characters for any account (validate), and leaves 281 to 25,000 to the account', () => {
    expect(adapter.validate([part('a'.repeat(281))])).toEqual([]);
    expect(adapter.validate([part('a'.repeat(25_000))])).toEqual([]);
    const over = [
      {
        field: 'containers[0].content',
        rule: 'text_too_long',
        message:
          'An X post has at most 25,000 weighted characters (got 25,001; a URL counts 23, an emoji or CJK character 2)',
      },
    ];
    expect(adapter.validate([part('a'.repeat(25_001))])).toEqual(over);
    // Named once: validate names it, the account's check leaves it.
    expect(adapter.accountContentProblems([part('a'.repeat(25_001))], NONE)).toEqual([]);
  });

  it('warns that a video goes out without its alt text; images and GIFs take it', () => {
    const described = (kind: MediaKind, url: string): PostPart => ({
      text: '',
      media: [{ kind, url, altText: 'A loaf' }],
    });
    expect(adapter.validate([described('image', JPG)])).toEqual([]);
    expect(adapter.validate([described('gif', 'https://c.example/a.gif')])).toEqual([]);
    expect(adapter.validate([described('video', 'https://c.example/a.mp4')])).toEqual([
      {
        field: 'containers[0].media[0].altText',
        rule: 'alt_text_not_sent',
        message: 'X takes alt text on images and GIFs only: this video is published without it',
      },
    ]);
  });

  it('takes up to 4 images, or 1 GIF, or 1 video, without mixing', () => {
    expect(adapter.validate([part('', ...images(4))])).toEqual([]);
    expect(adapter.validate([part('', ...images(5))])).toEqual([
      { field: 'containers[0].media', rule: 'media_too_many', message: 'An X post takes at most 4 images (got 5)' },
    ]);
    expect(adapter.validate([part('', ['gif', 'https://c.example/a.gif'])])).toEqual([]);
    expect(adapter.validate([part('', ['video', 'https://c.example/a.mp4'])])).toEqual([]);
    const mixed = {
      field: 'containers[0].media',
      rule: 'media_mixed',
      message: 'An X post takes up to 4 images, or 1 GIF, or 1 video, without mixing them',
    };
    expect(adapter.validate([part('', ['gif', 'https://c.example/a.gif'], ['image', JPG])])).toEqual([mixed]);
    expect(
      adapter.validate([part('', ['video', 'https://c.example/a.mp4'], ['video', 'https://c.example/b.mov'])]),
    ).toEqual([mixed]);
  });

  it('refuses image and video formats X does not take', () => {
    expect(adapter.validate([part('', ['image', 'https://c.example/a.tiff'])])).toEqual([
      { field: 'containers[0].media[0].url', rule: 'media_format', message: 'X images must be JPEG, PNG or WEBP' },
    ]);
    expect(adapter.validate([part('', ['video', 'https://c.example/a.m4v'])])).toEqual([
      { field: 'containers[0].media[0].url', rule: 'media_format', message: 'X videos must be MP4 or MOV' },
    ]);
  });

  it('needs text or media in every part of a thread', () => {
    expect(adapter.validate([part('One'), part(' '), part('', ['image', JPG])])).toEqual([
      { field: 'containers[1].content', rule: 'content_required', message: 'An X post needs text or media' },
    ]);
  });
});

describe('XAdapter publishing', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('posts text with the user token and answers with the permalink', async () => {
    const { adapter, http } = adapterWith(answer(201, tweetAnswer('1001', 'Open today')));
    const delivery = request([part('Open today')]);
    await expect(adapter.publish(delivery)).resolves.toEqual({
      kind: 'published',
      platformPostId: '1001',
      permalink: 'https://x.com/bakeryonmain/status/1001',
      progress: { tweetIds: ['1001'], uploads: [] },
    });
    expect(http.requests).toEqual([tweet({ text: 'Open today' })]);
    // The last tweet is recorded by the published state itself, not by a checkpoint of its own.
    expect(delivery.checkpoints).toEqual([]);
  });

  it('posts a thread as a chain of replies, checkpointing each tweet before the next, and hands back every id', async () => {
    const { adapter, http } = adapterWith(
      answer(201, tweetAnswer('1', 'One')),
      answer(201, tweetAnswer('2', 'Two')),
      answer(201, tweetAnswer('3', 'Three')),
    );
    const delivery = request([part('One'), part('Two'), part('Three')]);
    // Every tweet id is handed back with the published state, so unpublishing can delete them all.
    await expect(adapter.publish(delivery)).resolves.toMatchObject({
      platformPostId: '1',
      progress: { tweetIds: ['1', '2', '3'] },
    });
    expect(http.requests).toEqual([
      tweet({ text: 'One' }),
      tweet({ text: 'Two', reply: { in_reply_to_tweet_id: '1' } }),
      tweet({ text: 'Three', reply: { in_reply_to_tweet_id: '2' } }),
    ]);
    expect(delivery.checkpoints.map((saved) => saved.tweetIds)).toEqual([['1'], ['1', '2']]);
  });

  it('continues a thread after the tweets already posted', async () => {
    const { adapter, http } = adapterWith(answer(201, tweetAnswer('3', 'Three')));
    const delivery = request([part('One'), part('Two'), part('Three')], {
      progress: { tweetIds: ['1', '2'], uploads: [] },
    });
    await expect(adapter.publish(delivery)).resolves.toMatchObject({
      platformPostId: '1',
      permalink: 'https://x.com/bakeryonmain/status/1',
    });
    expect(http.requests).toEqual([tweet({ text: 'Three', reply: { in_reply_to_tweet_id: '2' } })]);
  });

  it('when resuming, adopts the tweet in flight as X shows it back (t.co links, escaped &) and posts the rest', async () => {
    const { adapter, http } = adapterWith(
      answer(
        200,
        timelineAnswer(
          {
            id: '7',
            text: 'Bread &amp; butter https://t.co/AbC123',
            referenced_tweets: [{ type: 'replied_to', id: '1' }],
          },
          { id: '1', text: 'One' },
        ),
      ),
      answer(201, tweetAnswer('8', 'Three')),
    );
    const delivery = request([part('One'), part('Bread & butter bakery.com/menu'), part('Three')], {
      progress: { tweetIds: ['1'], uploads: [] },
      resuming: true,
    });
    await adapter.publish(delivery);
    expect(http.requests).toEqual([timeline, tweet({ text: 'Three', reply: { in_reply_to_tweet_id: '7' } })]);
    expect(delivery.checkpoints.map((saved) => saved.tweetIds)).toEqual([['1', '7']]);
  });

  it('when resuming, does not adopt the same text replying elsewhere, and posts', async () => {
    const { adapter, http } = adapterWith(
      answer(200, timelineAnswer({ id: '5', text: 'Two', referenced_posts: [{ type: 'replied_to', id: '4' }] })),
      answer(201, tweetAnswer('6', 'Two')),
    );
    await adapter.publish(
      request([part('One'), part('Two')], { progress: { tweetIds: ['1'], uploads: [] }, resuming: true }),
    );
    expect(http.requests).toEqual([timeline, tweet({ text: 'Two', reply: { in_reply_to_tweet_id: '1' } })]);
  });

  it("sends the post's options on its first tweet only (X's field names; reply_settings left out for everyone)", async () => {
    const { adapter, http } = adapterWith(
      answer(201, tweetAnswer('1', 'Rye or spelt?')),
      answer(201, tweetAnswer('2', 'Vote!')),
    );
    const options = {
      poll: { options: ['Rye', 'Spelt'], durationMinutes: 1440 },
      replySettings: 'following',
      communityId: '1471580197908586507',
    };
    await adapter.publish(request([part('Rye or spelt?'), part('Vote!')], { options }));
    expect(http.requests).toEqual([
      tweet({
        text: 'Rye or spelt?',
        poll: { options: ['Rye', 'Spelt'], duration_minutes: 1440 },
        reply_settings: 'following',
        community_id: '1471580197908586507',
      }),
      tweet({ text: 'Vote!', reply: { in_reply_to_tweet_id: '1' } }),
    ]);
  });

  it('sends a quote, and no reply_settings for everyone', async () => {
    const { adapter, http } = adapterWith(answer(201, tweetAnswer('7', 'So true')));
    await adapter.publish(
      request([part('So true')], { options: { quotePostId: '1146654567674912769', replySettings: 'everyone' } }),
    );
    expect(http.requests).toEqual([tweet({ text: 'So true', quote_tweet_id: '1146654567674912769' })]);
  });

  it('when resuming a poll, adopts the tweet in flight by its text and posts nothing again', async () => {
    const { adapter, http } = adapterWith(answer(200, timelineAnswer({ id: '9', text: 'Rye or spelt?' })));
    const options = { poll: { options: ['Rye', 'Spelt'], durationMinutes: 60 } };
    await expect(adapter.publish(request([part('Rye or spelt?')], { options, resuming: true }))).resolves.toMatchObject(
      { platformPostId: '9' },
    );
    expect(http.requests).toEqual([timeline]);
  });

  it('when resuming a long post, adopts the tweet whose note_post holds the whole text (its `text` is cut)', async () => {
    const long = `${'Sourdough '.repeat(60)}end`;
    const { adapter, http } = adapterWith(
      answer(200, timelineAnswer({ id: '11', text: `${long.slice(0, 270)}…`, note_post: { text: long } })),
    );
    await expect(adapter.publish(request([part(long)], { resuming: true }))).resolves.toMatchObject({
      platformPostId: '11',
    });
    expect(http.requests).toEqual([timeline]);
  });

  it("sets each medium's alt text after its upload (POST /2/media/metadata), checkpointed, before the tweet", async () => {
    const { adapter, http } = adapterWith(
      answer(200, { data: { id: '77', media_key: '3_77' } }),
      answer(200, { data: { id: '77', associated_metadata: { alt_text: { text: 'A loaf' } } } }),
      answer(200, { data: { id: '78', media_key: '3_78' } }),
      answer(201, tweetAnswer('1', 'Photos')),
    );
    const delivery = request([
      {
        text: 'Photos',
        media: [
          { kind: 'image', url: JPG, altText: 'A loaf' },
          { kind: 'image', url: 'https://cdn.example.com/plain.png' },
        ],
      },
    ]);
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ platformPostId: '1' });
    expect(http.requests.map((sent) => sent.url)).toEqual([
      `${API}/2/media/upload`,
      `${API}/2/media/metadata`,
      `${API}/2/media/upload`,
      `${API}/2/tweets`,
    ]);
    expect(http.requests[1]).toEqual({
      method: 'POST',
      url: `${API}/2/media/metadata`,
      headers: AUTH,
      json: { id: '77', metadata: { alt_text: { text: 'A loaf' } } },
    });
    expect(delivery.checkpoints.map((saved) => saved.uploads)).toEqual([
      [{ id: '77', key: '3_77', ready: true }],
      [{ id: '77', key: '3_77', ready: true, altTextSent: true }],
      [
        { id: '77', key: '3_77', ready: true, altTextSent: true },
        { id: '78', key: '3_78', ready: true },
      ],
    ]);
  });

  it('sends an alt text again after a cut-off attempt that did not record it, and never again once recorded', async () => {
    const sentBefore = adapterWith(
      answer(200, { data: { id: '77', associated_metadata: {} } }),
      answer(201, tweetAnswer('1', 'Photo')),
    );
    const media = [{ kind: 'image' as const, url: JPG, altText: 'A loaf' }];
    await sentBefore.adapter.publish(
      request([{ text: 'Photo', media }], { progress: { tweetIds: [], uploads: [{ id: '77', ready: true }] } }),
    );
    expect(sentBefore.http.requests.map((sent) => sent.url)).toEqual([`${API}/2/media/metadata`, `${API}/2/tweets`]);

    const recorded = adapterWith(answer(201, tweetAnswer('1', 'Photo')));
    await recorded.adapter.publish(
      request([{ text: 'Photo', media }], {
        progress: { tweetIds: [], uploads: [{ id: '77', ready: true, altTextSent: true }] },
      }),
    );
    expect(recorded.http.requests.map((sent) => sent.url)).toEqual([`${API}/2/tweets`]);
  });

  it("does not send a video's alt text (X takes it on images and GIFs only)", async () => {
    const { adapter, http } = adapterWith(answer(201, tweetAnswer('1', 'Clip')));
    await adapter.publish(
      request([{ text: 'Clip', media: [{ kind: 'video', url: 'https://c.example/clip.mp4', altText: 'Dough' }] }], {
        progress: { tweetIds: [], uploads: [{ id: '90', ready: true }] },
      }),
    );
    expect(http.requests).toEqual([tweet({ text: 'Clip', media: { media_ids: ['90'] } })]);
  });

  it('when resuming with nothing found, posts once', async () => {
    const { adapter, http } = adapterWith(answer(200, timelineAnswer()), answer(201, tweetAnswer('1', 'One')));
    await expect(adapter.publish(request([part('One')], { resuming: true }))).resolves.toMatchObject({
      platformPostId: '1',
    });
    expect(http.requests).toEqual([timeline, tweet({ text: 'One' })]);
  });

  it('uploads an image (multipart, tweet_image), checkpoints it, then tweets with its media id', async () => {
    const { adapter, http } = adapterWith(
      answer(200, { data: { id: '77', media_key: '3_77' } }),
      answer(201, tweetAnswer('1', 'Photo')),
    );
    const delivery = request([part('Photo', ['image', JPG])]);
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ platformPostId: '1' });
    expect(http.downloads).toEqual([JPG]);
    expect(http.requests[0]).toMatchObject({
      method: 'POST',
      url: expect.stringMatching(/\/2\/media\/upload$/),
      multipart: { media: { contentType: 'image/jpeg' }, media_category: 'tweet_image' },
    });
    // X's one-request schema (MediaUploadRequest) has no media_type and refuses extra properties.
    expect(Object.keys(http.requests[0]!.multipart ?? {}).sort()).toEqual(['media', 'media_category']);
    expect(http.requests[1]).toMatchObject({ json: { text: 'Photo', media: { media_ids: ['77'] } } });
    expect(delivery.checkpoints[0]).toMatchObject({ uploads: [{ id: '77', key: '3_77', ready: true }] });
  });

  it('when resuming a tweet of media alone, adopts the tweet carrying the uploaded medium', async () => {
    const { adapter, http } = adapterWith(
      answer(
        200,
        timelineAnswer(
          { id: '9', text: 'https://t.co/other', attachments: { media_keys: ['3_66'] } },
          { id: '8', text: 'https://t.co/pic', attachments: { media_keys: ['3_77'] } },
        ),
      ),
    );
    const progress = { tweetIds: [], uploads: [{ id: '77', key: '3_77', ready: true }] };
    const delivery = request([part('', ['image', JPG])], { progress, resuming: true });
    await expect(adapter.publish(delivery)).resolves.toEqual({
      kind: 'published',
      platformPostId: '8',
      permalink: 'https://x.com/bakeryonmain/status/8',
      progress: { tweetIds: ['8'], uploads: [] },
    });
    expect(http.requests).toEqual([timeline]);
    expect(http.downloads).toEqual([]);
  });

  it('when resuming a reply with media, adopts by the medium, not by a tweet with the same text', async () => {
    const { adapter, http } = adapterWith(
      answer(
        200,
        timelineAnswer(
          { id: '9', text: 'Two', referenced_posts: [{ type: 'replied_to', id: '1' }] },
          {
            id: '8',
            text: 'Two https://t.co/pic',
            referenced_posts: [{ type: 'replied_to', id: '1' }],
            attachments: { media_keys: ['3_77'] },
          },
        ),
      ),
    );
    const progress = { tweetIds: ['1'], uploads: [{ id: '77', key: '3_77', ready: true }] };
    await expect(
      adapter.publish(request([part('One'), part('Two', ['image', JPG])], { progress, resuming: true })),
    ).resolves.toMatchObject({ platformPostId: '1' });
    expect(http.requests).toEqual([timeline]);
  });

  it('when resuming a tweet of media alone that was not posted, posts it once', async () => {
    const { adapter, http } = adapterWith(
      answer(200, timelineAnswer({ id: '9', text: 'https://t.co/other', attachments: { media_keys: ['3_66'] } })),
      answer(201, tweetAnswer('10', '')),
    );
    const progress = { tweetIds: [], uploads: [{ id: '77', key: '3_77', ready: true }] };
    await expect(
      adapter.publish(request([part('', ['image', JPG])], { progress, resuming: true })),
    ).resolves.toMatchObject({ platformPostId: '10' });
    expect(http.requests).toEqual([timeline, tweet({ text: '', media: { media_ids: ['77'] } })]);
  });

  it("initializes with the type the bytes tell, not the origin's octet-stream, and refuses a medium of no known type", async () => {
    const MOV = Buffer.from('\0\0\0\x14ftypqt  \0\0\0\0', 'latin1');
    class OctetStreamOrigin extends RecordingHttp {
      override async download(url: string) {
        this.downloads.push(url);
        return {
          status: 200,
          bytes: url.includes('clip') ? MOV : Buffer.from('????'),
          contentType: 'application/octet-stream',
        };
      }
    }
    const http = new OctetStreamOrigin(answer(200, { data: { id: '90', media_key: '7_90' } }));
    const adapter = new XAdapter(settings, http);
    await expect(adapter.publish(request([part('', ['video', 'https://c.example/clip.mov?sig=1'])]))).rejects.toThrow(
      'Unexpected request',
    );
    expect(http.requests[0]).toMatchObject({
      url: `${API}/2/media/upload/initialize`,
      json: { media_type: 'video/quicktime', total_bytes: MOV.length, media_category: 'tweet_video' },
    });

    const unknown = new XAdapter(settings, new OctetStreamOrigin());
    await expect(unknown.publish(request([part('', ['video', 'https://c.example/file'])]))).rejects.toMatchObject({
      kind: 'permanent',
      details: { code: 'media_type_unknown' },
    });
  });

  it('keeps the media key of a chunked upload from its initialize answer', async () => {
    const { adapter } = adapterWith(
      answer(200, { data: { id: '90', media_key: '7_90' } }),
      answer(200, {}),
      answer(200, {
        data: { id: '90', media_key: '7_90', processing_info: { state: 'pending', check_after_secs: 1 } },
      }),
      answer(200, mediaStatusAnswer('90', 'in_progress')),
    );
    const delivery = request([part('', ['video', 'https://c.example/clip.mp4'])]);
    await expect(adapter.publish(delivery)).resolves.toMatchObject({ kind: 'poll' });
    expect(delivery.checkpoints[0]).toMatchObject({ uploads: [{ id: '90', key: '7_90', ready: false }] });
  });

  it('does not upload again a medium a cut-off attempt already uploaded', async () => {
    const { adapter, http } = adapterWith(answer(201, tweetAnswer('1', 'Photo')));
    const delivery = request([part('Photo', ['image', JPG])], {
      progress: { tweetIds: [], uploads: [{ id: '77', ready: true }] },
    });
    await adapter.publish(delivery);
    expect(http.downloads).toEqual([]);
    expect(http.requests).toHaveLength(1);
  });

  it('polls a video still processing, then tweets it once X is done', async () => {
    const progress = { tweetIds: [], uploads: [{ id: '90', ready: false }], uploadedAt: NOW.toISOString() };
    const parts = [part('Clip', ['video', 'https://c.example/clip.mp4'])];
    const first = adapterWith(answer(200, mediaStatusAnswer('90', 'in_progress', 10)));
    await expect(first.adapter.publish(request(parts, { progress }))).resolves.toEqual({
      kind: 'poll',
      at: new Date(NOW.getTime() + 10_000),
      progress,
    });
    expect(first.http.requests).toEqual([mediaStatus('90')]);

    const second = adapterWith(
      answer(200, mediaStatusAnswer('90', 'succeeded')),
      answer(201, tweetAnswer('1', 'Clip')),
    );
    const delivery = request(parts, { progress });
    await expect(second.adapter.publish(delivery)).resolves.toMatchObject({ platformPostId: '1' });
    expect(second.http.requests).toEqual([mediaStatus('90'), tweet({ text: 'Clip', media: { media_ids: ['90'] } })]);
    expect(delivery.checkpoints).toEqual([{ ...progress, uploads: [{ id: '90', ready: true }] }]);
  });

  it("fails permanently when X could not process a medium, and forgets the part's uploads for a retry", async () => {
    const { adapter } = adapterWith(answer(200, mediaStatusAnswer('90', 'failed')));
    const delivery = request([part('Clip', ['video', 'https://c.example/clip.mp4'])], {
      progress: { tweetIds: [], uploads: [{ id: '90', ready: false }], uploadedAt: '2026-03-01T12:00:00.000Z' },
    });
    await expect(adapter.publish(delivery)).rejects.toMatchObject({
      kind: 'permanent',
      message: 'X could not process the medium: Unsupported video format',
    });
    expect(delivery.checkpoints).toEqual([{ tweetIds: [], uploads: [] }]);
  });

  it('classifies an expired token and a rate limit without repeating the token', async () => {
    const { adapter } = adapterWith(
      answer(401, unauthorizedProblem),
      answer(429, tooManyRequests, { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': '1772367300' }),
    );
    const expired = adapter.publish(request([part('One')]));
    await expect(expired).rejects.toMatchObject({ kind: 'auth_expired', details: { status: 401 } });
    await expired.catch((error: NetworkError) => expect(error.message).not.toContain(X_ACCESS_TOKEN));
    await expect(adapter.publish(request([part('One')]))).rejects.toMatchObject({
      kind: 'rate_limited',
      details: { retryAt: new Date(1772367300 * 1000) },
    });
  });

  it('compares tweet texts without links and entities', () => {
    expect(comparableTweetText('Hi &lt;3 https://t.co/x1  there https://t.co/y2')).toBe('Hi <3 there');
    expect(comparableTweetText('https://bakery.example')).toBe('');
    expect(comparableTweetText('Menu: bakery.com/menu')).toBe('Menu:');
  });
});
