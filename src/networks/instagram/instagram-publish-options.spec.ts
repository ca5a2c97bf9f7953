import { GraphContract, InstagramContainerRules } from '../../contracts';
import { part, publishRequest } from '../graph/publish-request.testing';
import { answer, APP, NOW, RecordingHttp } from '../http/recording-http.testing';
import { NetworkRequest } from '../http/network-http.client';
import { PostPart } from '../network-adapter';
import { InstagramAdapter } from './instagram.adapter';
import { IG_GRAPH, IG_TOKEN, IG_USER_ID, idAnswer, permalinkAnswer, statusAnswer } from './instagram-publish.fixtures';
import { InstagramSettings } from './instagram.settings';

/** Instagram's options (options.instagram) on the containers, each call held to Meta's contract. */

const settings = new InstagramSettings(
  'instagram',
  'https://www.instagram.com/oauth/authorize',
  'https://api.instagram.com/oauth/access_token',
  IG_GRAPH,
  APP,
  false,
);
const JPG = 'https://cdn.example.com/cake.jpg';
const JPG2 = 'https://cdn.example.com/bread.jpg';
const MP4 = 'https://cdn.example.com/clip.mp4';
const COVER = 'https://cdn.example.com/cover.jpg';
const withAlt = (parts: PostPart, ...alts: (string | undefined)[]): PostPart => ({
  ...parts,
  media: parts.media.map((media, index) => ({ ...media, altText: alts[index] })),
});
const fieldsAndRules = (parts: PostPart[], options?: Record<string, unknown>) =>
  new InstagramAdapter(settings, new RecordingHttp())
    .validate(parts, options)
    .map(({ field, rule }) => ({ field, rule }));

/** The container calls of a publish, without the token, after checking each against the codegen spec and the page's rules. */
function containerForms(requests: NetworkRequest[]): Record<string, string>[] {
  return requests
    .filter((request) => request.method === 'POST' && request.url === `${IG_GRAPH}/${IG_USER_ID}/media`)
    .map((request) => {
      const params = Object.fromEntries(
        Object.entries(request.form ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const call = { network: 'instagram' as const, node: 'IGUserForIGOnlyAPI', method: 'POST', edge: 'media', params };
      expect(GraphContract.load().checkCall(call)).toEqual([]);
      expect(InstagramContainerRules.load().check(params)).toEqual([]);
      const { access_token: _token, ...form } = params;
      return form;
    });
}

/** Publishes `parts` with `options` through containers c0…, FINISHED, media_publish and the permalink. */
async function publish(parts: PostPart[], options: Record<string, unknown>, containers = 1) {
  const http = new RecordingHttp(
    ...Array.from({ length: containers }, (_, i) => answer(200, idAnswer(`c${i}`))),
    answer(200, statusAnswer(`c${containers - 1}`, 'FINISHED')),
    answer(200, idAnswer('m1')),
    answer(200, permalinkAnswer('m1')),
  );
  const delivery = { ...publishRequest(IG_USER_ID, IG_TOKEN, parts), options };
  await expect(new InstagramAdapter(settings, http).publish(delivery)).resolves.toMatchObject({
    kind: 'published',
    platformPostId: 'm1',
  });
  return containerForms(http.requests);
}

describe('Instagram content rules per placement', () => {
  it('a story is one image or video; without one it is refused at the media', () => {
    expect(fieldsAndRules([part('', ['image', JPG])], { placement: 'story' })).toEqual([]);
    expect(fieldsAndRules([part('', ['video', MP4])], { placement: 'story' })).toEqual([]);
    expect(fieldsAndRules([part('')], { placement: 'story' })).toEqual([
      { field: 'containers[0].media', rule: 'media_required' },
    ]);
    expect(fieldsAndRules([part('', ['image', JPG], ['image', JPG2])], { placement: 'story' })).toEqual([
      { field: 'containers[0].media', rule: 'media_too_many' },
    ]);
  });

  it("a story's text is not published: a warning, and no caption limits", () => {
    expect(fieldsAndRules([part('#a '.repeat(40), ['image', JPG])], { placement: 'story' })).toEqual([
      { field: 'containers[0].content', rule: 'text_not_sent' },
    ]);
  });

  it('a reel is exactly one video', () => {
    expect(fieldsAndRules([part('Watch', ['video', MP4])], { placement: 'reel' })).toEqual([]);
    expect(fieldsAndRules([part('Watch')], { placement: 'reel' })).toEqual([
      { field: 'containers[0].media', rule: 'media_required' },
    ]);
    expect(fieldsAndRules([part('Watch', ['image', JPG])], { placement: 'reel' })).toEqual([
      { field: 'containers[0].media[0]', rule: 'media_kind' },
    ]);
    expect(fieldsAndRules([part('Watch', ['video', MP4], ['video', MP4])], { placement: 'reel' })).toEqual([
      { field: 'containers[0].media', rule: 'media_too_many' },
    ]);
  });

  it('warns of alt text Instagram cannot take: on a reel, a story, a single video and a carousel video', () => {
    const alt = 'A loaf on a board';
    expect(fieldsAndRules([withAlt(part('', ['image', JPG]), alt)])).toEqual([]);
    expect(fieldsAndRules([withAlt(part('', ['image', JPG], ['video', MP4]), alt, alt)])).toEqual([
      { field: 'containers[0].media[1].altText', rule: 'alt_text_not_sent' },
    ]);
    expect(fieldsAndRules([withAlt(part('', ['video', MP4]), alt)])).toEqual([
      { field: 'containers[0].media[0].altText', rule: 'alt_text_not_sent' },
    ]);
    expect(fieldsAndRules([withAlt(part('', ['video', MP4]), alt)], { placement: 'reel' })).toEqual([
      { field: 'containers[0].media[0].altText', rule: 'alt_text_not_sent' },
    ]);
    expect(fieldsAndRules([withAlt(part('', ['image', JPG]), alt)], { placement: 'story' })).toEqual([
      { field: 'containers[0].media[0].altText', rule: 'alt_text_not_sent' },
    ]);
  });
});

describe('Instagram options on the containers', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('a feed image: alt_text, collaborators, user_tags and location_id on its container', async () => {
    const forms = await publish([withAlt(part('Fresh bread', ['image', JPG]), 'A loaf')], {
      collaborators: ['miller', 'bakery.friend'],
      userTags: [{ mediaIndex: 0, username: 'baker', x: 0.25, y: 0.75 }],
      locationId: '110843418940484',
    });
    expect(forms).toEqual([
      {
        image_url: JPG,
        caption: 'Fresh bread',
        alt_text: 'A loaf',
        collaborators: '["miller","bakery.friend"]',
        user_tags: '[{"username":"baker","x":0.25,"y":0.75}]',
        location_id: '110843418940484',
      },
    ]);
  });

  it("a carousel: each item's user tags and image alt text on the item, collaborators and location on the carousel", async () => {
    const forms = await publish(
      [withAlt(part('Two', ['image', JPG], ['video', MP4]), 'A loaf', 'A clip')],
      {
        collaborators: ['miller'],
        userTags: [
          { mediaIndex: 1, username: 'filmer' },
          { mediaIndex: 0, username: 'baker', x: 0.5, y: 0.5 },
        ],
        locationId: '7',
      },
      3,
    );
    expect(forms).toEqual([
      {
        is_carousel_item: 'true',
        image_url: JPG,
        alt_text: 'A loaf',
        user_tags: '[{"username":"baker","x":0.5,"y":0.5}]',
      },
      { is_carousel_item: 'true', media_type: 'VIDEO', video_url: MP4, user_tags: '[{"username":"filmer"}]' },
      { media_type: 'CAROUSEL', children: 'c0,c1', caption: 'Two', collaborators: '["miller"]', location_id: '7' },
    ]);
  });

  it('an image story: media_type STORIES with its medium and tags, no caption', async () => {
    const forms = await publish([withAlt(part('Not published', ['image', JPG]), 'A loaf')], {
      placement: 'story',
      userTags: [{ mediaIndex: 0, username: 'baker' }],
    });
    expect(forms).toEqual([{ media_type: 'STORIES', image_url: JPG, user_tags: '[{"username":"baker"}]' }]);
  });

  it('a video story: media_type STORIES with video_url', async () => {
    expect(await publish([part('', ['video', MP4])], { placement: 'story' })).toEqual([
      { media_type: 'STORIES', video_url: MP4 },
    ]);
  });

  it('a reel: share_to_feed (true unless false), cover_url, trial_params, collaborators, tags by username', async () => {
    expect(
      await publish([part('Watch', ['video', MP4])], {
        placement: 'reel',
        shareToFeed: false,
        coverUrl: COVER,
        collaborators: ['miller'],
        userTags: [{ mediaIndex: 0, username: 'baker' }],
        locationId: '7',
        trialReel: { graduation: 'performance' },
      }),
    ).toEqual([
      {
        media_type: 'REELS',
        video_url: MP4,
        caption: 'Watch',
        share_to_feed: 'false',
        cover_url: COVER,
        collaborators: '["miller"]',
        user_tags: '[{"username":"baker"}]',
        location_id: '7',
        trial_params: '{"graduation_strategy":"SS_PERFORMANCE"}',
      },
    ]);
    expect(
      await publish([part('Watch', ['video', MP4])], {
        placement: 'reel',
        thumbOffsetMs: 1500,
        trialReel: { graduation: 'manual' },
      }),
    ).toEqual([
      {
        media_type: 'REELS',
        video_url: MP4,
        caption: 'Watch',
        share_to_feed: 'true',
        thumb_offset: '1500',
        trial_params: '{"graduation_strategy":"MANUAL"}',
      },
    ]);
  });

  it('a single video in the feed stays the reel it always was, without share_to_feed', async () => {
    expect(await publish([part('Watch', ['video', MP4])], {})).toEqual([
      { media_type: 'REELS', video_url: MP4, caption: 'Watch' },
    ]);
  });
});
