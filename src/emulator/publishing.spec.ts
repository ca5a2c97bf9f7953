import { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import {
  emulatorApp,
  facebookPageToken,
  facebookUserToken,
  form,
  instagramShortToken,
  xTokens,
} from './emulator.testing';
import { EmulatorState } from './state/emulator-state';

const FB = '/emulator/facebook/graph/v25.0';
const IG = '/emulator/instagram/graph/v25.0';
const X = '/emulator/x/api';
/** What facebookUserToken asks by default: publishing, no comments. */
const PUBLISHING_SCOPES =
  'pages_show_list,pages_read_engagement,pages_manage_posts,instagram_basic,instagram_content_publish';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('emulated publishing and the published record', () => {
  let app: FastifyInstance;
  let state: EmulatorState;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
  });
  afterEach(() => app.close());

  const published = async (network: string) =>
    (await app.inject({ url: `/emulator/control/published?network=${network}` })).json().data;

  it('takes a Page video by URL, processes it, then publishes it; a video needs publish_video', async () => {
    const pageId = state.findUser()!.pages[0]!.id;
    const withoutVideoScope = await facebookPageToken(app, await facebookUserToken(app), pageId);
    const refused = await app.inject({
      method: 'POST',
      url: `${FB}/${pageId}/videos`,
      ...form({ file_url: 'https://cdn.test/a.mp4', access_token: withoutVideoScope }),
    });
    expect(refused.json().error.code).toBe(200);

    const pageToken = await facebookPageToken(
      app,
      await facebookUserToken(
        app,
        'pages_show_list,pages_read_engagement,pages_manage_posts,publish_video,pages_manage_engagement',
      ),
      pageId,
    );
    const badUrl = await app.inject({
      method: 'POST',
      url: `${FB}/${pageId}/videos`,
      ...form({ file_url: 'clip.mp4', access_token: pageToken }),
    });
    expect(badUrl.json().error.code).toBe(100);
    const upload = await app.inject({
      method: 'POST',
      url: `${FB}/${pageId}/videos`,
      ...form({ file_url: 'https://cdn.test/a.mp4', description: 'Baking', access_token: pageToken }),
    });
    const videoId = upload.json().id as string;
    const status = async () =>
      (await app.inject({ url: `${FB}/${videoId}?fields=status&access_token=${pageToken}` })).json().status
        .video_status;
    expect(await status()).toBe('processing');
    expect(await published('facebook')).toEqual([]);
    expect(await status()).toBe('ready');
    expect(await published('facebook')).toEqual([
      expect.objectContaining({
        postId: videoId,
        text: 'Baking',
        media: [{ type: 'video', url: 'https://cdn.test/a.mp4', id: videoId }],
        permalink: `http://localhost/emulator/facebook/${pageId}/videos/${videoId}`,
      }),
    ]);
    const comment = await app.inject({
      method: 'POST',
      url: `${FB}/${videoId}/comments`,
      ...form({ message: 'Part 2', access_token: pageToken }),
    });
    expect(comment.statusCode).toBe(200);
    const videos = (
      await app.inject({ url: `${FB}/${pageId}/videos?fields=id,description&access_token=${pageToken}` })
    ).json().data;
    expect(videos).toEqual([{ id: videoId, description: 'Baking' }]);

    await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'facebook', fault: 'container_error', count: 1 },
    });
    const broken = await app.inject({
      method: 'POST',
      url: `${FB}/${pageId}/videos`,
      ...form({ file_url: 'https://cdn.test/b.mp4', access_token: pageToken }),
    });
    const brokenStatus = (
      await app.inject({ url: `${FB}/${broken.json().id}?fields=status&access_token=${pageToken}` })
    ).json().status;
    expect(brokenStatus).toMatchObject({
      video_status: 'error',
      processing_phase: { status: 'error', errors: [expect.objectContaining({ message: expect.any(String) })] },
    });
  });

  it('takes a Page video in a resumable session: an id at start, published only once finished and processed', async () => {
    const pageId = state.findUser()!.pages[0]!.id;
    const pageToken = await facebookPageToken(
      app,
      await facebookUserToken(app, 'pages_show_list,pages_read_engagement,pages_manage_posts,publish_video'),
      pageId,
    );
    const videos = (fields: Record<string, string>, headers?: Record<string, string>, payload?: Buffer) =>
      app.inject({
        method: 'POST',
        url: `${FB}/${pageId}/videos`,
        ...(payload ? { headers, payload } : form({ ...fields, access_token: pageToken })),
      });
    const status = async (videoId: string) =>
      (await app.inject({ url: `${FB}/${videoId}?fields=status&access_token=${pageToken}` })).json().status;
    const boundary = 'video-chunk-boundary';
    const chunk = (sessionId: string, startOffset: number, bytes: Buffer) =>
      videos(
        {},
        { 'content-type': `multipart/form-data; boundary=${boundary}` },
        Buffer.concat([
          ...Object.entries({
            access_token: pageToken,
            upload_phase: 'transfer',
            upload_session_id: sessionId,
            start_offset: String(startOffset),
          }).map(([name, value]) =>
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
          ),
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="video_file_chunk"; filename="chunk"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      );

    expect(
      (await videos({ upload_phase: 'start', file_size: '3000', file_url: 'https://cdn.test/a.mp4' })).json().error
        .code,
    ).toBe(100);
    const start = (await videos({ upload_phase: 'start', file_size: '3000' })).json();
    expect(start).toEqual({
      video_id: expect.stringMatching(/^\d+$/),
      upload_session_id: expect.stringMatching(/^\d+$/),
      start_offset: '0',
      end_offset: '3000',
    });
    expect(await status(start.video_id)).toMatchObject({
      processing_phase: { status: 'not_started' },
      uploading_phase: { status: 'not_started' },
    });
    expect(
      (await videos({ upload_phase: 'finish', upload_session_id: start.upload_session_id })).json().error.message,
    ).toMatch(/received 0 of 3000/);
    // Only the very chunk asked for is taken: another start, or a shorter chunk, is Meta's 1363037
    // naming the chunk to send, and none of its bytes is kept.
    const wrongChunk = {
      code: 6001,
      error_subcode: 1363037,
      error_data: { start_offset: 0, end_offset: 3000 },
    };
    expect((await chunk(start.upload_session_id, 1000, Buffer.alloc(2000))).json().error).toMatchObject(wrongChunk);
    const short = await chunk(start.upload_session_id, 0, Buffer.alloc(1000));
    expect([short.statusCode, short.json().error]).toEqual([400, expect.objectContaining(wrongChunk)]);
    expect(await status(start.video_id)).toMatchObject({ uploading_phase: { bytes_transferred: 0 } });
    expect((await chunk(start.upload_session_id, 0, Buffer.alloc(3000))).json()).toEqual({
      start_offset: '3000',
      end_offset: '3000',
    });
    // Not finished: not processed, not published, not among the Page's videos.
    expect(await status(start.video_id)).toMatchObject({
      processing_phase: { status: 'not_started' },
      uploading_phase: { status: 'complete', bytes_transferred: 3000 },
    });
    expect((await app.inject({ url: `${FB}/${pageId}/videos?access_token=${pageToken}` })).json().data).toEqual([]);
    expect((await videos({ upload_phase: 'finish', upload_session_id: start.upload_session_id })).json()).toEqual({
      success: true,
    });
    expect(
      (await videos({ upload_phase: 'finish', upload_session_id: start.upload_session_id })).json().error.code,
    ).toBe(100);

    // Processing goes on for every video of the Page, polled or not: a second video's polls publish the first too.
    const other = (await videos({ upload_phase: 'start', file_size: '10' })).json();
    await chunk(other.upload_session_id, 0, Buffer.alloc(10));
    await videos({ upload_phase: 'finish', upload_session_id: other.upload_session_id, description: 'Second' });
    expect((await status(other.video_id)).video_status).toBe('processing');
    expect(await published('facebook')).toEqual([]);
    expect((await status(other.video_id)).video_status).toBe('ready');
    expect(
      (await published('facebook')).map((item: { postId: string; text: string; media: unknown }) => [
        item.postId,
        item.text,
        item.media,
      ]),
    ).toEqual([
      // The digest of the bytes received, in the order received: what a test compares with the file's.
      [start.video_id, '', [{ type: 'video', id: start.video_id, sha256: sha256(Buffer.alloc(3000)) }]],
      [other.video_id, 'Second', [{ type: 'video', id: other.video_id, sha256: sha256(Buffer.alloc(10)) }]],
    ]);
  });

  it("publishes on a Page: text, one photo, several photos, a comment; only with that Page's token", async () => {
    const userToken = await facebookUserToken(
      app,
      `${PUBLISHING_SCOPES},pages_manage_engagement,pages_read_user_content`,
    );
    const [page, otherPage] = state.findUser()!.pages;
    const pageToken = await facebookPageToken(app, userToken, page.id);

    const withUserToken = await app.inject({
      method: 'POST',
      url: `${FB}/${page.id}/feed`,
      ...form({ message: 'hi', access_token: userToken }),
    });
    expect(withUserToken.json().error.code).toBe(210);
    const otherPageRefused = await app.inject({
      method: 'POST',
      url: `${FB}/${otherPage.id}/feed`,
      ...form({ message: 'hi', access_token: pageToken }),
    });
    expect(otherPageRefused.json().error.code).toBe(200);

    const text = await app.inject({
      method: 'POST',
      url: `${FB}/${page.id}/feed`,
      ...form({ message: 'Fresh bread', access_token: pageToken }),
    });
    expect(text.json().id).toMatch(new RegExp(`^${page.id}_\\d+$`));
    expect(text.headers['x-business-use-case-usage']).toContain(page.id);

    const photo = await app.inject({
      method: 'POST',
      url: `${FB}/${page.id}/photos`,
      ...form({ url: 'https://cdn.test/a.jpg', caption: 'Croissant', access_token: pageToken }),
    });
    expect(photo.json()).toEqual({ id: expect.any(String), post_id: `${page.id}_${photo.json().id}` });

    const staged = [];
    for (const url of ['https://cdn.test/b.jpg', 'https://cdn.test/c.jpg']) {
      const response = await app.inject({
        method: 'POST',
        url: `${FB}/${page.id}/photos`,
        ...form({ url, published: 'false', access_token: pageToken }),
      });
      staged.push(response.json().id);
    }
    const album = await app.inject({
      method: 'POST',
      url: `${FB}/${page.id}/feed`,
      ...form({
        message: 'Two cakes',
        attached_media: JSON.stringify(staged.map((id) => ({ media_fbid: id }))),
        access_token: pageToken,
      }),
    });
    const comment = await app.inject({
      method: 'POST',
      url: `${FB}/${album.json().id}/comments`,
      ...form({ message: 'Part 2', access_token: pageToken }),
    });
    expect(comment.statusCode).toBe(200);
    const comments = await app.inject({
      url: `${FB}/${album.json().id}/comments?fields=id,message&access_token=${pageToken}`,
    });
    expect(comments.json().data).toEqual([{ id: comment.json().id, message: 'Part 2' }]);
    // An answer to that comment: under the post only with filter=stream, every level in one order.
    const answer = await app.inject({
      method: 'POST',
      url: `${FB}/${comment.json().id}/comments`,
      ...form({ message: 'Part 3', access_token: pageToken }),
    });
    const listed = (filter: string) =>
      app.inject({ url: `${FB}/${album.json().id}/comments?fields=id,parent{id}&${filter}access_token=${pageToken}` });
    expect((await listed('')).json().data).toEqual([{ id: comment.json().id }]);
    expect((await listed('filter=stream&order=reverse_chronological&')).json().data).toEqual([
      { id: answer.json().id, parent: { id: comment.json().id } },
      { id: comment.json().id },
    ]);
    expect((await listed('filter=everything&')).statusCode).toBe(400);

    const record = await published('facebook');
    expect(record.map((item: { text: string }) => item.text)).toEqual([
      'Fresh bread',
      'Croissant',
      'Two cakes',
      'Part 2',
      'Part 3',
    ]);
    expect(record[2].media.map((medium: { url: string }) => medium.url)).toEqual([
      'https://cdn.test/b.jpg',
      'https://cdn.test/c.jpg',
    ]);
    expect(record[3].parentId).toBe(album.json().id);
    expect(record[0]).toMatchObject({
      network: 'facebook',
      accountId: page.id,
      permalink: `http://localhost/emulator/facebook/${page.id}/posts/${text.json().id.split('_')[1]}`,
    });

    const duplicateFault = await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'facebook', accountId: page.id, fault: 'duplicate', count: 1 },
    });
    expect(duplicateFault.statusCode).toBe(201);
    const duplicate = await app.inject({
      method: 'POST',
      url: `${FB}/${page.id}/feed`,
      ...form({ message: 'Fresh bread', access_token: pageToken }),
    });
    expect(duplicate.json().error.code).toBe(506);
    expect(await published('facebook')).toHaveLength(5);
  });

  it('publishes an Instagram image, a Reel after polling, and a carousel; too early is 9007/2207027', async () => {
    await app.inject({ method: 'PUT', url: '/emulator/control/settings', payload: { instagramVideoPolls: 1 } });
    const { token } = await instagramShortToken(
      app,
      'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_comments',
    );
    const igId = state.findUser()!.instagram!.id;
    const create = async (values: Record<string, string>) =>
      (
        await app.inject({ method: 'POST', url: `${IG}/${igId}/media`, ...form({ ...values, access_token: token }) })
      ).json();
    const publish = (id: string) =>
      app.inject({ method: 'POST', url: `${IG}/${igId}/media_publish?creation_id=${id}&access_token=${token}` });
    const status = async (id: string) =>
      (await app.inject({ url: `${IG}/${id}?fields=status_code,status&access_token=${token}` })).json().status_code;

    const image = await create({ image_url: 'https://cdn.test/a.jpg', caption: 'Bread' });
    expect(await status(image.id)).toBe('FINISHED');
    const imageMedia = (await publish(image.id)).json();
    const permalink = await app.inject({ url: `${IG}/${imageMedia.id}?fields=permalink&access_token=${token}` });
    expect(permalink.json()).toEqual({
      permalink: expect.stringMatching(/^http:\/\/localhost\/emulator\/instagram\/p\/[^/]+\/$/),
      id: imageMedia.id,
    });
    const comment = (
      await app.inject({
        method: 'POST',
        url: `${IG}/${imageMedia.id}/comments`,
        ...form({ message: 'More', access_token: token }),
      })
    ).json();
    const comments = await app.inject({ url: `${IG}/${imageMedia.id}/comments?fields=id,text&access_token=${token}` });
    expect(comments.json().data).toEqual([{ id: comment.id, text: 'More' }]);
    // Replies are nested in their comment with replies{…}, not listed beside it.
    const reply = (
      await app.inject({
        method: 'POST',
        url: `${IG}/${comment.id}/replies`,
        ...form({ message: 'Even more', access_token: token }),
      })
    ).json();
    const withReplies = await app.inject({
      url: `${IG}/${imageMedia.id}/comments?fields=id,replies{id,text,parent_id}&access_token=${token}`,
    });
    expect(withReplies.json().data).toEqual([
      {
        id: comment.id,
        replies: {
          data: [{ id: reply.id, text: 'Even more', parent_id: comment.id }],
          paging: { cursors: { before: expect.any(String), after: expect.any(String) } },
        },
      },
    ]);

    const reel = await create({ media_type: 'REELS', video_url: 'https://cdn.test/v.mp4', caption: 'Reel' });
    const early = await publish(reel.id);
    expect(early.json().error).toMatchObject({ code: 9007, error_subcode: 2207027, is_transient: true });
    expect(await status(reel.id)).toBe('IN_PROGRESS');
    expect(await status(reel.id)).toBe('FINISHED');
    expect((await publish(reel.id)).statusCode).toBe(200);

    const items = [
      await create({ is_carousel_item: 'true', image_url: 'https://cdn.test/1.jpg' }),
      await create({ is_carousel_item: 'true', image_url: 'https://cdn.test/2.jpg' }),
    ];
    const tooFew = await app.inject({
      method: 'POST',
      url: `${IG}/${igId}/media`,
      ...form({ media_type: 'CAROUSEL', children: items[0].id, access_token: token }),
    });
    expect(tooFew.json().error.error_subcode).toBe(2207028);
    const carousel = await create({
      media_type: 'CAROUSEL',
      children: items.map((item) => item.id).join(','),
      caption: 'Two',
    });
    expect((await publish(carousel.id)).statusCode).toBe(200);

    const quota = await app.inject({
      url: `${IG}/${igId}/content_publishing_limit?fields=quota_usage,config&access_token=${token}`,
    });
    expect(quota.json()).toEqual({ data: [{ quota_usage: 3, config: { quota_total: 50, quota_duration: 86400 } }] });
    const record = await published('instagram');
    expect(record.map((item: { text: string; media: unknown[] }) => [item.text, item.media.length])).toEqual([
      ['Bread', 1],
      ['More', 0],
      ['Even more', 0],
      ['Reel', 1],
      ['Two', 2],
    ]);
  });

  it('fails a container with the container_error fault', async () => {
    const { token } = await instagramShortToken(app);
    const igId = state.findUser()!.instagram!.id;
    await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'instagram', accountId: igId, fault: 'container_error', count: 1 },
    });
    const container = (
      await app.inject({
        method: 'POST',
        url: `${IG}/${igId}/media`,
        ...form({ image_url: 'https://cdn.test/a.jpg', access_token: token }),
      })
    ).json();
    const status = await app.inject({ url: `${IG}/${container.id}?fields=status_code,status&access_token=${token}` });
    expect(status.json()).toMatchObject({ status_code: 'ERROR', status: expect.stringContaining('Error') });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${IG}/${igId}/media_publish?creation_id=${container.id}&access_token=${token}`,
        })
      ).statusCode,
    ).toBe(400);
    expect(await published('instagram')).toHaveLength(0);
  });

  it('publishes Instagram through Facebook Login on the Facebook Graph', async () => {
    const userToken = await facebookUserToken(app);
    const igId = state.findUser()!.pages[0].instagram!.id;
    const container = await app.inject({
      method: 'POST',
      url: `${FB}/${igId}/media`,
      ...form({ image_url: 'https://cdn.test/a.jpg', caption: 'Via FB', access_token: userToken }),
    });
    const media = await app.inject({
      method: 'POST',
      url: `${FB}/${igId}/media_publish`,
      ...form({ creation_id: container.json().id, access_token: userToken }),
    });
    expect(media.statusCode).toBe(200);
    expect((await published('instagram'))[0]).toMatchObject({
      accountId: igId,
      text: 'Via FB',
      postId: media.json().id,
    });
  });

  it('tweets with an uploaded image, replies, refuses duplicates, and uploads a video in chunks', async () => {
    const { access_token: token } = await xTokens(app);
    const auth = { authorization: `Bearer ${token}` };
    const profile = state.findUser()!.x!;
    const boundary = 'emulator-test-boundary';
    const multipart = (fields: Record<string, string>, bytes: Buffer) =>
      Buffer.concat([
        ...Object.entries(fields).map(([name, value]) =>
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const multipartHeaders = { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` };

    const image = await app.inject({
      method: 'POST',
      url: `${X}/2/media/upload`,
      headers: multipartHeaders,
      payload: multipart({ media_category: 'tweet_image' }, Buffer.alloc(1000, 1)),
    });
    expect(image.json().data).toMatchObject({
      id: expect.any(String),
      media_key: `3_${image.json().data.id}`,
      size: 1000,
    });

    const first = await app.inject({
      method: 'POST',
      url: `${X}/2/tweets`,
      headers: auth,
      payload: { text: 'Hello', media: { media_ids: [image.json().data.id] } },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ data: { id: expect.stringMatching(/^\d{19}$/), text: 'Hello' } });
    expect(first.headers['x-rate-limit-limit']).toBe('100');
    const reply = await app.inject({
      method: 'POST',
      url: `${X}/2/tweets`,
      headers: auth,
      payload: { text: 'Part 2', reply: { in_reply_to_tweet_id: first.json().data.id } },
    });
    expect(reply.statusCode).toBe(201);
    const duplicate = await app.inject({
      method: 'POST',
      url: `${X}/2/tweets`,
      headers: auth,
      payload: { text: 'Hello' },
    });
    expect(duplicate.statusCode).toBe(403);
    expect(duplicate.json().detail).toBe('You are not allowed to create a Tweet with duplicate content.');
    const tooLong = await app.inject({
      method: 'POST',
      url: `${X}/2/tweets`,
      headers: auth,
      payload: { text: '字'.repeat(141) },
    });
    expect(tooLong.statusCode).toBe(400);

    const init = await app.inject({
      method: 'POST',
      url: `${X}/2/media/upload/initialize`,
      headers: auth,
      payload: { media_type: 'video/mp4', total_bytes: 3000, media_category: 'tweet_video' },
    });
    const videoId = init.json().data.id;
    for (const segment of [0, 1]) {
      const append = await app.inject({
        method: 'POST',
        url: `${X}/2/media/upload/${videoId}/append`,
        headers: multipartHeaders,
        payload: multipart({ segment_index: String(segment) }, Buffer.alloc(1500)),
      });
      expect(append.statusCode).toBe(200);
    }
    const finalize = await app.inject({
      method: 'POST',
      url: `${X}/2/media/upload/${videoId}/finalize`,
      headers: auth,
    });
    expect(finalize.json().data.processing_info.state).toBe('pending');
    const early = await app.inject({
      method: 'POST',
      url: `${X}/2/tweets`,
      headers: auth,
      payload: { text: 'Video', media: { media_ids: [videoId] } },
    });
    expect(early.statusCode).toBe(400);
    const states = [];
    for (let poll = 0; poll < 3; poll += 1) {
      const status = await app.inject({ url: `${X}/2/media/upload?command=STATUS&media_id=${videoId}`, headers: auth });
      states.push(status.json().data.processing_info.state);
    }
    expect(states).toEqual(['in_progress', 'in_progress', 'succeeded']);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${X}/2/tweets`,
          headers: auth,
          payload: { text: 'Video', media: { media_ids: [videoId] } },
        })
      ).statusCode,
    ).toBe(201);

    const record = await published('x');
    expect(record.map((item: { text: string }) => item.text)).toEqual(['Hello', 'Part 2', 'Video']);
    expect(record[1]).toMatchObject({
      accountId: profile.id,
      replyToId: first.json().data.id,
      permalink: `http://localhost/emulator/x/${profile.username}/status/${reply.json().data.id}`,
    });
    expect(record[2].media).toEqual([{ type: 'video', id: videoId, size: 3000 }]);

    // The timeline names each tweet's media by key, and the tweet it replies to, when asked (X's spec names).
    const timeline = await app.inject({
      url: `${X}/2/users/${profile.id}/tweets?max_results=5&post.fields=attachments&expansions=referenced_posts`,
      headers: auth,
    });
    expect(timeline.json().data).toEqual([
      expect.objectContaining({ text: 'Video', attachments: { media_keys: [`7_${videoId}`] } }),
      expect.objectContaining({
        text: 'Part 2',
        referenced_posts: [{ type: 'replied_to', id: first.json().data.id }],
      }),
      expect.objectContaining({ text: 'Hello', attachments: { media_keys: [image.json().data.media_key] } }),
    ]);
    expect(timeline.json().data[1].attachments).toBeUndefined();
    const plain = await app.inject({ url: `${X}/2/users/${profile.id}/tweets?max_results=5`, headers: auth });
    expect(plain.json().data[0]).toEqual({
      id: record[2].postId,
      text: 'Video',
      edit_history_post_ids: [record[2].postId],
    });
  });
});
