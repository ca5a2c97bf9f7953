import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { startMediaServer } from '../support/media-server';
import {
  App,
  connectWorldAccount,
  control,
  newEncryptionKey,
  publishTo,
  startSandboxInstance,
  testWorldOf,
} from '../support/sandbox-worlds';
import { capabilitiesOf, listedAuthorName } from '../support/network-cases';
import { TESTED_NETWORKS } from '../support/networks';
import { TestCustomer } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { until } from '../support/until';

const TENANT = 'tenant-sandbox-comments';
const REDIRECT = 'https://app.example.com/connected';

/**
 * Comments with a test key, on an instance that emulates nothing for live traffic: a reader's
 * comment added through the sandbox's control API is listed, and answered, in that sandbox.
 */
describe('Comments in a test world (NETWORK_EMULATOR=off)', () => {
  let db: TestDatabase;
  let a: App;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let acmeTest: TestCustomer;

  beforeAll(async () => {
    db = await createTestDatabase();
    media = await startMediaServer();
    a = await startSandboxInstance(db.url, newEncryptionKey());
    const acme = await a.createCustomer('acme');
    await a.app.get(RedirectUrlsService).add(acme.id, REDIRECT);
    acmeTest = await testWorldOf(a, acme);
  });
  afterAll(async () => {
    await a?.app.close();
    await a?.db.drop();
    await media?.close();
    await db?.drop();
  });

  // Every installed network whose capability document says it has comments.
  it.each(TESTED_NETWORKS)('%s: lists a sandbox reader’s comment and answers it', async (network) => {
    if (!(await capabilitiesOf(a, acmeTest.apiKey, network)).comments.supported) return;
    const account = await connectWorldAccount(a, acmeTest, network, TENANT, REDIRECT);
    const post = await publishTo(
      a,
      acmeTest,
      TENANT,
      network,
      account.id,
      `Sandbox post (${network})`,
      media.url('photo.jpg'),
    );
    expect(post.status).toBe('published');
    const delivery = post.deliveries[0]!;
    const added = await control(a, '/comments', {
      key: acmeTest.apiKey,
      method: 'POST',
      body: {
        network,
        parentId: delivery.platformPostId,
        text: 'Is this a test?',
        author: { username: 'sandbox_reader' },
      },
    });
    expect(added.status).toBe(201);
    const comment = ((await added.json()) as { data: { postId: string } }).data;
    const auth = { Authorization: `Bearer ${acmeTest.apiKey}` };

    const listed = await request(a.server)
      .get(`/api/v1/posts/${post.id}/comments`)
      .query({ deliveryId: delivery.id })
      .set(auth);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: comment.postId,
        text: 'Is this a test?',
        authorName: listedAuthorName(network, 'sandbox_reader'),
        own: false,
      }),
    ]);

    const accepted = await request(a.server)
      .post(`/api/v1/posts/${post.id}/comments`)
      .set(auth)
      .send({ deliveryId: delivery.id, text: `Yes (${network})`, replyToId: comment.postId });
    expect(accepted.status).toBe(202);
    const state = await until('the comment to be sent', async () => {
      const now = (
        await request(a.server).get(`/api/v1/posts/${post.id}/comment-requests/${accepted.body.data.id}`).set(auth)
      ).body.data as { status: string; platformCommentId: string | null };
      return now.status === 'sent' && now;
    });
    expect(state.status).toBe('sent');
    const published = (await (await control(a, `/published?network=${network}`, { key: acmeTest.apiKey })).json()) as {
      data: Array<{ postId: string; text: string }>;
    };
    expect(published.data.filter((item) => item.text === `Yes (${network})`).map((item) => item.postId)).toEqual([
      state.platformCommentId,
    ]);
  });
});
