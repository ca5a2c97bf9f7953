import { FastifyInstance } from 'fastify';
import { contractLog } from '../contracts/contract-log';
import { basicAuth, emulatorApp, pinterestTokens, REDIRECT_URI } from '../emulator.testing';
import { METRIC_OVERRIDES, metricsKey } from '../metrics/emulated-metrics';
import { EmulatorState } from '../state/emulator-state';

const API = '/emulator/pinterest/v5';
const BOUNDARY = 'pinb0undary';
const IMAGE = 'https://media.example/bread.jpg';

function uploadForm(fields: Record<string, string>, bytes?: Buffer): Buffer {
  return Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    ...(bytes
      ? [
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="video.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
          ),
          bytes,
          Buffer.from('\r\n'),
        ]
      : []),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

describe('emulated Pinterest', () => {
  let app: FastifyInstance;
  let state: EmulatorState;
  let token: string;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
    contractLog.take();
    token = (await pinterestTokens(app)).access_token;
  });
  afterEach(() => app.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: unknown, bearer = token) =>
    app.inject({
      method,
      url: `${API}${path}`,
      headers: { authorization: `Bearer ${bearer}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    });
  const account = () => state.findUser()!.pinterest!;
  const board = () => account().boards[0]!;
  const imagePin = (extra: Record<string, unknown> = {}) => ({
    board_id: board().id,
    title: 'Rye loaf',
    description: 'Fresh rye today',
    link: 'https://bakery.example/rye',
    media_source: { source_type: 'image_url', url: IMAGE },
    ...extra,
  });

  it('issues an access token and a continuous refresh token; a refresh answers a new one with 60 days, the old one still good', async () => {
    const tokens = await pinterestTokens(app);
    expect(tokens).toMatchObject({
      access_token: expect.stringMatching(/^pina_/),
      refresh_token: expect.stringMatching(/^pinr_/),
      response_type: 'authorization_code',
      expires_in: 2592000,
      refresh_token_expires_in: 5184000,
      scope: 'boards:read,boards:write,pins:read,pins:write,user_accounts:read',
    });
    const refresh = (refreshToken: string, authorization = basicAuth()) =>
      app.inject({
        method: 'POST',
        url: `${API}/oauth/token`,
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
      });
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.json()).toMatchObject({
      response_type: 'refresh_token',
      refresh_token: expect.stringMatching(/^pinr_/),
      refresh_token_expires_in: 5184000,
    });
    expect(refreshed.json().refresh_token).not.toBe(tokens.refresh_token);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(200);
    const wrongClient = await refresh(tokens.refresh_token, basicAuth('test-app', 'nope'));
    expect(wrongClient.statusCode).toBe(401);
    expect(wrongClient.json()).toEqual({ code: 2, message: 'Authentication failed.' });
    expect(contractLog.take()).toEqual([]);
  });

  it('refuses a code exchange without the app authenticated by HTTP Basic', async () => {
    const exchanged = await app.inject({
      method: 'POST',
      url: `${API}/oauth/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'x',
        redirect_uri: REDIRECT_URI,
      }).toString(),
    });
    expect(exchanged.statusCode).toBe(401);
  });

  it('describes the account with its follower count, lists its boards and a board sections', async () => {
    state.objects.of(METRIC_OVERRIDES).set(metricsKey('pinterest', account().id), { follower_count: 77 });
    const me = await call('GET', '/user_account');
    expect(me.json()).toMatchObject({ id: account().id, username: 'ada_bakes', follower_count: 77 });
    const boards = await call('GET', '/boards?page_size=1');
    expect(boards.json()).toMatchObject({ items: [{ id: board().id, name: 'Bread' }], bookmark: expect.any(String) });
    const next = await call('GET', `/boards?page_size=1&bookmark=${boards.json().bookmark}`);
    expect(next.json()).toMatchObject({ items: [{ name: 'Cakes' }], bookmark: null });
    const sections = await call('GET', `/boards/${board().id}/sections`);
    expect(sections.json().items.map((section: { name: string }) => section.name)).toEqual(['Sourdough', 'Rye']);
    expect(contractLog.take()).toEqual([]);
  });

  it('creates an image pin (201), reads it back, finds it on its board, deletes it (204), then answers 404', async () => {
    const section = board().sections[1]!.id;
    const created = await call('POST', '/pins', imagePin({ board_section_id: section, alt_text: 'A loaf' }));
    expect(created.statusCode).toBe(201);
    const pin = created.json();
    expect(pin).toMatchObject({
      board_id: board().id,
      board_section_id: section,
      title: 'Rye loaf',
      media: { media_type: 'image' },
    });
    expect(state.published.find('pinterest', pin.id)).toMatchObject({
      text: 'Fresh rye today',
      media: [{ type: 'image', url: IMAGE, altText: 'A loaf' }],
    });
    expect((await call('GET', `/pins/${pin.id}`)).json().id).toBe(pin.id);
    expect((await call('GET', `/boards/${board().id}/pins`)).json().items[0].id).toBe(pin.id);
    expect((await call('DELETE', `/pins/${pin.id}`)).statusCode).toBe(204);
    const again = await call('DELETE', `/pins/${pin.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 404, message: 'Pin not found.' });
    expect(contractLog.take()).toEqual([]);
  });

  it('refuses a pin without a board, on another user board, past its schema, or a carousel of six', async () => {
    const { board_id: _omitted, ...withoutBoard } = imagePin();
    expect((await call('POST', '/pins', withoutBoard)).json()).toEqual({ code: 1, message: 'board_id is required' });
    expect((await call('POST', '/pins', imagePin({ board_id: '123' }))).statusCode).toBe(404);
    const long = await call('POST', '/pins', imagePin({ title: 'x'.repeat(101) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('body.title: must NOT have more than 100 characters');
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `https://media.example/${i}.jpg` }));
    const six = await call(
      'POST',
      '/pins',
      imagePin({ media_source: { source_type: 'multiple_image_urls', items: items(6) } }),
    );
    expect(six.statusCode).toBe(400);
    const five = await call(
      'POST',
      '/pins',
      imagePin({ media_source: { source_type: 'multiple_image_urls', items: items(5) } }),
    );
    expect(five.json()).toMatchObject({ media: { media_type: 'multiple_images' }, creative_type: 'CAROUSEL' });
    expect(contractLog.take().map((violation) => violation.message)).toEqual([
      'body.title: must NOT have more than 100 characters',
      'body.media_source.items: must NOT have more than 5 items',
    ]);
  });

  it('takes an image as base64 bytes', async () => {
    const created = await call(
      'POST',
      '/pins',
      imagePin({
        media_source: {
          source_type: 'image_base64',
          content_type: 'image/png',
          data: Buffer.from('png bytes').toString('base64'),
        },
      }),
    );
    expect(created.statusCode).toBe(201);
    expect(state.published.find('pinterest', created.json().id)!.media[0]).toMatchObject({ type: 'image', size: 9 });
  });

  it('registers a video, takes its file by the upload form, processes it, then pins it with a cover', async () => {
    const registered = await call('POST', '/media', { media_type: 'video' });
    expect(registered.statusCode).toBe(201);
    const { media_id: mediaId, upload_url: uploadUrl, upload_parameters: parameters } = registered.json();
    const status = async () => (await call('GET', `/media/${mediaId}`)).json().status;
    expect(await status()).toBe('registered');
    const url = new URL(uploadUrl);
    const upload = (fields: Record<string, string>, bytes?: Buffer) =>
      app.inject({
        method: 'POST',
        url: url.pathname,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: uploadForm(fields, bytes),
      });
    const forged = await upload({ ...parameters, policy: 'forged' }, Buffer.from('video'));
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('<Code>AccessDenied</Code>');
    expect((await upload(parameters, Buffer.alloc(2048, 1))).statusCode).toBe(204);
    const video = { source_type: 'video_id', media_id: mediaId };
    const early = await call('POST', '/pins', imagePin({ media_source: { ...video, cover_image_key_frame_time: 1 } }));
    expect(early.json().message).toContain('is not ready (processing)');
    expect(await status()).toBe('processing');
    expect(await status()).toBe('succeeded');
    const noCover = await call('POST', '/pins', imagePin({ media_source: video }));
    expect(noCover.statusCode).toBe(400);
    const pinned = await call('POST', '/pins', imagePin({ media_source: { ...video, cover_image_url: IMAGE } }));
    expect(pinned.json()).toMatchObject({
      creative_type: 'VIDEO',
      media: { media_type: 'video', cover_image_url: IMAGE },
    });
    expect(state.published.find('pinterest', pinned.json().id)!.media[0]).toMatchObject({ type: 'video', size: 2048 });
    expect(contractLog.take()).toEqual([]);
  });

  it('fails the processing of a video uploaded under the upload_error fault', async () => {
    state.faults.add({ network: 'pinterest', kind: 'upload_error', remaining: 1 });
    const {
      media_id: mediaId,
      upload_url: uploadUrl,
      upload_parameters: parameters,
    } = (await call('POST', '/media', { media_type: 'video' })).json();
    await app.inject({
      method: 'POST',
      url: new URL(uploadUrl).pathname,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: uploadForm(parameters, Buffer.alloc(16, 1)),
    });
    expect((await call('GET', `/media/${mediaId}`)).json().status).toBe('failed');
  });

  it('reads pin analytics: grown values, or those a test set, over at most 90 days', async () => {
    const pin = (await call('POST', '/pins', imagePin())).json();
    state.objects.of(METRIC_OVERRIDES).set(metricsKey('pinterest', pin.id), { IMPRESSION: 1200, SAVE: 'unsupported' });
    const today = new Date(state.now()).toISOString().slice(0, 10);
    const read = await call(
      'GET',
      `/pins/${pin.id}/analytics?start_date=${today}&end_date=${today}&metric_types=IMPRESSION,SAVE,PIN_CLICK,OUTBOUND_CLICK`,
    );
    expect(read.json().all.summary_metrics).toEqual({
      IMPRESSION: 1200,
      PIN_CLICK: expect.any(Number),
      OUTBOUND_CLICK: expect.any(Number),
    });
    const old = await call(
      'GET',
      `/pins/${pin.id}/analytics?start_date=2020-01-01&end_date=${today}&metric_types=IMPRESSION`,
    );
    expect(old.json()).toEqual({ code: 400, message: 'Invalid pins analytics parameters.' });
    expect(contractLog.take()).toEqual([]);
  });

  it('refuses a token without the scopes an operation names (401 code 3), and answers faults in its shape', async () => {
    const narrow = (await pinterestTokens(app, 'boards:read,user_accounts:read')).access_token;
    const refused = await call('POST', '/pins', imagePin(), narrow);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(3);
    expect(contractLog.take().map((violation) => violation.kind)).toEqual(['permission']);
    state.faults.add({ network: 'pinterest', kind: 'rate_limited', remaining: 1 });
    const limited = await call('POST', '/pins', imagePin());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(8);
    state.faults.add({ network: 'pinterest', kind: 'answer_lost', remaining: 1 });
    const lost = await call('POST', '/pins', imagePin());
    expect(lost.statusCode).toBe(500);
    expect(state.published.list({ network: 'pinterest' })).toHaveLength(1);
  });
});
