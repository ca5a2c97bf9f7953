import request from 'supertest';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { PostView } from '../../src/posts/dto/post.view';
import { UnpublishView } from '../../src/posts/unpublish/unpublish-outcome.view';
import { connectAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import { createPost, getPost, settledPost } from '../support/posts';
import { control } from '../support/sandbox-worlds';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const TENANT = 'tenant-unpublish-ig';

/**
 * POST /posts/:id/unpublish for Instagram, whose media can be deleted through Facebook Login only
 * (`DELETE /{ig-media-id}` on graph.facebook.com, with instagram_manage_contents): an instance with
 * INSTAGRAM_LOGIN=facebook deletes the medium (its thread's comments go with it), while one with
 * Instagram Login answers unpublish_not_supported and changes nothing. Every test has its own
 * emulator user.
 */
describe.each(['facebook', 'instagram'] as const)(
  'Unpublishing Instagram with INSTAGRAM_LOGIN=%s (against the emulator)',
  (login) => {
    let t: TestApp & { baseUrl: string };
    let customer: TestCustomer;
    let media: Awaited<ReturnType<typeof startMediaServer>>;

    const auth = () => ({ Authorization: `Bearer ${customer.apiKey}` });
    const published = async (networkAccountId: string): Promise<PublishedItem[]> =>
      (
        (await (await control(t, `/published?network=instagram&accountId=${networkAccountId}`)).json()) as {
          data: PublishedItem[];
        }
      ).data;
    const unpublish = (postId: string) => request(t.server).post(`/api/v1/posts/${postId}/unpublish`).set(auth());
    const deletedEvents = (postId: string) =>
      t.db.query<{ data: Record<string, unknown> }>(
        `SELECT data FROM events WHERE customer_id = $1 AND type = 'post.deleted' AND data->>'servicePostId' = $2`,
        [customer.id, postId],
      );
    const missingPermissions = async (accountId: string) => {
      const list = await request(t.server).get(`/api/v1/social-accounts?tenantId=${TENANT}`).set(auth());
      const accounts = list.body.data as Array<{ id: string; missingPermissions: Array<{ feature: string }> }>;
      return accounts.find((account) => account.id === accountId)!.missingPermissions;
    };
    const ownAccount = (decline?: string[]) =>
      connectAccount(t, customer, 'instagram', TENANT, { freshUser: true, decline });

    /** A published Instagram thread: an image with its caption, then a comment under it. */
    async function publishedThread(accountId: string, caption: string): Promise<PostView> {
      const accepted = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [accountId],
        containers: [{ content: caption, media: [{ url: media.url('photo.jpg') }] }, { content: 'And a comment' }],
      });
      expect(accepted.status).toBe(202);
      const post = await settledPost(t, customer, accepted.body.data.id);
      expect(post.status).toBe('published');
      return post;
    }

    beforeAll(async () => {
      media = await startMediaServer();
      t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true', INSTAGRAM_LOGIN: login } });
      customer = await t.createCustomer();
    });
    afterAll(async () => {
      await t?.close();
      await media?.close();
    });

    if (login === 'facebook') {
      it('deletes the medium and, with it, the comments of its thread; one post.deleted event', async () => {
        const account = await ownAccount();
        expect(await missingPermissions(account.id)).toEqual([]);
        const post = await publishedThread(account.id, 'Going away from Instagram');
        const [delivery] = post.deliveries;
        expect(await published(account.networkAccountId)).toHaveLength(2);

        const answer = await unpublish(post.id);
        expect(answer.status).toBe(202);
        expect((answer.body.data as UnpublishView).deliveries).toEqual([
          { deliveryId: delivery!.id, platform: 'instagram', outcome: 'deleting', error: null },
        ]);
        const deleted = await until(`post ${post.id} to be deleted`, async () => {
          const current = (await getPost(t, customer, post.id)).body.data as PostView;
          return current.status === 'deleted' ? current : undefined;
        });
        expect(deleted.deliveries[0]).toEqual(
          expect.objectContaining({ status: 'deleted', platformPostId: delivery!.platformPostId, error: null }),
        );
        const onNetwork = await published(account.networkAccountId);
        expect(onNetwork.map((item) => [item.postId === delivery!.platformPostId, typeof item.deletedAt])).toEqual([
          [true, 'string'],
          [false, 'string'],
        ]);
        expect((await deletedEvents(post.id)).map((row) => row.data)).toEqual([
          {
            servicePostId: post.id,
            deliveryId: delivery!.id,
            connectedAccountId: account.id,
            platform: 'instagram',
            platformPostId: delivery!.platformPostId,
          },
        ]);
      });

      it('without instagram_manage_contents: the account says so, and the delete is refused with unpublish_failed', async () => {
        const account = await ownAccount(['instagram_manage_contents']);
        expect(await missingPermissions(account.id)).toEqual([
          { feature: 'unpublish', permissions: ['instagram_manage_contents'] },
        ]);
        const post = await publishedThread(account.id, 'Instagram keeps this one');
        expect((await unpublish(post.id)).status).toBe(202);
        const refused = await until('the delete to be refused', async () => {
          const current = (await getPost(t, customer, post.id)).body.data as PostView;
          return current.deliveries[0]!.error ? current : undefined;
        });
        expect(refused.deliveries[0]).toEqual(
          expect.objectContaining({
            status: 'published',
            error: {
              code: 'unpublish_failed',
              message: expect.stringMatching(/instagram_manage_contents.*reconnect the account/),
            },
          }),
        );
        expect((await published(account.networkAccountId)).every((item) => item.deletedAt === undefined)).toBe(true);
        expect(await deletedEvents(post.id)).toHaveLength(0);
      });
    } else {
      it('answers unpublish_not_supported, queues nothing and changes nothing; deleting is no missing permission', async () => {
        const account = await ownAccount();
        expect(await missingPermissions(account.id)).toEqual([]);
        const post = await publishedThread(account.id, 'Instagram keeps this');
        const [delivery] = post.deliveries;
        const answer = await unpublish(post.id);
        expect(answer.status).toBe(202);
        const body = answer.body.data as UnpublishView;
        expect(body.deliveries).toEqual([
          {
            deliveryId: delivery!.id,
            platform: 'instagram',
            outcome: 'not_supported',
            error: { code: 'unpublish_not_supported', message: expect.any(String) },
          },
        ]);
        expect(body.post).toEqual(post);
        expect((await getPost(t, customer, post.id)).body.data).toEqual(post);
        const jobs = await t.db.query(`SELECT 1 FROM graphile_worker.jobs WHERE key = $1`, [
          `unpublish:${delivery!.id}`,
        ]);
        expect(jobs).toHaveLength(0);
        expect((await published(account.networkAccountId)).every((item) => item.deletedAt === undefined)).toBe(true);
        expect(await deletedEvents(post.id)).toHaveLength(0);
      });
    }
  },
);
