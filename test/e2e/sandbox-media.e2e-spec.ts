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
  const accounts = {} as Record<'facebook' | 'instagram', string>;

  const publish = async (accountId: string, url: string): Promise<PostView> => {
    const accepted = await createPost(t, world, {
      tenant_id: TENANT,
      accounts: [accountId],
      containers: [{ content: 'A picture', media: [{ url }] }],
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
    for (const network of ['facebook', 'instagram'] as const)
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

  it('facebook: a photo URL answering 404 fails with 324, as media_unavailable', async () => {
    const post = await publish(accounts.facebook, media.url('missing-photo.jpg'));
    expect(outcome(post)).toEqual({
      status: 'failed',
      code: 'media_unavailable',
      message: expect.stringMatching(/Missing or invalid image file.*code 324/),
    });
  });

  it.each(['instagram', 'facebook'] as const)('%s: a served image is published', async (network) => {
    const post = await publish(accounts[network], media.url('photo.jpg'));
    expect(outcome(post)).toEqual({ status: 'published', code: undefined, message: undefined });
  });
});
