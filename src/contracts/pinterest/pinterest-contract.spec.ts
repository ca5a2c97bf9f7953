import { readContractJson } from '../contracts-dir';
import { JsonObject } from '../json';
import { loadManifest } from '../manifest';
import { pinterestContract, PINTEREST_OPENAPI_FILE } from './pinterest-contract';
import { pinterestApiRules, pinterestError } from './pinterest-rules';

const contract = pinterestContract();
const SCOPES = ['boards:read', 'boards:write', 'pins:read', 'pins:write', 'user_accounts:read'];
const messages = (request: Parameters<typeof contract.checkRequest>[0]) =>
  contract.checkRequest(request).map((violation) => `${violation.kind}: ${violation.message}`);
const createPin = (body: unknown, scopes = SCOPES) =>
  messages({ method: 'POST', path: '/pins', contentType: 'application/json', body, scopes });

describe('Pinterest contract (API v5 OpenAPI description + api-rules.json)', () => {
  it('keeps the source, commit and date it was cut from, and every operation the manifest lists', () => {
    const document = readContractJson<JsonObject>(PINTEREST_OPENAPI_FILE);
    expect(document['x-contract-source']).toMatchObject({
      repository: 'https://github.com/pinterest/api-description',
      path: 'v5/openapi.json',
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
      retrieved: '2026-11-26',
    });
    for (const operation of loadManifest().pinterest.operations)
      expect(contract.match(operation.method, operation.path.replace(/\{[^}]+\}/g, '123'))?.template).toBe(
        operation.path,
      );
  });

  it('takes a code exchange and a refresh, and refuses a code exchange without its code (the discriminator read)', () => {
    const token = (body: Record<string, string>) =>
      messages({ method: 'POST', path: '/oauth/token', contentType: 'application/x-www-form-urlencoded', body });
    expect(token({ grant_type: 'authorization_code', code: 'c', redirect_uri: 'https://a.example/cb' })).toEqual([]);
    expect(token({ grant_type: 'refresh_token', refresh_token: 'r', continuous_refresh: 'true' })).toEqual([]);
    expect(token({ grant_type: 'authorization_code', redirect_uri: 'https://a.example/cb' })).toEqual([
      'request: body: missing required property "code"',
    ]);
    expect(token({ grant_type: 'password' })).toEqual([
      'request: body.grant_type: "password" must be one of authorization_code, refresh_token, client_credentials',
    ]);
  });

  it('takes an image, a carousel of 2 to 5 and a video pin; refuses a sixth image and a bad board id', () => {
    const base = { board_id: '123', title: 'T', description: 'D' };
    expect(createPin({ ...base, media_source: { source_type: 'image_url', url: 'https://m.example/a.jpg' } })).toEqual(
      [],
    );
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `https://m.example/${i}.jpg` }));
    expect(createPin({ ...base, media_source: { source_type: 'multiple_image_urls', items: items(5) } })).toEqual([]);
    // The discriminator picks the variant: one refusal, not one per other variant.
    expect(createPin({ ...base, media_source: { source_type: 'multiple_image_urls', items: items(6) } })).toEqual([
      'request: body.media_source.items: must NOT have more than 5 items',
    ]);
    expect(createPin({ ...base, media_source: { source_type: 'gif_url', url: 'https://m.example/a.gif' } })).toEqual([
      'request: body.media_source.source_type: "gif_url" must be one of image_base64, image_url, video_id, multiple_image_base64, multiple_image_urls, pin_url',
    ]);
    expect(
      createPin({ ...base, media_source: { source_type: 'video_id', media_id: '42', cover_image_key_frame_time: 0 } }),
    ).toEqual([]);
    expect(
      createPin({ ...base, board_id: 'abc', media_source: { source_type: 'image_url', url: 'https://m.example/a' } }),
    ).toContain('request: body.board_id: must match pattern "^\\d+$"');
    expect(createPin({ ...base, title: 'x'.repeat(101) })).toContain(
      'request: body.title: must NOT have more than 100 characters',
    );
  });

  it('checks the scopes each operation names in pinterest_oauth2', () => {
    const body = { board_id: '1', media_source: { source_type: 'image_url', url: 'https://m.example/a.jpg' } };
    expect(createPin(body, ['boards:read', 'pins:read', 'pins:write'])).toEqual([
      "permission: the token's scopes lack: boards:write",
    ]);
  });

  it('takes the four metric types we read though the document lists them in two overlapping enums', () => {
    expect(
      messages({
        method: 'GET',
        path: '/pins/987/analytics',
        query: {
          start_date: '2026-09-01',
          end_date: '2026-11-26',
          metric_types: 'IMPRESSION,SAVE,PIN_CLICK,OUTBOUND_CLICK',
        },
        scopes: SCOPES,
      }),
    ).toEqual([]);
    expect(
      messages({ method: 'GET', path: '/pins/987/analytics', query: { start_date: '2026-09-01' }, scopes: SCOPES }),
    ).toEqual(expect.arrayContaining(['request: missing required query parameter "end_date"']));
  });

  it('checks answers: a registered medium, an analytics answer', () => {
    expect(
      contract.checkResponse({ method: 'POST', path: '/media' }, 201, {
        media_id: '12345',
        media_type: 'video',
        upload_url: 'https://upload.example/',
        upload_parameters: { key: 'k', policy: 'p' },
      }),
    ).toEqual([]);
    expect(
      contract.checkResponse({ method: 'GET', path: '/media/1' }, 200, { media_id: '1', status: 'done' }),
    ).not.toEqual([]);
    expect(
      contract.checkResponse({ method: 'GET', path: '/pins/1/analytics' }, 200, {
        all: { summary_metrics: { IMPRESSION: 3, SAVE: 1 }, daily_metrics: [], lifetime_metrics: {} },
      }),
    ).toEqual([]);
  });

  it('checks a pin answer, whose creative_type is nullable without a type of its own', () => {
    const pin = {
      id: '1',
      board_id: '2',
      creative_type: null,
      media: { media_type: 'image', images: { '150x150': { width: 150, height: 150, url: 'https://i.example/a' } } },
    };
    expect(contract.checkResponse({ method: 'POST', path: '/pins' }, 201, pin)).toEqual([]);
    expect(contract.checkResponse({ method: 'POST', path: '/pins' }, 201, { ...pin, creative_type: 'VIDEO' })).toEqual(
      [],
    );
    expect(
      contract.checkResponse({ method: 'POST', path: '/pins' }, 201, { ...pin, creative_type: 'ANIMATION' }),
    ).not.toEqual([]);
  });

  it('names a source for every hand-written rule, and the error codes Pinterest gives as examples', () => {
    const rules = pinterestApiRules();
    const sources = JSON.stringify(rules).match(/"source":"(\w+)"/g) ?? [];
    for (const source of sources) expect(Object.keys(rules.sources)).toContain(source.split('"')[3]);
    expect(pinterestError(8)).toMatchObject({ status: 429 });
    expect(pinterestError(2)).toMatchObject({ status: 401, message: 'Authentication failed.' });
    expect(rules.oauth.scopes.asked).toEqual(SCOPES);
    expect(rules.pins.carousel).toMatchObject({ minItems: 2, maxItems: 5 });
  });
});
