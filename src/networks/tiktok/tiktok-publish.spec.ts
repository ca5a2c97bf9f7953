import { withNetworkOperation } from '../../observability';
import { part, publishRequest } from '../graph/publish-request.testing';
import { PostPart } from '../network-adapter';
import { NetworkError } from '../network-error';
import {
  adapterOf,
  adapterWith,
  contractViolations,
  creatorInfo,
  ok,
  POLL_MS,
  refused,
  settingsWith,
  statusAnswer,
  storedVideo,
  TT_API,
  TT_CREATOR,
  TT_TOKEN,
  TT_UPLOAD,
} from './tiktok.fixtures';
import { TIKTOK_LOST_PULL_SEARCH_MS } from './tiktok-lost-pull';
import { TIKTOK_PROCESSING_LIMIT_MS } from './tiktok-publisher';

const MP4 = 'https://cdn.example.com/clip.mp4';
const JPG = 'https://cdn.example.com/loaf.jpg';
const MB = 1024 * 1024;
const POST_ID = '7678907398077074696';

const request = (
  parts: PostPart[],
  postOptions: Record<string, unknown> = { privacyLevel: 'PUBLIC_TO_EVERYONE' },
  options?: Parameters<typeof publishRequest>[3],
) => ({ ...publishRequest(TT_CREATOR, TT_TOKEN, parts, { username: 'ada.bakes', ...options }), options: postOptions });
const sent = (http: { requests: { url: string; method: string; json?: unknown }[] }, path: string) =>
  http.requests.find((entry) => entry.method === 'POST' && entry.url === `${TT_API}${path}`)?.json as Record<
    string,
    unknown
  >;
const storedMedium = (size: number) => ({ kind: 'video' as const, url: MP4, openStored: storedVideo(size) });

describe('TikTokAdapter publishing (requests checked against the TikTok contract)', () => {
  it('asks creator_info, uploads a small video whole, polls while it processes, then publishes it under its exact public id', async () => {
    const { adapter, http } = adapterWith(
      creatorInfo(),
      ok({ publish_id: 'v_pub_file~v2-1.1', upload_url: TT_UPLOAD }),
      { status: 201, headers: {}, body: '' },
      statusAnswer('PROCESSING_UPLOAD'),
    );
    const first = request([{ text: 'Rye #bread', media: [storedMedium(1000)] }], {
      privacyLevel: 'PUBLIC_TO_EVERYONE',
      disableDuet: true,
      isAigc: false,
    });
    const polled = await adapter.publish(first);
    expect(polled).toEqual({
      kind: 'poll',
      at: expect.any(Date),
      progress: expect.objectContaining({ publishId: 'v_pub_file~v2-1.1', polls: 1 }),
    });
    if (polled.kind !== 'poll') throw new Error('expected a poll');
    expect(polled.at.getTime() - Date.now()).toBeGreaterThan(POLL_MS - 1000);
    expect(sent(http, '/v2/post/publish/video/init/')).toEqual({
      post_info: {
        title: 'Rye #bread',
        privacy_level: 'PUBLIC_TO_EVERYONE',
        disable_comment: false,
        disable_duet: true,
        disable_stitch: false,
        brand_content_toggle: false,
        brand_organic_toggle: false,
        is_aigc: false,
      },
      source_info: { source: 'FILE_UPLOAD', video_size: 1000, chunk_size: 1000, total_chunk_count: 1 },
    });
    expect(http.requests[2]).toMatchObject({
      method: 'PUT',
      url: TT_UPLOAD,
      headers: { 'Content-Range': 'bytes 0-999/1000' },
      bytes: { contentType: 'video/mp4' },
    });
    expect(first.checkpoints.at(-1)).toMatchObject({ publishId: 'v_pub_file~v2-1.1' });

    const { adapter: next, http: later } = adapterWith(
      statusAnswer('PROCESSING_UPLOAD'),
      statusAnswer('PUBLISH_COMPLETE', [POST_ID]),
    );
    const again = await next.publish(request(first.parts, first.options, { progress: polled.progress }));
    if (again.kind !== 'poll') throw new Error('expected a poll');
    expect(again.at.getTime() - Date.now()).toBeGreaterThan(2 * POLL_MS - 1000);
    const done = await next.publish(request(first.parts, first.options, { progress: again.progress }));
    expect(done).toEqual({
      kind: 'published',
      platformPostId: POST_ID,
      permalink: `https://www.tiktok.com/@ada.bakes/video/${POST_ID}`,
      progress: expect.objectContaining({ postId: POST_ID }),
    });
    expect(contractViolations([...http.requests, ...later.requests])).toEqual([]);
  });

  it('cuts a video past 5 MB into chunks as the guide says, each PUT in order with its Content-Range', async () => {
    const size = 11 * MB + 123;
    const { adapter, http } = adapterWith(
      creatorInfo(),
      ok({ publish_id: 'v_pub_file~v2-1.2', upload_url: TT_UPLOAD }),
      { status: 206, headers: {}, body: '' },
      { status: 201, headers: {}, body: '' },
      statusAnswer('PROCESSING_UPLOAD'),
    );
    await withNetworkOperation('publish', () => adapter.publish(request([{ text: '', media: [storedMedium(size)] }])));
    expect(sent(http, '/v2/post/publish/video/init/').source_info).toEqual({
      source: 'FILE_UPLOAD',
      video_size: size,
      chunk_size: 5 * MB,
      total_chunk_count: 2,
    });
    const puts = http.requests.filter((entry) => entry.method === 'PUT');
    expect(puts.map((entry) => entry.headers?.['Content-Range'])).toEqual([
      `bytes 0-${5 * MB - 1}/${size}`,
      `bytes ${5 * MB}-${size - 1}/${size}`,
    ]);
    expect(puts.map((entry) => entry.bytes?.data.length)).toEqual([5 * MB, 6 * MB + 123]);
    // The chunks are counted as uploads (metrics and spans), the rest as the publish around them.
    expect(http.requests.map((entry, index) => `${entry.method} ${http.operations[index]}`)).toEqual([
      'POST publish',
      'POST publish',
      'PUT upload',
      'PUT upload',
      'POST publish',
    ]);
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('refuses a privacy level the account does not offer before sending anything, naming the ones it offers', async () => {
    const { adapter, http } = adapterWith(creatorInfo(['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY']));
    const error = await adapter.publish(request([{ text: 'x', media: [storedMedium(1000)] }])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({
      kind: 'permanent',
      message: expect.stringContaining('it offers FOLLOWER_OF_CREATOR, MUTUAL_FOLLOW_FRIENDS, SELF_ONLY'),
      details: { code: 'privacy_level_option_mismatch' },
    });
    expect(http.requests).toHaveLength(1);
  });

  it('keeps comments off where the creator turned them off, whatever the post asks', async () => {
    const { adapter, http } = adapterWith(
      creatorInfo(undefined, { comment_disabled: true }),
      ok({ publish_id: 'v_pub_file~v2-1.3', upload_url: TT_UPLOAD }),
      { status: 201, headers: {}, body: '' },
      statusAnswer('PROCESSING_UPLOAD'),
    );
    await adapter.publish(
      request([{ text: '', media: [storedMedium(10)] }], { privacyLevel: 'SELF_ONLY', disableComment: false }),
    );
    expect(sent(http, '/v2/post/publish/video/init/').post_info).toMatchObject({ disable_comment: true });
  });

  it('posts photos by URL with their description and title; a lost answer is looked for, never sent again', async () => {
    const photos = part('Fresh loaves today', ['image', JPG], ['image', JPG.replace('loaf', 'rye')]);
    const { adapter, http } = adapterWith(creatorInfo(), refused(500, 'internal_error'));
    const first = request([photos], { privacyLevel: 'PUBLIC_TO_EVERYONE', title: 'Loaves', photoCoverIndex: 1 });
    const refusal = await adapter.publish(first).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ kind: 'transient' });
    expect(sent(http, '/v2/post/publish/content/init/')).toEqual({
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: {
        title: 'Loaves',
        description: 'Fresh loaves today',
        privacy_level: 'PUBLIC_TO_EVERYONE',
        disable_comment: false,
        brand_content_toggle: false,
        brand_organic_toggle: false,
      },
      source_info: { source: 'PULL_FROM_URL', photo_images: [JPG, JPG.replace('loaf', 'rye')], photo_cover_index: 1 },
    });
    expect(first.checkpoints.at(-1)).toMatchObject({ pullSentAt: expect.any(String) });
    expect(contractViolations(http.requests)).toEqual([]);

    // The next attempt never sends it again: it looks among the creator's public posts, polling while none shows.
    const lost = first.checkpoints.at(-1)!;
    const { adapter: retry, http: lookup } = adapterWith(
      ok({ videos: [], cursor: 0, has_more: false }),
      ok({
        videos: [
          {
            id: '7000000000000000001',
            video_description: 'Fresh loaves today',
            create_time: Math.floor(Date.now() / 1000),
          },
        ],
      }),
    );
    const waiting = await retry.publish(request([photos], first.options, { progress: lost }));
    expect(waiting).toMatchObject({ kind: 'poll', progress: { pullSentAt: lost.pullSentAt } });
    if (waiting.kind !== 'poll') throw new Error('expected a poll');
    expect(await retry.publish(request([photos], first.options, { progress: waiting.progress }))).toMatchObject({
      kind: 'published',
      platformPostId: '7000000000000000001',
    });
    expect(lookup.requests.map((sent) => sent.url)).toEqual([`${TT_API}/v2/video/list/`, `${TT_API}/v2/video/list/`]);
    expect(contractViolations(lookup.requests)).toEqual([]);

    // Past the search, or a post TikTok never lists (a private one): unknown, never sent again.
    const old = { ...lost, pullSentAt: new Date(Date.now() - TIKTOK_LOST_PULL_SEARCH_MS - 1000).toISOString() };
    const { adapter: late } = adapterWith(ok({ videos: [] }));
    await expect(late.publish(request([photos], first.options, { progress: old }))).rejects.toMatchObject({
      kind: 'permanent',
      details: { code: 'publish_outcome_unknown' },
    });
    const { adapter: privately, http: none } = adapterWith();
    await expect(
      privately.publish(request([photos], { privacyLevel: 'SELF_ONLY' }, { progress: lost })),
    ).rejects.toMatchObject({ details: { code: 'publish_outcome_unknown' } });
    expect(none.requests).toHaveLength(0);
  });

  it('opens a new upload after a lost FILE_UPLOAD init: the first never gets its bytes, so TikTok never posts it', async () => {
    const { adapter } = adapterWith(creatorInfo(), refused(500, 'internal_error'));
    const first = request([{ text: '', media: [storedMedium(10)] }]);
    await expect(adapter.publish(first)).rejects.toMatchObject({ kind: 'transient' });
    expect(first.checkpoints).toEqual([]);
    const { adapter: retry, http } = adapterWith(
      creatorInfo(),
      ok({ publish_id: 'v_pub_file~v2-1.4', upload_url: TT_UPLOAD }),
      { status: 201, headers: {}, body: '' },
      statusAnswer('PUBLISH_COMPLETE', [POST_ID]),
    );
    const done = await retry.publish(request(first.parts, first.options, { resuming: true }));
    expect(done).toMatchObject({ kind: 'published', platformPostId: POST_ID });
    expect(http.exhausted).toBe(true);
  });

  it('ends FAILED with TikTok’s reason (permanent), and gives up a post still processing after a day', async () => {
    const { adapter } = adapterWith(statusAnswer('FAILED', [], { fail_reason: 'file_format_check_failed' }));
    const progress = { publishId: 'v_pub_file~v2-1.5', polls: 2 };
    const failed = request([part('x', ['video', MP4])], undefined, { progress });
    await expect(adapter.publish(failed)).rejects.toMatchObject({
      kind: 'permanent',
      message: 'TikTok could not publish the post: file_format_check_failed',
      details: { code: 'file_format_check_failed' },
    });
    // Forgotten, so that a retry of the failed delivery opens a new publish.
    expect(failed.checkpoints).toEqual([{ polls: 0 }]);
    const { adapter: pulled } = adapterWith(statusAnswer('FAILED', [], { fail_reason: 'photo_pull_failed' }));
    await expect(pulled.publish(request([part('x', ['image', JPG])], undefined, { progress }))).rejects.toMatchObject({
      kind: 'permanent',
      details: { code: 'photo_pull_failed', mediaUnavailable: true },
    });
    const { adapter: slow } = adapterWith(statusAnswer('PROCESSING_DOWNLOAD'));
    const since = new Date(Date.now() - TIKTOK_PROCESSING_LIMIT_MS - 1000).toISOString();
    await expect(
      slow.publish(
        request([part('x', ['video', MP4])], undefined, { progress: { ...progress, processingSince: since } }),
      ),
    ).rejects.toMatchObject({ kind: 'permanent', details: { code: 'PROCESSING_DOWNLOAD' } });
  });

  it('keeps the publish id of a private post (TikTok gives it no public id), and sends a draft to the inbox without post settings', async () => {
    const { adapter } = adapterWith(statusAnswer('PUBLISH_COMPLETE', []));
    const progress = { publishId: 'v_pub_file~v2-1.6', polls: 1 };
    expect(
      await adapter.publish(request([part('x', ['video', MP4])], { privacyLevel: 'SELF_ONLY' }, { progress })),
    ).toMatchObject({
      kind: 'published',
      platformPostId: 'v_pub_file~v2-1.6',
      permalink: null,
    });

    const { adapter: drafts, http } = adapterWith(
      ok({ publish_id: 'v_inbox_file~v2-1.7', upload_url: TT_UPLOAD }),
      { status: 201, headers: {}, body: '' },
      statusAnswer('SEND_TO_USER_INBOX'),
    );
    const outcome = await drafts.publish(
      request([{ text: '', media: [storedMedium(10)] }], { privacyLevel: 'SELF_ONLY', mode: 'draft' }),
    );
    expect(outcome).toMatchObject({
      kind: 'published',
      platformPostId: 'v_inbox_file~v2-1.7',
      permalink: null,
      progress: { inbox: true },
    });
    expect(sent(http, '/v2/post/publish/inbox/video/init/')).toEqual({
      source_info: { source: 'FILE_UPLOAD', video_size: 10, chunk_size: 10, total_chunk_count: 1 },
    });
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('has TikTok pull a video from a verified prefix', async () => {
    const { adapter, http } = adapterOf(
      settingsWith({ pullUrlPrefixes: ['https://cdn.example.com/'] }),
      creatorInfo(),
      ok({ publish_id: 'v_pub_url~v2-1.8' }),
      statusAnswer('PROCESSING_DOWNLOAD'),
    );
    await adapter.publish(request([part('Rye', ['video', MP4])]));
    expect(sent(http, '/v2/post/publish/video/init/').source_info).toEqual({ source: 'PULL_FROM_URL', video_url: MP4 });
    expect(contractViolations(http.requests)).toEqual([]);
  });
});
