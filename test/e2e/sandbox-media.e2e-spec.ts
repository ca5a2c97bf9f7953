import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { startMediaServer } from '../support/media-server';
import { createPost, settledPost } from '../support/posts';
import {
  App,
  connectWorldAccount,
  newEncryptionKey,
  startSandboxInstance,
  testWorldOf,
} from '../support/sandbox-worlds';
import { TestCustomer } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { PostView } from '../../src/posts/dto/post.view';

const TENANT = 'tenant-sandbox-media';
const REDIRECT = 'https://app.example.com/connected';

/**
 * The sandbox fetches media URLs as the networks do (issue 24, "The sandbox behaves like the
 * networks"): Instagram and Facebook download the URL they are handed, and a URL answering 404
 * fails the delivery with the network's own error, under the code media_unavailable.
 */
describe('Sandbox media URLs are fetched as the networks fetch them', () => {
  let db: TestDatabase;
  let t: App;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let world: TestCustomer;
  let otherWorld: TestCustomer;
  const accounts = {} as Record<'facebook' | 'instagram' | 'x', string>;

  const publish = async (accountId: string, url?: string, content = 'A picture'): Promise<PostView> => {
    const accepted = await createPost(t, world, {
      tenant_id: TENANT,
      accounts: [accountId],
      containers: [{ content, ...(url ? { media: [{ url }] } : {}) }],
    });
    expect(accepted.status).toBe(202);
    return settledPost(t, world, accepted.body.data.id);
  };
  const outcome = (post: PostView) => ({
    status: post.status,
    code: post.deliveries[0]?.error?.code,
    message: post.deliveries[0]?.error?.message,
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    media = await startMediaServer();
    t = await startSandboxInstance(db.url, newEncryptionKey());
    const customer = await t.createCustomer('media-fetch');
    await t.app.get(RedirectUrlsService).add(customer.id, REDIRECT);
    world = await testWorldOf(t, customer);
    const other = await t.createCustomer('media-fetch-other');
    otherWorld = await testWorldOf(t, other);
    for (const network of ['facebook', 'instagram', 'x'] as const)
      accounts[network] = (await connectWorldAccount(t, world, network, TENANT, REDIRECT)).id;
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.db.drop();
    await media?.close();
    await db?.drop();
  });

  it('instagram: an image URL answering 404 fails with 9004 / 2207052, as media_unavailable', async () => {
    const post = await publish(accounts.instagram, media.url('missing-photo.jpg'));
    expect(outcome(post)).toEqual({
      status: 'failed',
      code: 'media_unavailable',
      message: expect.stringMatching(/Media download has failed.*code 9004, subcode 2207052/),
    });
  });

  it('instagram: a video URL answering 404 makes a container that ends in ERROR, as media_unavailable', async () => {
    const post = await publish(accounts.instagram, media.url('missing-clip.mp4'));
    expect(outcome(post)).toEqual({
      status: 'failed',
      code: 'media_unavailable',
      message: expect.stringMatching(/Media download has failed.*2207052/),
    });
  });

  it('instagram: a carousel whose video item answers 404 ends in ERROR naming the download, as media_unavailable', async () => {
    const accepted = await createPost(t, world, {
      tenant_id: TENANT,
      accounts: [accounts.instagram],
      containers: [
        { content: 'Two', media: [{ url: media.url('photo.jpg') }, { url: media.url('missing-clip.mp4') }] },
      ],
    });
    expect(accepted.status).toBe(202);
    expect(outcome(await settledPost(t, world, accepted.body.data.id))).toEqual({
      status: 'failed',
      code: 'media_unavailable',
      message: expect.stringMatching(/Media download has failed.*2207052/),
    });
  });

  it('facebook: a photo URL answering 404 fails with 324, as media_unavailable', async () => {
    const post = await publish(accounts.facebook, media.url('missing-photo.jpg'));
    expect(outcome(post)).toEqual({
      status: 'failed',
      code: 'media_unavailable',
      message: expect.stringMatching(/Missing or invalid image file.*code 324/),
    });
  });

  it.each([
    ['x', 'missing-photo.jpg'],
    ['facebook', 'missing-clip.mp4'],
  ] as const)(
    '%s: a URL the service downloads (%s) answering 404 fails as media_unavailable',
    async (network, file) => {
      const post = await publish(accounts[network], media.url(file));
      expect(outcome(post)).toEqual({
        status: 'failed',
        code: 'media_unavailable',
        message: expect.stringMatching(/could not be downloaded \(HTTP 404\)/),
      });
    },
  );

  it.each(['instagram', 'facebook'] as const)('%s: a served image is published', async (network) => {
    const post = await publish(accounts[network], media.url('photo.jpg'));
    expect(outcome(post)).toEqual({ status: 'published', code: undefined, message: undefined });
  });

  describe("permalinks point at the emulator's own page of the post", () => {
    const page = async (url: string) => {
      const answer = await fetch(url);
      return { status: answer.status, type: answer.headers.get('content-type'), html: await answer.text() };
    };

    it.each([
      ['x', 'X', undefined],
      ['facebook', 'Facebook', undefined],
      ['instagram', 'Instagram', 'photo.jpg'],
    ] as const)('%s: the permalink answers 200 with the post at PUBLIC_URL/emulator', async (network, title, file) => {
      const text = `Fresh bread on ${network} <b>today</b>`;
      const post = await publish(accounts[network], file ? media.url(file) : undefined, text);
      expect(post.status).toBe('published');
      const permalink = post.deliveries[0]!.permalink!;
      expect(permalink.startsWith(`${t.baseUrl}/emulator/${network}/`)).toBe(true);
      expect(new URL(permalink).searchParams.get('world')).toBe(`sandbox_${world.id}`);
      const shown = await page(permalink);
      expect({ status: shown.status, type: shown.type }).toEqual({ status: 200, type: 'text/html; charset=utf-8' });
      expect(shown.html).toContain('Fresh bread on ' + network + ' &lt;b&gt;today&lt;/b&gt;');
      expect(shown.html).toContain(`${title} (emulated)`);
      if (file) expect(shown.html).toContain(media.url(file));

      // Another world, or no such world, or no such post: the network's own not-found page, the same for all.
      const elsewhere = new URL(permalink);
      elsewhere.searchParams.set('world', `sandbox_${otherWorld.id}`);
      const nowhere = new URL(permalink);
      nowhere.searchParams.set('world', 'sandbox_cus_NoSuchWorld0000');
      const unknown =
        network === 'instagram'
          ? permalink.replace(/\/p\/[^/]+\//, '/p/AAAAAAAAAAA/')
          : permalink.replace(/\d{6}(?=[/?]|$)/, '000000');
      expect(unknown).not.toBe(permalink);
      const answers = await Promise.all([elsewhere.toString(), nowhere.toString(), unknown].map(page));
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
      expect(new Set(answers.map((answer) => answer.html)).size).toBe(1);
      expect(answers[0]!.html).not.toContain('Fresh bread');
    });
  });
});
