import { TikTokContract, TikTokRequest } from './tiktok-contract';
import { tiktokChunkPlan, tiktokChunkProblems } from './tiktok-rules';

const MB = 1024 * 1024;
const contract = TikTokContract.load();
const json = { authorization: 'Bearer act.1', 'content-type': 'application/json; charset=UTF-8' };
const check = (request: Partial<TikTokRequest>) =>
  contract
    .checkRequest({
      method: 'POST',
      path: '/v2/post/publish/video/init/',
      headers: json,
      query: {},
      body: {},
      ...request,
    })
    .map((violation) => violation.message);

const videoInit = (source: Record<string, unknown>, post: Record<string, unknown> = {}) => ({
  post_info: { privacy_level: 'SELF_ONLY', brand_content_toggle: false, ...post },
  source_info: source,
});

describe('TikTok contract (contracts/tiktok/api-rules.json)', () => {
  it('takes a direct video post uploaded whole, and refuses one without a privacy level or with an unknown field', () => {
    const whole = { source: 'FILE_UPLOAD', video_size: 1000, chunk_size: 1000, total_chunk_count: 1 };
    expect(check({ body: videoInit(whole) })).toEqual([]);
    expect(check({ body: { post_info: { brand_content_toggle: false }, source_info: whole } })).toEqual([
      'post_info: privacy_level is required',
    ]);
    expect(check({ body: videoInit(whole, { privacy: 'x' }) })).toEqual(['post_info: unknown field privacy']);
    expect(check({ body: videoInit(whole, { privacy_level: 'EVERYONE' }) })).toEqual([
      'post_info.privacy_level must be equal to one of the allowed values',
    ]);
  });

  it('holds a FILE_UPLOAD to the media transfer guide: chunks of 5 to 64 MB, floor(size / chunk) of them, whole below 5 MB', () => {
    expect(tiktokChunkProblems(50_000_123, 10_000_000, 5)).toEqual([]);
    expect(tiktokChunkProblems(50_000_123, 10_000_000, 6)).toEqual([
      'total_chunk_count must be floor(video_size / chunk_size) = 5',
    ]);
    expect(tiktokChunkProblems(4 * MB, 2 * MB, 2)).toHaveLength(1);
    expect(tiktokChunkProblems(200 * MB, 100 * MB, 2)).toEqual(['chunk_size must be 5242880 to 67108864 bytes']);
    expect(tiktokChunkProblems(200 * MB, 6 * MB, 33)).toEqual([]);
    expect(
      check({
        body: videoInit({ source: 'FILE_UPLOAD', video_size: 12 * MB, chunk_size: 5 * MB, total_chunk_count: 3 }),
      }),
    ).toEqual(['source_info: total_chunk_count must be floor(video_size / chunk_size) = 2']);
  });

  it('plans chunks as the guide: the trailing bytes ride in the last chunk', () => {
    expect(tiktokChunkPlan(50_000_123, 10_000_000)).toMatchObject({
      chunkSize: 10_000_000,
      totalChunkCount: 5,
      ranges: expect.arrayContaining([{ first: 40_000_000, last: 50_000_122 }]),
    });
    expect(tiktokChunkPlan(1000, 10 * MB)).toEqual({
      chunkSize: 1000,
      totalChunkCount: 1,
      ranges: [{ first: 0, last: 999 }],
    });
  });

  it('takes PULL_FROM_URL with a video_url only, and photos from URLs only', () => {
    expect(check({ body: videoInit({ source: 'PULL_FROM_URL', video_url: 'https://cdn.example.com/a.mp4' }) })).toEqual(
      [],
    );
    expect(check({ body: videoInit({ source: 'PULL_FROM_URL', video_url: 'https://a', video_size: 3 }) })).not.toEqual(
      [],
    );
    const photo = (
      source: Record<string, unknown>,
      mode = 'DIRECT_POST',
      post: Record<string, unknown> = { privacy_level: 'SELF_ONLY' },
    ) =>
      check({
        path: '/v2/post/publish/content/init/',
        body: { media_type: 'PHOTO', post_mode: mode, post_info: post, source_info: source },
      });
    const images = { source: 'PULL_FROM_URL', photo_images: ['https://cdn.example.com/1.jpg'], photo_cover_index: 0 };
    expect(photo(images)).toEqual([]);
    expect(photo({ ...images, source: 'FILE_UPLOAD' })).toEqual([
      'source_info.source must be equal to one of the allowed values',
    ]);
    expect(photo(images, 'DIRECT_POST', {})).toEqual(['post_info.privacy_level is required for a DIRECT_POST']);
    expect(photo(images, 'MEDIA_UPLOAD', {})).toEqual([]);
    expect(photo({ ...images, photo_images: Array(36).fill('https://cdn.example.com/1.jpg') })).toEqual([
      'source_info.photo_images must NOT have more than 35 items',
    ]);
  });

  it('asks a token and the fields of a read; the token endpoint a form of the grant’s parameters', () => {
    expect(
      check({
        headers: { 'content-type': 'application/json' },
        body: videoInit({ source: 'PULL_FROM_URL', video_url: 'https://a' }),
      }),
    ).toEqual(['Authorization: Bearer {access_token} is required']);
    expect(check({ method: 'GET', path: '/v2/user/info/', query: { fields: 'open_id,display_name' } })).toEqual([]);
    expect(check({ method: 'GET', path: '/v2/user/info/', query: { fields: 'open_id,follower_count' } })).toEqual([
      'unknown fields: follower_count',
    ]);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(
      check({
        path: '/v2/oauth/token/',
        headers: form,
        body: { grant_type: 'refresh_token', client_key: 'k', client_secret: 's', refresh_token: 'r' },
      }),
    ).toEqual([]);
    expect(
      check({ path: '/v2/oauth/token/', headers: form, body: { grant_type: 'authorization_code', client_key: 'k' } }),
    ).toEqual(['missing client_secret, code, redirect_uri']);
    expect(check({ path: '/v2/post/publish/nothing/' })).toEqual([
      'POST /v2/post/publish/nothing/ is not an endpoint of the contract',
    ]);
  });
});
