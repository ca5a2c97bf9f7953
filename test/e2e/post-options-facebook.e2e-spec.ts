import request from 'supertest';
import { mp4 } from '../../src/media/mp4.testing';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { PostView } from '../../src/posts/dto/post.view';
import { connectAccount, ConnectedAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import { createPost, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';

/**
 * Issue 25's Facebook options, end to end: the real API, worker and database, and the emulator's
 * Graph and rupload hosts over HTTP, whose record (control API) shows what Facebook was sent.
 */

const TENANT = 'tenant-facebook-options';

type Problem = { field: string; rule: string };
type Verdict = { valid: boolean; problems: Problem[]; warnings: Problem[]; accounts: { problems: Problem[] }[] };

describe('Options per network: Facebook placements and links (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let page: ConnectedAccount;

  const published = async (): Promise<PublishedItem[]> =>
    (
      (await (await fetch(`${t.baseUrl}/emulator/control/published?network=facebook`)).json()) as {
        data: PublishedItem[];
      }
    ).data;
  const item = async (postId: string) => (await published()).find((entry) => entry.postId === postId);
  const publish = async (body: Record<string, unknown>) => {
    const accepted = await createPost(t, customer, { tenant_id: TENANT, accounts: [page.id], ...body });
    expect(accepted.status).toBe(202);
    const post = await settledPost(t, customer, (accepted.body.data as PostView).id);
    expect(post.deliveries[0]).toMatchObject({ status: 'published' });
    return post;
  };
  const validate = async (body: Record<string, unknown>): Promise<Verdict> => {
    const verdict = await request(t.server)
      .post('/api/v1/posts/validate')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({ tenant_id: TENANT, accounts: [page.id], ...body });
    expect(verdict.status).toBe(200);
    return verdict.body.data as Verdict;
  };
  /** Announces and uploads a file to the service; resolves to the medium's id. */
  const upload = async (bytes: Buffer, contentType: string): Promise<string> => {
    const created = await request(t.server)
      .post('/api/v1/media')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({ contentType, size: bytes.length, filename: 'file' });
    expect(created.status).toBe(201);
    const put = await fetch(created.body.data.uploadUrl as string, {
      method: 'PUT',
      body: bytes,
      headers: { 'Content-Type': contentType },
    });
    expect(put.status).toBe(200);
    return created.body.data.id as string;
  };

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    customer = await t.createCustomer();
    page = await connectAccount(t, customer, 'facebook', TENANT, { freshUser: true });
  });
  afterAll(async () => {
    await t?.close();
    await media?.close();
  });

  it('publishes a photo story (staged unpublished, then photo_stories), its text left out with a warning', async () => {
    const body = {
      containers: [{ content: 'Not shown on a story', media: [{ url: media.url('story.jpg') }] }],
      options: { facebook: { placement: 'story' } },
    };
    const verdict = await validate(body);
    expect(verdict.valid).toBe(true);
    expect(verdict.warnings.map(({ field, rule }) => ({ field, rule }))).toEqual([
      { field: 'containers[0].content', rule: 'text_not_sent' },
    ]);
    const post = await publish(body);
    expect(post.deliveries[0]!.options).toEqual({ placement: 'story' });
    expect(await item(post.deliveries[0]!.platformPostId!)).toMatchObject({
      text: '',
      media: [{ type: 'image', url: media.url('story.jpg') }],
      facebook: { placement: 'story' },
    });
    expect(post.deliveries[0]!.permalink).toEqual(expect.stringContaining(post.deliveries[0]!.platformPostId!));
  });

  it('publishes a reel of an uploaded video (START, its file by file_url on rupload, FINISH PUBLISHED)', async () => {
    const id = await upload(mp4(10), 'video/mp4');
    const post = await publish({
      containers: [{ content: 'Morning bake #bread', media: [{ id }] }],
      options: { facebook: { placement: 'reel' } },
    });
    const reel = await item(post.deliveries[0]!.platformPostId!);
    expect(reel).toMatchObject({
      text: 'Morning bake #bread',
      media: [{ type: 'video', id: post.deliveries[0]!.platformPostId }],
      facebook: { placement: 'reel' },
    });
    // Facebook fetched the service's own signed URL of the medium.
    expect(reel!.media[0]!.url).toEqual(expect.stringContaining(id));
  });

  it('publishes a video story of a URL', async () => {
    const post = await publish({
      containers: [{ content: '', media: [{ url: media.url('story.mp4') }] }],
      options: { facebook: { placement: 'story' } },
    });
    expect(await item(post.deliveries[0]!.platformPostId!)).toMatchObject({
      media: [{ type: 'video', url: media.url('story.mp4') }],
      facebook: { placement: 'story' },
    });
  });

  it('publishes a link post, recorded with its link, and a photo with its alt text', async () => {
    const link = await publish({
      containers: [{ content: 'Our new menu' }],
      options: { facebook: { link: 'https://bakery.example/menu' } },
    });
    expect(await item(link.deliveries[0]!.platformPostId!)).toMatchObject({
      text: 'Our new menu',
      facebook: { placement: 'feed', link: 'https://bakery.example/menu' },
    });
    const photo = await publish({
      containers: [{ content: 'Cake', media: [{ url: media.url('cake.jpg'), altText: 'A lemon cake' }] }],
    });
    expect(await item(photo.deliveries[0]!.platformPostId!)).toMatchObject({
      media: [{ type: 'image', url: media.url('cake.jpg'), altText: 'A lemon cake' }],
      facebook: { placement: 'feed' },
    });
  });

  describe('refusals: a 422 naming the exact path, from validate and from POST /posts, nothing published', () => {
    const photo = (name = 'a.jpg') => ({ url: media.url(name) });
    const cases: Array<[string, () => Record<string, unknown>, string]> = [
      [
        'a reel of a photo',
        () => ({ containers: [{ content: 'R', media: [photo()] }], options: { facebook: { placement: 'reel' } } }),
        // media_kind, as Instagram names it: the photo's format is fine, its kind is not a reel's.
        'containers[0].media[0]',
      ],
      [
        'a reel without media',
        () => ({ containers: [{ content: 'R' }], options: { facebook: { placement: 'reel' } } }),
        'containers[0].media',
      ],
      [
        'a story of text only',
        () => ({ containers: [{ content: 'Just words' }], options: { facebook: { placement: 'story' } } }),
        'containers[0].media',
      ],
      [
        'a story of two photos',
        () => ({
          containers: [{ content: '', media: [photo('a.jpg'), photo('b.jpg')] }],
          options: { facebook: { placement: 'story' } },
        }),
        'containers[0].media',
      ],
      [
        'a link with media',
        () => ({
          containers: [{ content: 'L', media: [photo()] }],
          options: { facebook: { link: 'https://bakery.example' } },
        }),
        'options.facebook.link',
      ],
      [
        'a link on a story',
        () => ({
          containers: [{ content: '', media: [photo()] }],
          options: { facebook: { placement: 'story', link: 'https://bakery.example' } },
        }),
        'options.facebook.link',
      ],
      [
        'a link that is no http(s) URL',
        () => ({ containers: [{ content: 'L' }], options: { facebook: { link: 'ftp://bakery.example' } } }),
        'options.facebook.link',
      ],
      [
        'an unknown placement',
        () => ({ containers: [{ content: 'P' }], options: { facebook: { placement: 'carousel' } } }),
        'options.facebook.placement',
      ],
      [
        "a network's containers holding a story's second medium",
        () => ({
          containers: [{ content: 'Fine' }],
          options: {
            facebook: { placement: 'story', containers: [{ content: '', media: [photo('a.jpg'), photo('b.jpg')] }] },
          },
        }),
        'options.facebook.containers[0].media',
      ],
      [
        "an override's reel without a video",
        () => ({
          containers: [{ content: 'Fine' }],
          accountOverrides: [{ account: page.id, options: { placement: 'reel' } }],
        }),
        'containers[0].media',
      ],
    ];

    it.each(cases)('%s', async (_name, body, field) => {
      const before = (await published()).length;
      const verdict = await validate(body());
      expect(verdict.valid).toBe(false);
      expect(
        [...verdict.problems, ...verdict.accounts.flatMap((account) => account.problems)].map(
          (problem) => problem.field,
        ),
      ).toEqual([field]);
      const refused = await createPost(t, customer, { tenant_id: TENANT, accounts: [page.id], ...body() });
      expect(refused.status).toBe(422);
      expect(refused.body.error.details.map((detail: { field: string }) => detail.field)).toEqual([field]);
      expect((await published()).length).toBe(before);
    });
  });
});
