import { HttpService } from '@nestjs/axios';
import axios from 'axios';
import { FastifyInstance } from 'fastify';
import { AddressInfo } from 'node:net';
import { contractLog } from '../../emulator/contracts/contract-log';
import { CLIENT, emulatorApp, REDIRECT_URI } from '../../emulator/emulator.testing';
import { METRIC_OVERRIDES, metricsKey } from '../../emulator/metrics/emulated-metrics';
import { ServingEmulatorState } from '../../emulator/registry/emulated-network';
import type { MediaBytes } from '../../media';
import { currentNetworkOperation, withNetworkOperation } from '../../observability';
import { NetworkHttpClient, NetworkRequest, NetworkResponse } from '../http/network-http.client';
import type { AccountTokens, PostMedia, PublishOutcome, PublishProgress, PublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { PinterestAdapter } from './pinterest.adapter';
import { PinterestSettings } from './pinterest.settings';

/** The adapter against the emulated Pinterest over real HTTP; every call checked against Pinterest's description. */
const APP = { clientId: CLIENT.id, clientSecret: CLIENT.secret };

let app: FastifyInstance;
let state: ServingEmulatorState;
let base: string;
let adapter: PinterestAdapter;
let accountId: string;
let tokens: AccountTokens;

/** The real client, noting each call's method, path and the operation it was sent within. */
class NotingHttp extends NetworkHttpClient {
  readonly calls: string[] = [];
  override send(request: NetworkRequest, network: string): Promise<NetworkResponse> {
    this.calls.push(`${request.method} ${new URL(request.url).pathname} ${currentNetworkOperation()}`);
    return super.send(request, network);
  }
}
let http: NotingHttp;

const stored =
  (bytes: Buffer, contentType: string): (() => MediaBytes) =>
  () => ({
    size: bytes.length,
    contentType,
    pieces: (async function* () {
      yield bytes;
    })(),
    close: () => undefined,
  });

function request(
  text: string,
  media: PostMedia[],
  options: Record<string, unknown>,
  progress: PublishProgress = {},
): PublishRequest & { checkpoints: PublishProgress[] } {
  const checkpoints: PublishProgress[] = [];
  return {
    networkAccountId: accountId,
    username: 'ada_bakes',
    tokens,
    app: APP,
    parts: [{ text, media }],
    options,
    progress,
    resuming: false,
    checkpoints,
    checkpoint: async (saved) => {
      checkpoints.push(JSON.parse(JSON.stringify(saved)) as PublishProgress);
    },
  };
}

/** Publishes as the worker does: again with the outcome's progress while it says poll. */
async function settle(sent: PublishRequest): Promise<PublishOutcome> {
  let outcome = await adapter.publish(sent);
  for (let round = 0; outcome.kind === 'poll' && round < 10; round++)
    outcome = await adapter.publish({ ...sent, progress: outcome.progress });
  return outcome;
}

const board = () => state.findUser()!.pinterest!.boards[0]!;

beforeAll(async () => {
  ({ app, state } = await emulatorApp());
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/emulator/pinterest`;
  http = new NotingHttp(new HttpService(axios.create()));
  adapter = new PinterestAdapter(
    new PinterestSettings(`${base}/oauth/`, `${base}/v5`, undefined, false, 0, undefined, base),
    http,
  );
  const consent = await app.inject({
    url: `${adapter.authorizeUrl({ state: 'st', codeChallenge: '', callbackUrl: REDIRECT_URI, app: APP }).replace(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, '')}&emulator_auto=approve`,
  });
  const code = new URL(consent.headers.location as string).searchParams.get('code')!;
  const grant = await adapter.exchangeCode({ code, codeVerifier: '', callbackUrl: REDIRECT_URI, app: APP });
  const [selectable] = await adapter.listSelectable(grant, APP);
  accountId = selectable!.id;
  tokens = selectable!.tokens;
});

afterAll(() => app?.close());
afterEach(() => expect(contractLog.take()).toEqual([]));

describe('PinterestAdapter against the emulated Pinterest', () => {
  it('asks the five scopes comma-separated and connects the account with its continuous refresh token', async () => {
    const url = new URL(adapter.authorizeUrl({ state: 's', codeChallenge: '', callbackUrl: REDIRECT_URI, app: APP }));
    expect(url.searchParams.get('scope')).toBe('boards:read,boards:write,pins:read,pins:write,user_accounts:read');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(tokens).toMatchObject({ refreshToken: expect.stringMatching(/^pinr_/), expiresAt: expect.any(Date) });
    expect(state.findUser()!.pinterest!.id).toBe(accountId);
  });

  it('refreshes into a new refresh token; a refused refresh is an expired login', async () => {
    const fresh = await adapter.refresh(tokens, APP);
    expect(fresh!.refreshToken).toMatch(/^pinr_/);
    expect(fresh!.refreshToken).not.toBe(tokens.refreshToken);
    state.faults.add({ network: 'pinterest', accountId, kind: 'token_expired', remaining: 1 });
    await expect(adapter.refresh(tokens, APP)).rejects.toMatchObject({ kind: 'auth_expired' });
  });

  it('pins an image from its URL on a board section, with title, link, alt text and color', async () => {
    const section = board().sections[0]!.id;
    const outcome = await adapter.publish(
      request('Fresh rye', [{ kind: 'image', url: 'https://media.example/rye.jpg', altText: 'A loaf' }], {
        boardId: board().id,
        boardSectionId: section,
        title: 'Rye',
        link: 'https://bakery.example/rye',
        dominantColor: '#6E7874',
      }),
    );
    expect(outcome).toMatchObject({ kind: 'published', permalink: expect.stringMatching(/\/pin\/\d+\/$/) });
    const pinId = (outcome as { platformPostId: string }).platformPostId;
    expect(state.published.find('pinterest', pinId)).toMatchObject({
      text: 'Fresh rye',
      media: [{ type: 'image', url: 'https://media.example/rye.jpg', altText: 'A loaf' }],
      pinterest: {
        boardSectionId: section,
        title: 'Rye',
        link: 'https://bakery.example/rye',
        dominantColor: '#6E7874',
      },
    });
  });

  it("pins the service's own bytes as base64, and a carousel of three", async () => {
    const png = Buffer.from('png-bytes');
    const single = await adapter.publish(
      request('', [{ kind: 'image', url: 'https://service.example/m/1.png', openStored: stored(png, 'image/png') }], {
        boardId: board().id,
      }),
    );
    const pin = state.published.find('pinterest', (single as { platformPostId: string }).platformPostId)!;
    expect(pin.pinterest!.sourceType).toBe('image_base64');
    expect(pin.media[0]!.size).toBe(png.length);
    const carousel = await adapter.publish(
      request(
        'Three loaves',
        [1, 2, 3].map((n) => ({ kind: 'image' as const, url: `https://media.example/${n}.jpg` })),
        { boardId: board().id },
      ),
    );
    const three = state.published.find('pinterest', (carousel as { platformPostId: string }).platformPostId)!;
    expect(three.pinterest!.sourceType).toBe('multiple_image_urls');
    expect(three.media).toHaveLength(3);
  });

  it('registers a video, uploads it by the form, polls it until it succeeded, and pins it with its first frame as cover', async () => {
    const video = Buffer.alloc(4096, 7);
    const sent = request(
      'A loaf rising',
      [{ kind: 'video', url: 'https://service.example/m/v.mp4', openStored: stored(video, 'video/mp4') }],
      {
        boardId: board().id,
      },
    );
    http.calls.length = 0;
    const first = await withNetworkOperation('publish', () => adapter.publish(sent));
    expect(first).toMatchObject({ kind: 'poll', progress: { mediaId: expect.any(String), uploaded: true } });
    // Registering the video and sending its file are counted as uploads (metrics and spans).
    expect(http.calls.filter((call) => !call.startsWith('GET '))).toEqual([
      'POST /emulator/pinterest/v5/media upload',
      'POST /emulator/pinterest/media-upload/ upload',
    ]);
    const outcome = await settle({ ...sent, progress: (first as { progress: PublishProgress }).progress });
    const pin = state.published.find('pinterest', (outcome as { platformPostId: string }).platformPostId)!;
    expect(pin.media[0]).toMatchObject({ type: 'video', size: video.length });
    expect(pin.pinterest!.cover).toEqual({ keyFrameTime: 0 });
  });

  it('gives up a video whose processing failed, permanently', async () => {
    state.faults.add({ network: 'pinterest', accountId, kind: 'upload_error', remaining: 1 });
    const sent = request(
      '',
      [{ kind: 'video', url: 'https://service.example/m/v.mp4', openStored: stored(Buffer.alloc(64, 1), 'video/mp4') }],
      {
        boardId: board().id,
      },
    );
    await expect(settle(sent)).rejects.toMatchObject({
      kind: 'permanent',
      details: { code: 'video_processing_failed' },
    });
    // The failed medium is forgotten: a retry of the failed delivery uploads a new one and pins it.
    const kept = sent.checkpoints.at(-1)!;
    expect(kept.mediaId).toBeUndefined();
    const retried = await settle({ ...sent, progress: kept });
    expect(retried.kind).toBe('published');
  });

  it('finds a pin whose answer was lost on its board instead of pinning it twice', async () => {
    state.faults.add({ network: 'pinterest', accountId, kind: 'answer_lost', remaining: 1 });
    const sent = request('Once only', [{ kind: 'image', url: 'https://media.example/once.jpg' }], {
      boardId: board().id,
      title: 'Once',
    });
    await expect(adapter.publish(sent)).rejects.toMatchObject({ kind: 'transient' });
    const again = await adapter.publish({ ...sent, progress: sent.checkpoints.at(-1)! });
    expect(again.kind).toBe('published');
    const pins = state.published.list({ network: 'pinterest' }).filter((item) => item.text === 'Once only');
    expect(pins).toHaveLength(1);
    expect((again as { platformPostId: string }).platformPostId).toBe(pins[0]!.postId);
  });

  it('deletes a pin, and a pin already gone resolves', async () => {
    const outcome = await adapter.publish(
      request('Gone soon', [{ kind: 'image', url: 'https://media.example/g.jpg' }], { boardId: board().id }),
    );
    const platformPostId = (outcome as { platformPostId: string }).platformPostId;
    const unpublish = { networkAccountId: accountId, tokens, app: APP, platformPostId, progress: {} };
    await adapter.unpublish(unpublish);
    expect(state.published.find('pinterest', platformPostId)!.deletedAt).toBeDefined();
    await expect(adapter.unpublish(unpublish)).resolves.toBeUndefined();
  });

  it('reads pin analytics in the service names, and the account followers', async () => {
    const outcome = await adapter.publish(
      request('Counted', [{ kind: 'image', url: 'https://media.example/c.jpg' }], { boardId: board().id }),
    );
    const platformPostId = (outcome as { platformPostId: string }).platformPostId;
    state.objects.of(METRIC_OVERRIDES).set(metricsKey('pinterest', platformPostId), {
      IMPRESSION: 900,
      SAVE: 12,
      PIN_CLICK: 30,
      OUTBOUND_CLICK: 'unsupported',
    });
    const permissions = ['boards:read', 'boards:write', 'pins:read', 'pins:write', 'user_accounts:read'];
    expect(
      await adapter.postMetrics({ networkAccountId: accountId, tokens, app: APP, platformPostId, permissions }),
    ).toEqual({
      impressions: { value: 900 },
      saves: { value: 12 },
      clicks: { value: 30 },
      outbound_clicks: { unavailable: 'not_reported', message: 'The network did not report it' },
    });
    expect(
      await adapter.postMetrics({
        networkAccountId: accountId,
        tokens,
        app: APP,
        platformPostId,
        permissions: ['boards:read'],
      }),
    ).toMatchObject({ impressions: { unavailable: 'missing_permission' } });
    state.objects.of(METRIC_OVERRIDES).set(metricsKey('pinterest', accountId), { follower_count: 321 });
    expect(await adapter.accountMetrics({ networkAccountId: accountId, tokens, app: APP })).toMatchObject({
      followers: { value: 321 },
    });
  });

  it('lists the boards and their sections for a client to pick', async () => {
    const boards = await adapter.destinations.list({ networkAccountId: accountId, tokens, app: APP });
    expect(boards.map((entry) => [entry.name, entry.children.map((section) => section.name)])).toEqual([
      ['Bread', ['Sourdough', 'Rye']],
      ['Cakes', []],
    ]);
  });

  it('classifies a rate limit (429 code 8) with the next minute as its retry', async () => {
    state.faults.add({ network: 'pinterest', accountId, kind: 'rate_limited', remaining: 1 });
    const error = (await adapter
      .publish(request('', [{ kind: 'image', url: 'https://media.example/r.jpg' }], { boardId: board().id }))
      .catch((caught: unknown) => caught)) as NetworkError;
    expect(error).toMatchObject({ kind: 'rate_limited', details: { status: 429, code: 8 } });
    expect(error.details.retryAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });
});
