import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { AccountMetricsView, PostMetricsView } from '../../src/metrics/dto/metrics.views';
import { CommentRequestView, CommentView } from '../../src/comments/dto/comment.view';
import { MetricView } from '../../src/metrics/dto/metric.view';
import { PostView } from '../../src/posts/dto/post.view';
import { HARNESS_INSTALL_MS, installPdsHarness, RunningPds, startPds, xrpc } from '../support/bluesky-pds';
import { requestAuthUrl } from '../support/connect-flow';
import { freePort } from '../support/free-port';
import { createPost, settledPost } from '../support/posts';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { until } from '../support/until';

/**
 * What the service reads from Bluesky's appview, through its API, against a real PDS and a real
 * appview (@atproto/bsky, the harness's appview on a database of its own, indexing the PDS's
 * firehose): an account connected with an app password on the service's sign-in page, a post
 * published through the API, a second account liking, reposting, quoting and replying to it and
 * following the first. The post's and the account's metrics are then the appview's counts, and the
 * reply is a comment the service lists and answers.
 */
const TENANT = 'tenant-bluesky-pds-metrics';
const REDIRECT = 'https://app.example.com/connected';
const PASSWORD = 'account-password';

let appviewDb: TestDatabase;
let pds: RunningPds;
let t: TestApp;
let acme: TestCustomer;
let ada: PdsAccount;
let bob: PdsAccount;
let accountId: string;
/** The post published through the API, and the second account's reply to it. */
let post: PostView;
let subject: { uri: string; cid: string };
let bobsReply: { uri: string; cid: string };

interface PdsAccount {
  did: string;
  accessJwt: string;
}

async function createPdsAccount(handle: string): Promise<PdsAccount> {
  const created = await xrpc(pds.pdsUrl, 'com.atproto.server.createAccount', {
    body: { handle, email: `${handle}@example.com`, password: PASSWORD },
  });
  expect(created.status).toBe(200);
  return { did: String(created.body.did), accessJwt: String(created.body.accessJwt) };
}

/** A record in the test client's own repository (the second account's likes, reposts and posts). */
async function createRecord(
  as: PdsAccount,
  collection: string,
  record: Record<string, unknown>,
): Promise<{ uri: string; cid: string }> {
  const created = await xrpc(pds.pdsUrl, 'com.atproto.repo.createRecord', {
    body: { repo: as.did, collection, record: { $type: collection, createdAt: new Date().toISOString(), ...record } },
    token: as.accessJwt,
  });
  expect(created.status).toBe(200);
  return { uri: String(created.body.uri), cid: String(created.body.cid) };
}

/** Connects the PDS account through the service: auth URL, the service's app-password page, finalize. */
async function connectThroughService(handle: string, appPassword: string): Promise<string> {
  await t.app.get(RedirectUrlsService).add(acme.id, REDIRECT);
  const authUrl = await requestAuthUrl(t, acme.apiKey, { network: 'bluesky', tenantId: TENANT, redirectUri: REDIRECT });
  expect(authUrl.status).toBe(200);
  const page = String(authUrl.body.data.auth_url);
  expect(new URL(page).pathname).toMatch(/\/sign-in$/);
  const signedIn = await fetch(page, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      state: new URL(page).searchParams.get('state')!,
      identifier: handle,
      password: appPassword,
    }).toString(),
  });
  expect(signedIn.status).toBe(302);
  const session = new URL(signedIn.headers.get('location')!).searchParams.get('session');
  expect(session).toBeTruthy();
  const auth = (call: request.Test) => call.set('Authorization', `Bearer ${acme.apiKey}`);
  const pending = await auth(request(t.server).get(`/api/v1/social-accounts/pending/${session}`));
  const [page0] = pending.body.data.availablePages as Array<{ id: string }>;
  const finalized = await auth(
    request(t.server)
      .post(`/api/v1/social-accounts/pending/${session}/finalize`)
      .send({ selectedPageIds: [page0!.id] }),
  );
  expect(finalized.status).toBe(200);
  return String(finalized.body.data[0].id);
}

const valuesOf = (metrics: MetricView[]) => Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));

beforeAll(async () => {
  installPdsHarness();
  appviewDb = await createTestDatabase();
  pds = await startPds({ appviewDatabaseUrl: appviewDb.url });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Bluesky live (no emulator) at the harness's PDS, whose addresses are private (loopback, http).
  t = await startTestApp({
    env: {
      PUBLIC_URL: baseUrl,
      NETWORK_EMULATOR: 'off',
      BLUESKY_SERVICE_URL: pds.pdsUrl,
      BLUESKY_PLC_URL: pds.plcUrl,
      ALLOW_PRIVATE_URLS: 'true',
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  acme = await t.createCustomer('acme');
  ada = await createPdsAccount('ada.test');
  bob = await createPdsAccount('bob.test');
  const appPassword = await xrpc(pds.pdsUrl, 'com.atproto.server.createAppPassword', {
    body: { name: 'social-publishing' },
    token: ada.accessJwt,
  });
  accountId = await connectThroughService('ada.test', String(appPassword.body.password));

  const accepted = await createPost(t, acme, {
    tenant_id: TENANT,
    accounts: [accountId],
    containers: [{ content: 'counted by a real appview' }],
  });
  expect(accepted.status).toBe(202);
  post = await settledPost(t, acme, accepted.body.data.id);
  expect(post.status).toBe('published');
  const uri = post.deliveries[0]!.platformPostId!;
  const [, , repo, collection, rkey] = uri.split('/');
  const stored = await xrpc(pds.pdsUrl, 'com.atproto.repo.getRecord', {
    query: { repo: repo!, collection: collection!, rkey: rkey! },
  });
  subject = { uri, cid: String(stored.body.cid) };

  await createRecord(bob, 'app.bsky.feed.like', { subject });
  await createRecord(bob, 'app.bsky.feed.repost', { subject });
  bobsReply = await createRecord(bob, 'app.bsky.feed.post', {
    text: 'a reply',
    reply: { root: subject, parent: subject },
  });
  await createRecord(bob, 'app.bsky.feed.post', {
    text: 'a quote',
    embed: { $type: 'app.bsky.embed.record', record: subject },
  });
  await createRecord(bob, 'app.bsky.graph.follow', { subject: ada.did });

  // The appview indexes the firehose in the background: its own counts, asked of it directly,
  // say when it has everything (the service's first read is then the one asserted).
  await until(
    'the appview to index the likes, reposts, replies, quotes and follow',
    async () => {
      const views = await xrpc(pds.appviewUrl!, 'app.bsky.feed.getPosts', { query: { uris: uri } });
      const profile = await xrpc(pds.appviewUrl!, 'app.bsky.actor.getProfile', { query: { actor: ada.did } });
      const [view] = (views.body.posts ?? []) as Array<Record<string, unknown>>;
      return (
        view?.likeCount === 1 &&
        view.repostCount === 1 &&
        view.replyCount === 1 &&
        view.quoteCount === 1 &&
        profile.body.followersCount === 1
      );
    },
    15_000,
    100,
  );
}, HARNESS_INSTALL_MS);

afterAll(async () => {
  await t?.close();
  await pds?.stop();
  await appviewDb?.drop();
});

const get = (path: string) => request(t.server).get(`/api/v1${path}`).set('Authorization', `Bearer ${acme.apiKey}`);

describe('Bluesky through the service, against a real PDS and appview', () => {
  it("reads the appview's counts of a post (likes, reposts, quotes, replies) and of the account (followers, posts)", async () => {
    const postMetrics = await get(`/posts/${post.id}/metrics`);
    expect(postMetrics.status).toBe(200);
    const [delivery] = (postMetrics.body.data as PostMetricsView).deliveries;
    expect(delivery).toMatchObject({ platform: 'bluesky', platformPostId: subject.uri, refreshError: null });
    expect(valuesOf(delivery!.metrics)).toEqual({ likes: 1, shares: 1, comments: 1, quotes: 1 });

    const accountMetrics = await get(`/social-accounts/${accountId}/metrics`);
    expect(accountMetrics.status).toBe(200);
    const account = accountMetrics.body.data as AccountMetricsView;
    expect(account).toMatchObject({ accountId, platform: 'bluesky', refreshError: null });
    expect(valuesOf(account.metrics)).toEqual({ followers: 1, following: 0, posts: 1 });
  });

  it("lists the second account's reply as a comment, answers it as the account, then lists both", async () => {
    const deliveryId = post.deliveries[0]!.id;
    const comments = async () => {
      const listed = await get(`/posts/${post.id}/comments`).query({ deliveryId });
      expect(listed.status).toBe(200);
      return listed.body.data as CommentView[];
    };
    expect(await comments()).toEqual([
      expect.objectContaining({
        id: bobsReply.uri,
        text: 'a reply',
        authorId: bob.did,
        authorName: 'bob.test',
        replyToId: null,
        own: false,
      }),
    ]);

    const accepted = await request(t.server)
      .post(`/api/v1/posts/${post.id}/comments`)
      .set('Authorization', `Bearer ${acme.apiKey}`)
      .send({ deliveryId, text: 'thank you', replyToId: bobsReply.uri });
    expect(accepted.status).toBe(202);
    const sent = await until('the answer to be sent', async () => {
      const now = (await get(`/posts/${post.id}/comment-requests/${accepted.body.data.id}`)).body
        .data as CommentRequestView;
      return now.status !== 'queued' && now.status !== 'sending' && now;
    });
    expect(sent).toMatchObject({ status: 'sent', platformCommentId: expect.stringMatching(/^at:\/\//) });
    // On the PDS: the account's reply, its parent the comment, its root the post.
    const [, , repo, collection, rkey] = sent.platformCommentId!.split('/');
    const answer = await xrpc(pds.pdsUrl, 'com.atproto.repo.getRecord', {
      query: { repo: repo!, collection: collection!, rkey: rkey! },
    });
    expect(repo).toBe(ada.did);
    expect(answer.body.value).toMatchObject({ text: 'thank you', reply: { root: subject, parent: bobsReply } });
    // Once the appview has it, the answer is listed as the account's own, under the comment.
    const both = await until('the appview to list the answer', async () => {
      const now = await comments();
      return now.length === 2 && now;
    });
    expect(both).toEqual([
      expect.objectContaining({ id: sent.platformCommentId, replyToId: bobsReply.uri, own: true }),
      expect.objectContaining({ id: bobsReply.uri, own: false }),
    ]);
  });
});
