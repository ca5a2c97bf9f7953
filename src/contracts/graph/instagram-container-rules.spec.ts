import { InstagramContainerRules } from './instagram-container-rules';

const rules = InstagramContainerRules.load();
const messages = (params: Record<string, string>) => rules.check(params).map((v) => v.message);
const IMAGE = 'https://cdn.example.com/a.jpg';
const VIDEO = 'https://cdn.example.com/a.mp4';

describe('InstagramContainerRules (the IG User Media page)', () => {
  it('accepts the containers the adapter sends today', () => {
    expect(messages({ image_url: IMAGE, caption: 'hi' })).toEqual([]);
    expect(messages({ media_type: 'REELS', video_url: VIDEO, caption: 'hi' })).toEqual([]);
    expect(messages({ is_carousel_item: 'true', image_url: IMAGE })).toEqual([]);
    expect(messages({ is_carousel_item: 'true', media_type: 'VIDEO', video_url: VIDEO })).toEqual([]);
    expect(messages({ media_type: 'CAROUSEL', children: '1,2', caption: 'hi' })).toEqual([]);
  });

  it('accepts every option on the container the page allows it on', () => {
    const tags = JSON.stringify([{ username: 'ana', x: 0, y: 1 }]);
    expect(
      messages({
        image_url: IMAGE,
        alt_text: 'a'.repeat(1000),
        collaborators: JSON.stringify(['a', 'b', 'c']),
        user_tags: tags,
        location_id: '123',
      }),
    ).toEqual([]);
    expect(
      messages({
        media_type: 'REELS',
        video_url: VIDEO,
        share_to_feed: 'false',
        cover_url: IMAGE,
        thumb_offset: '1500',
        collaborators: 'a,b',
        user_tags: JSON.stringify([{ username: 'ana' }]),
        trial_params: JSON.stringify({ graduation_strategy: 'SS_PERFORMANCE' }),
      }),
    ).toEqual([]);
    expect(messages({ media_type: 'STORIES', image_url: IMAGE, user_tags: tags })).toEqual([]);
    expect(
      messages({ media_type: 'STORIES', video_url: VIDEO, user_tags: JSON.stringify([{ username: 'ana' }]) }),
    ).toEqual([]);
    expect(messages({ media_type: 'STORIES', upload_type: 'resumable' })).toEqual([]);
  });

  it('knows the media_type values: STORIES is one, VIDEO only on a carousel item, IMAGE none', () => {
    expect(rules.rules.mediaType.values).toEqual(['CAROUSEL', 'REELS', 'STORIES']);
    expect(messages({ media_type: 'VIDEO', video_url: VIDEO })).toEqual([
      'media_type "VIDEO" is not one of CAROUSEL, REELS, STORIES (VIDEO only on a carousel item)',
    ]);
    expect(messages({ media_type: 'IMAGE', image_url: IMAGE })).toHaveLength(1);
    expect(messages({ is_carousel_item: 'true', media_type: 'REELS', video_url: VIDEO })).toEqual([
      'media_type "REELS" on a carousel item is not one of VIDEO',
    ]);
  });

  it('refuses a story without a medium, with two, or with a carousel child list', () => {
    expect(messages({ media_type: 'STORIES', caption: 'text only' })).toEqual([
      'story containers need one of "image_url", "video_url", "upload_type"',
    ]);
    expect(messages({ media_type: 'STORIES', image_url: IMAGE, video_url: VIDEO })).toEqual([
      'story containers take one medium: image_url and video_url were both sent',
    ]);
    expect(messages({ media_type: 'STORIES', image_url: IMAGE, children: '1,2' })).toEqual([
      '"children" is not supported on story containers (only carousel)',
    ]);
    expect(messages({ media_type: 'REELS', image_url: IMAGE })).toEqual([
      '"image_url" is not supported on reel containers',
      'reel containers need one of "video_url", "upload_type"',
    ]);
  });

  it('collaborators: at most 3, and not on stories or carousel items', () => {
    expect(messages({ image_url: IMAGE, collaborators: JSON.stringify(['a', 'b', 'c', 'd']) })).toEqual([
      '"collaborators" lists 4 items; at most 3',
    ]);
    expect(messages({ media_type: 'STORIES', image_url: IMAGE, collaborators: '["a"]' })).toEqual([
      '"collaborators" is not supported on story containers (only image, reel, carousel)',
    ]);
    expect(messages({ is_carousel_item: 'true', image_url: IMAGE, collaborators: '["a"]' })).toHaveLength(1);
    expect(messages({ image_url: IMAGE, collaborators: '["a",' })).toEqual(['"collaborators" is not a list']);
  });

  it('user_tags: x and y from 0 to 1, required on images, optional on stories, not on videos', () => {
    const tag = (entry: Record<string, unknown>) => JSON.stringify([entry]);
    expect(messages({ image_url: IMAGE, user_tags: tag({ username: 'ana', x: 1.2, y: -0.1 }) })).toEqual([
      'user_tags[0].x must be a number from 0 to 1',
      'user_tags[0].y must be a number from 0 to 1',
    ]);
    expect(messages({ image_url: IMAGE, user_tags: tag({ username: 'ana', x: 0.5 }) })).toEqual([
      'user_tags[0].y is required on image containers',
    ]);
    expect(messages({ image_url: IMAGE, user_tags: tag({ x: 0.5, y: 0.5 }) })).toEqual([
      'user_tags[0].username is required',
    ]);
    expect(messages({ media_type: 'REELS', video_url: VIDEO, user_tags: tag({ username: 'a', x: 0.5 }) })).toEqual([
      'user_tags[0].x applies only to image, carousel_image, story containers',
    ]);
    expect(messages({ media_type: 'CAROUSEL', children: '1,2', user_tags: tag({ username: 'a' }) })).toHaveLength(1);
    expect(messages({ image_url: IMAGE, user_tags: "[{username:'a',x:0.5,y:0.5}]" })).toEqual([
      '"user_tags" is not a JSON array',
    ]);
  });

  it('alt_text: up to 1000 characters, on images and image carousel items only', () => {
    expect(messages({ image_url: IMAGE, alt_text: 'é'.repeat(1001) })).toEqual([
      '"alt_text" is longer than 1000 characters',
    ]);
    expect(messages({ is_carousel_item: 'true', image_url: IMAGE, alt_text: 'a cat' })).toEqual([]);
    const notImages: Record<string, string>[] = [
      { media_type: 'REELS', video_url: VIDEO },
      { media_type: 'STORIES', image_url: IMAGE },
      { is_carousel_item: 'true', media_type: 'VIDEO', video_url: VIDEO },
    ];
    for (const params of notImages) {
      expect(messages({ ...params, alt_text: 'a cat' })).toEqual([
        expect.stringMatching(/^"alt_text" is not supported on (reel|story|carousel_video) containers/),
      ]);
    }
  });

  it('trial_params: reels only, graduation_strategy required and MANUAL or SS_PERFORMANCE', () => {
    const reel = { media_type: 'REELS', video_url: VIDEO };
    expect(messages({ ...reel, trial_params: '{"graduation_strategy":"MANUAL"}' })).toEqual([]);
    expect(messages({ ...reel, trial_params: '{"graduation_strategy":"manual"}' })).toEqual([
      'trial_params.graduation_strategy: "manual" is not one of MANUAL, SS_PERFORMANCE',
    ]);
    expect(messages({ ...reel, trial_params: '{}' })).toEqual(['trial_params.graduation_strategy is required']);
    expect(messages({ ...reel, trial_params: 'MANUAL' })).toEqual(['"trial_params" is not a JSON object']);
    expect(messages({ image_url: IMAGE, trial_params: '{"graduation_strategy":"MANUAL"}' })).toEqual([
      '"trial_params" is not supported on image containers (only reel)',
    ]);
  });

  it('location_id: not on carousel items nor stories; caption not on carousel items; reel-only options', () => {
    expect(messages({ is_carousel_item: 'true', image_url: IMAGE, location_id: '1' })).toEqual([
      '"location_id" is not supported on carousel_image containers (only image, reel, carousel)',
    ]);
    expect(messages({ media_type: 'STORIES', image_url: IMAGE, location_id: '1' })).toHaveLength(1);
    expect(messages({ media_type: 'CAROUSEL', children: '1,2', location_id: '1' })).toEqual([]);
    expect(messages({ is_carousel_item: 'true', image_url: IMAGE, caption: 'x' })).toHaveLength(1);
    expect(messages({ image_url: IMAGE, cover_url: IMAGE, share_to_feed: 'true' })).toEqual([
      '"share_to_feed" is not supported on image containers (only reel, carousel)',
      '"cover_url" is not supported on image containers (only reel)',
    ]);
  });

  it('carousels: children required, at most 10', () => {
    expect(messages({ media_type: 'CAROUSEL' })).toEqual(['"children" is required on carousel containers']);
    const eleven = Array.from({ length: 11 }, (_, i) => String(i)).join(',');
    expect(messages({ media_type: 'CAROUSEL', children: eleven })).toEqual(['"children" lists 11 items; at most 10']);
  });

  it('reports as an Instagram request violation of the operation it was given', () => {
    expect(rules.check({ media_type: 'STORIES' }, 'IGUserForIGOnlyAPI')).toEqual([
      {
        network: 'instagram',
        operation: 'POST IGUserForIGOnlyAPI/media',
        kind: 'request',
        message: 'story containers need one of "image_url", "video_url", "upload_type"',
      },
    ]);
  });

  it('cites a dated snapshot of a page for every rule', () => {
    const { sources, params, media, mediaType } = rules.rules;
    for (const rule of [mediaType, ...Object.values(media), ...Object.values(params)]) {
      const source = sources[rule.source];
      expect(source?.url).toMatch(/^https:\/\/developers\.facebook\.com\//);
      expect(source?.snapshot).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(rule.quote.length).toBeGreaterThan(20);
    }
  });
});
