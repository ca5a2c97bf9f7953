import request from 'supertest';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { PostView } from '../../src/posts/dto/post.view';
import { connectAccount, ConnectedAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import { createPost, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';

/**
 * Issue 25's Instagram options, end to end: the real API, worker and database, and the emulator's
 * Instagram Graph over HTTP, whose record (control API) shows what Instagram was sent.
 */

const TENANT = 'tenant-instagram-options';

describe('Options per network: Instagram (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let instagram: ConnectedAccount;
  let x: ConnectedAccount;

  const published = async (network: string): Promise<PublishedItem[]> =>
    (
      (await (await fetch(`${t.baseUrl}/emulator/control/published?network=${network}`)).json()) as {
        data: PublishedItem[];
      }
    ).data;
  const medium = async (postId: string) => (await published('instagram')).find((item) => item.postId === postId);
  const publish = async (body: Record<string, unknown>) => {
    const accepted = await createPost(t, customer, { tenant_id: TENANT, ...body });
    expect(accepted.status).toBe(202);
    const post = await settledPost(t, customer, (accepted.body.data as PostView).id);
    expect(post.deliveries.map((delivery) => [delivery.status, delivery.error])).toEqual([['published', null]]);
    return post.deliveries[0]!;
  };
  const validate = (body: Record<string, unknown>) =>
    request(t.server)
      .post('/api/v1/posts/validate')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({ tenant_id: TENANT, ...body });

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true', INSTAGRAM_VIDEO_POLL_MS: '1000' } });
    customer = await t.createCustomer();
    instagram = await connectAccount(t, customer, 'instagram', TENANT, { freshUser: true });
    x = await connectAccount(t, customer, 'x', TENANT, { freshUser: true });
  });
  afterAll(async () => {
    await t?.close();
    await media?.close();
  });

  it('publishes a feed image with alt text, collaborators, user tags and a location, all recorded', async () => {
    const options = {
      collaborators: ['miller', 'bakery.friend'],
      userTags: [{ mediaIndex: 0, username: 'baker', x: 0.25, y: 0.75 }],
      locationId: '110843418940484',
    };
    const delivery = await publish({
      accounts: [instagram.id],
      containers: [{ content: 'Fresh bread', media: [{ url: media.url('loaf.jpg'), altText: 'A loaf on a board' }] }],
      options: { instagram: options },
    });
    expect(delivery.options).toEqual(options);
    expect(await medium(delivery.platformPostId!)).toMatchObject({
      text: 'Fresh bread',
      instagram: { productType: 'FEED', collaborators: ['miller', 'bakery.friend'], locationId: '110843418940484' },
      media: [
        {
          type: 'image',
          url: media.url('loaf.jpg'),
          altText: 'A loaf on a board',
          userTags: [{ username: 'baker', x: 0.25, y: 0.75 }],
        },
      ],
    });
  });

  it('publishes an image story, without its text (a warning from validate)', async () => {
    const body = {
      accounts: [instagram.id],
      containers: [{ content: 'Today only', media: [{ url: media.url('story.jpg') }] }],
      options: { instagram: { placement: 'story', userTags: [{ mediaIndex: 0, username: 'baker' }] } },
    };
    const verdict = (await validate(body)).body.data as { valid: boolean; warnings: { field: string; rule: string }[] };
    expect(verdict.valid).toBe(true);
    expect(verdict.warnings.map(({ field, rule }) => ({ field, rule }))).toEqual([
      { field: 'containers[0].content', rule: 'text_not_sent' },
    ]);
    const delivery = await publish(body);
    const story = await medium(delivery.platformPostId!);
    expect(story).toMatchObject({
      instagram: { productType: 'STORY' },
      media: [{ type: 'image', url: media.url('story.jpg'), userTags: [{ username: 'baker' }] }],
    });
    expect(story?.text ?? '').toBe('');
  });

  it('publishes a reel with a cover and shareToFeed false', async () => {
    const delivery = await publish({
      accounts: [instagram.id],
      containers: [{ content: 'Kneading, in one minute', media: [{ url: media.url('knead.mp4') }] }],
      options: { instagram: { placement: 'reel', coverUrl: media.url('cover.jpg'), shareToFeed: false } },
    });
    expect(await medium(delivery.platformPostId!)).toMatchObject({
      text: 'Kneading, in one minute',
      instagram: { productType: 'REELS', coverUrl: media.url('cover.jpg'), shareToFeed: false },
      media: [{ type: 'video', url: media.url('knead.mp4') }],
    });
  });

  it('warns, through validate, that alt text on a reel is not sent', async () => {
    const verdict = await validate({
      accounts: [instagram.id],
      containers: [{ content: 'Reel', media: [{ url: media.url('clip.mp4'), altText: 'Hands kneading dough' }] }],
      options: { instagram: { placement: 'reel' } },
    });
    const data = verdict.body.data as { valid: boolean; warnings: { field: string; rule: string }[] };
    expect(data.valid).toBe(true);
    expect(data.warnings.map(({ field, rule }) => ({ field, rule }))).toEqual([
      { field: 'containers[0].media[0].altText', rule: 'alt_text_not_sent' },
    ]);
  });

  describe('refusals: a 422 naming the exact path, from validate and from POST /posts, nothing published', () => {
    const photo = (count = 1) => [
      { content: 'Look', media: Array.from({ length: count }, (_, i) => ({ url: media.url(`p${i}.jpg`) })) },
    ];
    const clip = (count = 1) => [
      { content: 'Watch', media: Array.from({ length: count }, (_, i) => ({ url: media.url(`v${i}.mp4`) })) },
    ];
    const ig = (options: Record<string, unknown>, containers: unknown[] = photo()) => ({
      accounts: [instagram.id],
      containers,
      options: { instagram: options },
    });
    const cases: Array<[string, () => Record<string, unknown>, string]> = [
      [
        'a story without a medium',
        () => ig({ placement: 'story' }, [{ content: 'Words only' }]),
        'containers[0].media',
      ],
      ['a story of two media', () => ig({ placement: 'story' }, photo(2)), 'containers[0].media'],
      ['a reel combined with a carousel', () => ig({ placement: 'reel' }, clip(2)), 'containers[0].media'],
      ['a reel of an image', () => ig({ placement: 'reel' }), 'containers[0].media[0]'],
      [
        'more than 3 collaborators',
        () => ig({ collaborators: ['a1', 'b2', 'c3', 'd4'] }),
        'options.instagram.collaborators',
      ],
      [
        'collaborators on a story',
        () => ig({ placement: 'story', collaborators: ['a1'] }),
        'options.instagram.collaborators',
      ],
      [
        'a tag on a media index that does not exist',
        () => ig({ userTags: [{ mediaIndex: 1, username: 'baker', x: 0.5, y: 0.5 }] }),
        'options.instagram.userTags[0].mediaIndex',
      ],
      [
        'a tag outside 0 to 1',
        () => ig({ userTags: [{ mediaIndex: 0, username: 'baker', x: 1.2, y: 0.5 }] }),
        'options.instagram.userTags[0].x',
      ],
      [
        'a tag on an image without x',
        () => ig({ userTags: [{ mediaIndex: 0, username: 'baker', y: 0.5 }] }),
        'options.instagram.userTags[0].x',
      ],
      ['a reel option on a feed post', () => ig({ shareToFeed: false }, clip()), 'options.instagram.shareToFeed'],
      ['a location on a story', () => ig({ placement: 'story', locationId: '42' }), 'options.instagram.locationId'],
      [
        'a trial reel graduation Instagram does not know',
        () => ig({ placement: 'reel', trialReel: { graduation: 'auto' } }, clip()),
        'options.instagram.trialReel.graduation',
      ],
      [
        'a cover and a thumbnail offset together',
        () => ig({ placement: 'reel', coverUrl: media.url('cover.jpg'), thumbOffsetMs: 1000 }, clip()),
        'options.instagram.thumbOffsetMs',
      ],
      ['a placement Instagram does not have', () => ig({ placement: 'highlight' }), 'options.instagram.placement'],
      [
        // Nothing is published in part: X's account is fine, Instagram's options are not.
        'a post to X and Instagram whose Instagram options fail',
        () => ({
          accounts: [x.id, instagram.id],
          containers: photo(),
          options: { instagram: { collaborators: ['a1', 'b2', 'c3', 'd4'] } },
        }),
        'options.instagram.collaborators',
      ],
      [
        "an account override's options",
        () => ({
          accounts: [instagram.id],
          containers: photo(),
          accountOverrides: [{ account: instagram.id, options: { placement: 'story', locationId: '42' } }],
        }),
        'accountOverrides[0].options.locationId',
      ],
    ];

    it.each(cases)('%s', async (_name, body, field) => {
      const before = [(await published('instagram')).length, (await published('x')).length];
      const verdict = await validate(body());
      expect(verdict.status).toBe(200);
      const data = verdict.body.data as {
        valid: boolean;
        problems: { field: string }[];
        accounts: { problems: { field: string }[] }[];
      };
      expect(data.valid).toBe(false);
      expect(
        [...data.problems, ...data.accounts.flatMap((account) => account.problems)].map((problem) => problem.field),
      ).toEqual([field]);
      const refused = await createPost(t, customer, { tenant_id: TENANT, ...body() });
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('unprocessable_content');
      expect(refused.body.error.details.map((detail: { field: string }) => detail.field)).toEqual([field]);
      expect([(await published('instagram')).length, (await published('x')).length]).toEqual(before);
    });
  });
});
