import { randomUUID } from 'node:crypto';
import {
  ApiError,
  createClient,
  SocialPublishingClient,
  unwrap,
  verifyWebhook,
  WebhookEvent,
  WebhookEventOf,
  WebhookVerificationError,
} from '../../sdk/typescript/src';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { browse, startEmulatedApp } from '../support/connect-flow';
import { testWorldOf } from '../support/sandbox-worlds';
import { TestApp } from '../support/test-app';
import { until } from '../support/until';
import { Receipt, WebhookReceiver } from '../support/webhook-receiver';

const TENANT = 'tenant-sdk';
const REDIRECT = 'https://app.example.com/connected';
const SECRET = 'whsec-sdk-e2e-0123456789abcdef';

/**
 * The TypeScript SDK (sdk/typescript, from its source) against the real service: a test key
 * connects an emulated X profile, publishes and reads the post back through the typed client, and
 * the webhooks the service really sends verify with verifyWebhook, tampered ones not.
 */
describe('The TypeScript SDK against the running service', () => {
  let t: TestApp & { baseUrl: string };
  let receiver: WebhookReceiver;
  let client: SocialPublishingClient;
  const made = { accountId: '', postId: '' };

  beforeAll(async () => {
    receiver = await WebhookReceiver.started();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    const live = await t.createCustomer('sdk');
    await t.app.get(RedirectUrlsService).add(live.id, REDIRECT);
    const testKey = await testWorldOf(t, live);
    client = createClient({ baseUrl: t.baseUrl, apiKey: testKey.apiKey });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.down();
  });

  /** The first delivery of an event of this type that satisfies `about`, verified. */
  async function delivered<Type extends WebhookEvent['event']>(
    type: Type,
    about: (event: WebhookEventOf<Type>) => boolean,
  ): Promise<{ receipt: Receipt; event: WebhookEventOf<Type> }> {
    return until(`a ${type} webhook`, () => {
      for (const receipt of receiver.receipts) {
        const event = verifyWebhook(SECRET, receipt.headers, receipt.raw);
        if (isOfType(event, type) && about(event)) return { receipt, event };
      }
      return undefined;
    });
  }

  it('lists no accounts before any is connected, and sets the webhook', async () => {
    const accounts = await unwrap(client.GET('/api/v1/social-accounts', { params: { query: { tenantId: TENANT } } }));
    expect(accounts).toEqual([]);
    const webhook = await unwrap(
      client.PUT('/api/v1/webhooks', { body: { url: receiver.url, webhook_secret: SECRET } }),
    );
    expect(webhook).toEqual(expect.objectContaining({ url: receiver.url, secretLast4: SECRET.slice(-4) }));
  });

  it('connects an emulated X profile: auth URL, consent, pending session, finalize', async () => {
    const { auth_url } = await unwrap(
      client.POST('/api/v1/social-networks/{network}/auth-url', {
        params: { path: { network: 'x' } },
        body: { tenant_id: TENANT, redirect_uri: REDIRECT, clientState: 'user-7' },
      }),
    );
    const { finalUrl } = await browse(auth_url);
    const session = finalUrl.searchParams.get('session');
    expect(session).toBeTruthy();
    const pending = await unwrap(
      client.GET('/api/v1/social-accounts/pending/{session}', { params: { path: { session: session! } } }),
    );
    expect(pending).toEqual(expect.objectContaining({ network: 'x', tenantId: TENANT, clientState: 'user-7' }));
    const [connected] = await unwrap(
      client.POST('/api/v1/social-accounts/pending/{session}/finalize', {
        params: { path: { session: session! } },
        body: { selectedPageIds: [pending.availablePages[0]!.id] },
      }),
    );
    made.accountId = connected!.id;

    const accounts = await unwrap(client.GET('/api/v1/social-accounts', { params: { query: { tenantId: TENANT } } }));
    expect(accounts.map((account) => [account.id, account.platform, account.status])).toEqual([
      [made.accountId, 'x', 'active'],
    ]);
  });

  it('creates a post and reads it back, published', async () => {
    const accepted = await unwrap(
      client.POST('/api/v1/posts', {
        params: { header: { 'Idempotency-Key': randomUUID() } },
        body: { tenant_id: TENANT, accounts: [made.accountId], containers: [{ content: 'Hello from the SDK' }] },
      }),
    );
    made.postId = accepted.id;
    const post = await until('the post to be published', async () => {
      const current = await unwrap(client.GET('/api/v1/posts/{id}', { params: { path: { id: accepted.id } } }));
      return current.status === 'published' && current;
    });
    expect(post.deliveries.map((delivery) => [delivery.accountId, delivery.status])).toEqual([
      [made.accountId, 'published'],
    ]);
  });

  it("throws the service's error as an ApiError with its code and request id", async () => {
    const missing = unwrap(client.GET('/api/v1/posts/{id}', { params: { path: { id: 'pst_doesnotexist' } } }));
    await expect(missing).rejects.toThrow(ApiError);
    await expect(missing).rejects.toMatchObject({ status: 404, code: 'not_found', requestId: expect.any(String) });
  });

  it("reads what a network takes, typed: X's text limit and its options' JSON Schema", async () => {
    const networks = await unwrap(client.GET('/api/v1/networks'));
    expect(networks.map((network) => network.id)).toEqual([
      'facebook',
      'instagram',
      'x',
      'threads',
      'bluesky',
      'linkedin',
      'pinterest',
      'tiktok',
      'youtube',
    ]);
    const x = await unwrap(client.GET('/api/v1/networks/{network}', { params: { path: { network: 'x' } } }));
    const limit: number | null = x.text.maxLength;
    expect({ limit, counting: x.text.counting, names: x.options.names }).toEqual({
      limit: 280,
      counting: 'weighted',
      names: ['poll', 'replySettings', 'quotePostId', 'communityId'],
    });
    expect(x.placements.feed?.media.kinds.image?.maxItems).toBe(4);
    const unknown = unwrap(client.GET('/api/v1/networks/{network}', { params: { path: { network: 'myspace' } } }));
    await expect(unknown).rejects.toMatchObject({ status: 404, code: 'unknown_network' });
  });

  it('verifies the webhooks the service sent, typed by their event', async () => {
    const connected = await delivered('account.connected', (event) => event.data.connectedAccountId === made.accountId);
    expect(connected.event.data).toEqual(expect.objectContaining({ platform: 'x', clientState: 'user-7' }));
    expect(connected.event.livemode).toBe(false);
    const published = await delivered('post.published', (event) => event.data.servicePostId === made.postId);
    expect(published.event.data.connectedAccountId).toBe(made.accountId);
    // A Fetch Headers object (a receiver on fetch's Request) verifies as Node's headers do.
    const headers = new Headers();
    for (const [name, value] of Object.entries(published.receipt.headers)) if (value) headers.set(name, String(value));
    expect(verifyWebhook(SECRET, headers, published.receipt.raw.toString('utf8'))).toEqual(published.event);
  });

  it('refuses a tampered body, another secret, a stale or future timestamp and missing headers', async () => {
    const { receipt } = await delivered('post.published', (event) => event.data.servicePostId === made.postId);
    const refusal = (run: () => unknown): string => {
      try {
        run();
      } catch (error) {
        if (error instanceof WebhookVerificationError) return error.reason;
        throw error;
      }
      throw new Error('verified');
    };
    const tampered = Buffer.from(receipt.raw.toString('utf8').replace(made.postId, 'pst_someoneelse'));
    expect(refusal(() => verifyWebhook(SECRET, receipt.headers, tampered))).toBe('signature_mismatch');
    expect(refusal(() => verifyWebhook(`${SECRET}x`, receipt.headers, receipt.raw))).toBe('signature_mismatch');
    const sentAt = Number(receipt.headers['webhook-timestamp']);
    for (const nowSeconds of [sentAt + 301, sentAt - 301])
      expect(refusal(() => verifyWebhook(SECRET, receipt.headers, receipt.raw, { nowSeconds }))).toBe(
        'timestamp_out_of_tolerance',
      );
    expect(verifyWebhook(SECRET, receipt.headers, receipt.raw, { nowSeconds: sentAt + 300 }).id).toBe(
      receipt.headers['webhook-id'],
    );
    const { 'webhook-signature': _signature, ...unsigned } = receipt.headers;
    expect(refusal(() => verifyWebhook(SECRET, unsigned, receipt.raw))).toBe('missing_header');
    const replayedLater = { ...receipt.headers, 'webhook-timestamp': String(sentAt + 60) };
    expect(refusal(() => verifyWebhook(SECRET, replayedLater, receipt.raw, { nowSeconds: sentAt + 60 }))).toBe(
      'signature_mismatch',
    );
  });

  it("verifies with the old secret, the new one or both during a rotation's overlap", async () => {
    const rotated = await unwrap(client.POST('/api/v1/webhooks/secret/rotate', { body: { overlapSeconds: 3600 } }));
    const newSecret = rotated.webhookSecret!;
    expect(newSecret).toMatch(/^whsec_/);
    const attempt = await unwrap(client.POST('/api/v1/webhooks/test'));
    expect(attempt.delivered).toBe(true);
    const [receipt] = receiver.receiptsOf(attempt.eventId);
    expect(String(receipt!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secrets of [SECRET, newSecret, [newSecret, SECRET]]) {
      const event = verifyWebhook(secrets, receipt!.headers, receipt!.raw);
      expect(isOfType(event, 'webhook.test') && event.tenantId).toBeNull();
    }
    expect(() => verifyWebhook('whsec_c29tZW9uZSBlbHNlJ3Mgc2VjcmV0', receipt!.headers, receipt!.raw)).toThrow(
      WebhookVerificationError,
    );
  });
});

function isOfType<Type extends WebhookEvent['event']>(event: WebhookEvent, type: Type): event is WebhookEventOf<Type> {
  return event.event === type;
}
