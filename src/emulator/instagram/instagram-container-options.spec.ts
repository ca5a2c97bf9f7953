import { FastifyInstance } from 'fastify';
import { emulatorApp, form, instagramShortToken } from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';

const IG = '/emulator/instagram/graph/v25.0';
const IMAGE = 'https://cdn.test/a.jpg';
const VIDEO = 'https://cdn.test/v.mp4';

/**
 * Stories, reel settings and the feed options (alt text, user tags, collaborators, location) on the
 * emulated POST /{ig-user-id}/media, held to Meta's publishing rules
 * (contracts/meta/instagram-publishing-rules.json) and recorded on what is published.
 */
describe('Instagram container options', () => {
  let app: FastifyInstance;
  let state: EmulatorState;
  let token: string;
  let igId: string;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
    ({ token } = await instagramShortToken(app));
    igId = state.findUser()!.instagram!.id;
  });
  afterEach(() => app.close());

  const create = (values: Record<string, string>) =>
    app.inject({ method: 'POST', url: `${IG}/${igId}/media`, ...form({ ...values, access_token: token }) });
  const publish = async (values: Record<string, string>) => {
    const container = await create(values);
    expect(container.json()).toEqual({ id: expect.any(String) });
    // A video is published once a status read found it processed, as a publisher polls it.
    await node(container.json().id, 'status_code');
    const media = await app.inject({
      method: 'POST',
      url: `${IG}/${igId}/media_publish`,
      ...form({ creation_id: container.json().id, access_token: token }),
    });
    expect(media.statusCode).toBe(200);
    return media.json().id as string;
  };
  const node = async (id: string, fields: string) =>
    (await app.inject({ url: `${IG}/${id}?fields=${fields}&access_token=${token}` })).json();
  const recorded = async (): Promise<PublishedItem[]> =>
    (await app.inject({ url: '/emulator/control/published?network=instagram' })).json().data;
  const refusal = async (values: Record<string, string>) => {
    const response = await create(values);
    expect(response.statusCode).toBe(400);
    return response.json().error;
  };

  it('publishes an image story, recorded and shown as STORY, and counts it toward the publishing limit', async () => {
    const id = await publish({ media_type: 'STORIES', image_url: IMAGE, user_tags: '[{"username":"bob"}]' });
    expect(await node(id, 'media_type,media_product_type')).toEqual({
      id,
      media_type: 'IMAGE',
      media_product_type: 'STORY',
    });
    const [story] = await recorded();
    expect(story).toMatchObject({
      postId: id,
      instagram: { productType: 'STORY' },
      media: [{ type: 'image', url: IMAGE, userTags: [{ username: 'bob' }] }],
    });
    const limit = await app.inject({
      url: `${IG}/${igId}/content_publishing_limit?fields=quota_usage&access_token=${token}`,
    });
    expect(limit.json().data).toEqual([{ quota_usage: 1 }]);
  });

  it('lists a story on /{ig-user-id}/stories and not among /{ig-user-id}/media, as Meta serves them', async () => {
    const feed = await publish({ image_url: IMAGE, caption: 'Feed' });
    const story = await publish({ media_type: 'STORIES', image_url: IMAGE });
    const list = async (edge: string) =>
      (await app.inject({ url: `${IG}/${igId}/${edge}?fields=id,media_type&access_token=${token}` })).json().data;
    expect(await list('media')).toEqual([{ id: feed, media_type: 'IMAGE' }]);
    expect(await list('stories')).toEqual([{ id: story, media_type: 'IMAGE' }]);
  });

  it('processes a video story as a reel is processed before it can be published', async () => {
    await app.inject({ method: 'PUT', url: '/emulator/control/settings', payload: { instagramVideoPolls: 1 } });
    const container = (await create({ media_type: 'STORIES', video_url: VIDEO })).json();
    const status = async () => (await node(container.id, 'status_code')).status_code;
    expect(await status()).toBe('IN_PROGRESS');
    expect(await status()).toBe('FINISHED');
    await app.inject({
      method: 'POST',
      url: `${IG}/${igId}/media_publish`,
      ...form({ creation_id: container.id, access_token: token }),
    });
    expect((await recorded())[0]).toMatchObject({ instagram: { productType: 'STORY' }, media: [{ type: 'video' }] });
  });

  it('records a reel with its cover, share_to_feed=false, thumbnail offset and trial', async () => {
    await app.inject({ method: 'PUT', url: '/emulator/control/settings', payload: { instagramVideoPolls: 0 } });
    const id = await publish({
      media_type: 'REELS',
      video_url: VIDEO,
      cover_url: 'https://cdn.test/cover.jpg',
      thumb_offset: '1500',
      share_to_feed: 'false',
      trial_params: '{"graduation_strategy":"SS_PERFORMANCE"}',
      collaborators: '["carol"]',
      user_tags: '[{"username":"dan"}]',
    });
    expect(await node(id, 'media_product_type,is_shared_to_feed,permalink')).toMatchObject({
      media_product_type: 'REELS',
      is_shared_to_feed: false,
      permalink: expect.stringContaining('/reel/'),
    });
    expect((await recorded())[0]).toMatchObject({
      instagram: {
        productType: 'REELS',
        coverUrl: 'https://cdn.test/cover.jpg',
        thumbOffsetMs: 1500,
        shareToFeed: false,
        trialParams: { graduationStrategy: 'SS_PERFORMANCE' },
        collaborators: ['carol'],
      },
      media: [{ type: 'video', userTags: [{ username: 'dan' }] }],
    });
  });

  it('records a feed image with alt text, user tags, collaborators and a location', async () => {
    const id = await publish({
      image_url: IMAGE,
      caption: 'Tagged',
      alt_text: 'Bread on a board',
      user_tags: '[{"username":"bob","x":0.5,"y":1}]',
      collaborators: '["carol","dan"]',
      location_id: '110843418940484',
    });
    expect(await node(id, 'alt_text,media_product_type,is_shared_to_feed')).toEqual({
      id,
      alt_text: 'Bread on a board',
      media_product_type: 'FEED',
    });
    const [item] = await recorded();
    expect(item).toMatchObject({
      text: 'Tagged',
      instagram: { productType: 'FEED', collaborators: ['carol', 'dan'], locationId: '110843418940484' },
      media: [{ altText: 'Bread on a board', userTags: [{ username: 'bob', x: 0.5, y: 1 }] }],
    });
    expect(item!.instagram).not.toHaveProperty('altText');
  });

  it("keeps each carousel item's alt text and user tags on its medium", async () => {
    const first = (
      await create({
        is_carousel_item: 'true',
        image_url: IMAGE,
        alt_text: 'One',
        user_tags: '[{"username":"bob","x":0,"y":0}]',
      })
    ).json().id;
    const second = (await create({ is_carousel_item: 'true', image_url: 'https://cdn.test/b.jpg' })).json().id;
    await publish({ media_type: 'CAROUSEL', children: `${first},${second}`, location_id: '42' });
    expect((await recorded())[0]).toMatchObject({
      instagram: { productType: 'FEED', locationId: '42' },
      media: [{ altText: 'One', userTags: [{ username: 'bob', x: 0, y: 0 }] }, { id: second }],
    });
  });

  it('still takes media_type=IMAGE for an image, as it always did', async () => {
    await publish({ media_type: 'IMAGE', image_url: IMAGE });
    expect((await recorded())[0]).toMatchObject({ instagram: { productType: 'FEED' }, media: [{ type: 'image' }] });
  });

  it.each([
    [
      'collaborators on a story',
      { media_type: 'STORIES', image_url: IMAGE, collaborators: '["carol"]' },
      'collaborators',
    ],
    ['4 collaborators', { image_url: IMAGE, collaborators: '["a","b","c","d"]' }, 'collaborators'],
    ['a user tag at x=1.2', { image_url: IMAGE, user_tags: '[{"username":"bob","x":1.2,"y":0.5}]' }, 'user_tags[0].x'],
    [
      'a user tag without y on an image',
      { image_url: IMAGE, user_tags: '[{"username":"bob","x":0.2}]' },
      'user_tags[0].y',
    ],
    ['user tags that are not JSON', { image_url: IMAGE, user_tags: 'bob' }, 'user_tags'],
    ['alt text on a reel', { media_type: 'REELS', video_url: VIDEO, alt_text: 'A clip' }, 'alt_text'],
    ['alt text on a story', { media_type: 'STORIES', image_url: IMAGE, alt_text: 'A story' }, 'alt_text'],
    ['alt text over 1000 characters', { image_url: IMAGE, alt_text: 'a'.repeat(1001) }, 'alt_text'],
    [
      'trial_params on an image',
      { image_url: IMAGE, trial_params: '{"graduation_strategy":"MANUAL"}' },
      'trial_params',
    ],
    [
      'a graduation strategy Meta does not list',
      { media_type: 'REELS', video_url: VIDEO, trial_params: '{"graduation_strategy":"AUTO"}' },
      'trial_params.graduation_strategy',
    ],
    ['a location on a carousel item', { is_carousel_item: 'true', image_url: IMAGE, location_id: '42' }, 'location_id'],
    ['a location on a story', { media_type: 'STORIES', image_url: IMAGE, location_id: '42' }, 'location_id'],
    ['a cover on an image', { image_url: IMAGE, cover_url: 'https://cdn.test/c.jpg' }, 'cover_url'],
    ['share_to_feed on a story', { media_type: 'STORIES', image_url: IMAGE, share_to_feed: 'true' }, 'share_to_feed'],
    ['a story of two media', { media_type: 'STORIES', image_url: IMAGE, video_url: VIDEO }, 'both'],
    [
      'share_to_feed that is not a bool',
      { media_type: 'REELS', video_url: VIDEO, share_to_feed: 'maybe' },
      'share_to_feed',
    ],
  ])('refuses %s with code 100 naming the parameter', async (_name, values, named) => {
    const error = await refusal(values);
    expect(error).toMatchObject({ code: 100, type: 'OAuthException', is_transient: false });
    expect(error.error_user_msg).toContain(named);
    expect(await recorded()).toEqual([]);
  });

  it('refuses a negative thumbnail offset with 2207057', async () => {
    const error = await refusal({ media_type: 'REELS', video_url: VIDEO, thumb_offset: '-5' });
    expect(error).toMatchObject({ code: 1, error_subcode: 2207057 });
  });

  it('refuses a story media_type on a carousel item as a type it does not take (2207023)', async () => {
    const error = await refusal({ media_type: 'STORIES', is_carousel_item: 'true', image_url: IMAGE });
    expect(error).toMatchObject({ code: 100, error_subcode: 2207023 });
  });
});
