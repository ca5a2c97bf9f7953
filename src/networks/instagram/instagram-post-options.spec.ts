import { PostPart } from '../network-adapter';
import { part } from '../graph/publish-request.testing';
import {
  INSTAGRAM_COLLABORATORS_MAX,
  INSTAGRAM_OPTION_NAMES,
  INSTAGRAM_OPTIONS_SCHEMA,
  INSTAGRAM_POST_OPTIONS,
  instagramOptionProblems,
} from './instagram-post-options';

const JPG = 'https://cdn.example.com/a.jpg';
const MP4 = 'https://cdn.example.com/a.mp4';
const image = [part('Look', ['image', JPG])];
const video = [part('Watch', ['video', MP4])];
const carousel = [part('Both', ['image', JPG], ['video', MP4])];
const fieldsAndRules = (options: Record<string, unknown>, parts: PostPart[] = image) =>
  instagramOptionProblems(options, 'options.instagram', parts).map(({ field, rule }) => ({ field, rule }));

describe('options.instagram', () => {
  it('takes every option where Instagram takes it', () => {
    expect(
      fieldsAndRules({
        placement: 'feed',
        collaborators: ['bakery.friend', 'miller_2'],
        userTags: [{ mediaIndex: 0, username: 'baker', x: 0, y: 1 }],
        locationId: '110843418940484',
      }),
    ).toEqual([]);
    expect(
      fieldsAndRules(
        {
          placement: 'reel',
          collaborators: ['a', 'b', 'c'],
          userTags: [{ mediaIndex: 0, username: 'baker' }],
          locationId: '1',
          shareToFeed: false,
          coverUrl: 'https://cdn.example.com/cover.jpg',
          trialReel: { graduation: 'performance' },
        },
        video,
      ),
    ).toEqual([]);
    expect(fieldsAndRules({ placement: 'reel', thumbOffsetMs: 0, trialReel: { graduation: 'manual' } }, video)).toEqual(
      [],
    );
    expect(
      fieldsAndRules({
        placement: 'story',
        userTags: [
          { mediaIndex: 0, username: 'baker' },
          { mediaIndex: 0, username: 'm', x: 0.5, y: 0.2 },
        ],
      }),
    ).toEqual([]);
    // A carousel: an image tag has its coordinates, a video tag has none.
    expect(
      fieldsAndRules(
        {
          userTags: [
            { mediaIndex: 0, username: 'baker', x: 0.1, y: 0.9 },
            { mediaIndex: 1, username: 'miller' },
          ],
          collaborators: ['a'],
          locationId: '7',
        },
        carousel,
      ),
    ).toEqual([]);
  });

  it('refuses a placement Instagram does not have, an unknown option and unknown fields', () => {
    expect(fieldsAndRules({ placement: 'highlight', music: 'x' })).toEqual([
      { field: 'options.instagram.music', rule: 'option_unknown' },
      { field: 'options.instagram.placement', rule: 'option_invalid' },
    ]);
    expect(fieldsAndRules({ userTags: [{ mediaIndex: 0, username: 'a', x: 0, y: 0, z: 1 }] })).toEqual([
      { field: 'options.instagram.userTags[0].z', rule: 'option_unknown' },
    ]);
    expect(fieldsAndRules({ placement: 'reel', trialReel: { graduation: 'manual', days: 3 } }, video)).toEqual([
      { field: 'options.instagram.trialReel.days', rule: 'option_unknown' },
    ]);
  });

  it(`takes up to ${INSTAGRAM_COLLABORATORS_MAX} collaborators, by username, and none on a story`, () => {
    expect(fieldsAndRules({ collaborators: ['a', 'b', 'c', 'd'] })).toEqual([
      { field: 'options.instagram.collaborators', rule: 'option_invalid' },
    ]);
    expect(fieldsAndRules({ collaborators: ['ok', 'not a name', 7] })).toEqual([
      { field: 'options.instagram.collaborators[1]', rule: 'option_invalid' },
      { field: 'options.instagram.collaborators[2]', rule: 'option_invalid' },
    ]);
    expect(fieldsAndRules({ collaborators: 'a,b' })).toEqual([
      { field: 'options.instagram.collaborators', rule: 'option_invalid' },
    ]);
    expect(fieldsAndRules({ placement: 'story', collaborators: ['a'] })).toEqual([
      { field: 'options.instagram.collaborators', rule: 'options_exclusive' },
    ]);
  });

  it('refuses a tag on a medium the post does not have', () => {
    expect(fieldsAndRules({ userTags: [{ mediaIndex: 1, username: 'a', x: 0.5, y: 0.5 }] })).toEqual([
      { field: 'options.instagram.userTags[0].mediaIndex', rule: 'option_invalid' },
    ]);
    for (const mediaIndex of [-1, 0.5, '0', undefined])
      expect(fieldsAndRules({ userTags: [{ mediaIndex, username: 'a', x: 0.5, y: 0.5 }] })).toEqual([
        { field: 'options.instagram.userTags[0].mediaIndex', rule: 'option_invalid' },
      ]);
    expect(fieldsAndRules({ userTags: [{ mediaIndex: 0, username: 'a' }] }, [part('No media')])).toEqual([
      { field: 'options.instagram.userTags[0].mediaIndex', rule: 'option_invalid' },
    ]);
  });

  it('needs x and y from 0 to 1 on an image, takes them on a story, and refuses them on a video', () => {
    expect(fieldsAndRules({ userTags: [{ mediaIndex: 0, username: 'a', x: 1.2, y: -0.1 }] })).toEqual([
      { field: 'options.instagram.userTags[0].x', rule: 'option_invalid' },
      { field: 'options.instagram.userTags[0].y', rule: 'option_invalid' },
    ]);
    expect(fieldsAndRules({ userTags: [{ mediaIndex: 0, username: 'a', x: '0.5', y: 0.5 }] })).toEqual([
      { field: 'options.instagram.userTags[0].x', rule: 'option_invalid' },
    ]);
    expect(fieldsAndRules({ userTags: [{ mediaIndex: 0, username: 'a', y: 0.5 }] })).toEqual([
      { field: 'options.instagram.userTags[0].x', rule: 'option_invalid' },
    ]);
    expect(fieldsAndRules({ userTags: [{ mediaIndex: 1, username: 'a', x: 0.5 }] }, carousel)).toEqual([
      { field: 'options.instagram.userTags[0].x', rule: 'option_invalid' },
    ]);
    expect(
      fieldsAndRules({ placement: 'reel', userTags: [{ mediaIndex: 0, username: 'a', x: 0.5, y: 0.5 }] }, video),
    ).toEqual([
      { field: 'options.instagram.userTags[0].x', rule: 'option_invalid' },
      { field: 'options.instagram.userTags[0].y', rule: 'option_invalid' },
    ]);
    expect(fieldsAndRules({ placement: 'story', userTags: [{ mediaIndex: 0, username: 'a', x: 2 }] }, video)).toEqual([
      { field: 'options.instagram.userTags[0].x', rule: 'option_invalid' },
    ]);
    expect(fieldsAndRules({ userTags: [{ mediaIndex: 0, username: '', x: 0, y: 0 }] })).toEqual([
      { field: 'options.instagram.userTags[0].username', rule: 'option_invalid' },
    ]);
  });

  it('takes no location on a story, and a location that is a Page id', () => {
    expect(fieldsAndRules({ placement: 'story', locationId: '1' })).toEqual([
      { field: 'options.instagram.locationId', rule: 'options_exclusive' },
    ]);
    expect(fieldsAndRules({ locationId: 1234 })).toEqual([
      { field: 'options.instagram.locationId', rule: 'option_invalid' },
    ]);
  });

  it('takes the reel options on reels only, a cover or an offset (not both), and a known graduation', () => {
    for (const placement of [undefined, 'feed', 'story'])
      expect(
        fieldsAndRules(
          { placement, shareToFeed: true, coverUrl: 'https://c.example/c.jpg', trialReel: { graduation: 'manual' } },
          video,
        ),
      ).toEqual([
        { field: 'options.instagram.shareToFeed', rule: 'options_exclusive' },
        { field: 'options.instagram.coverUrl', rule: 'options_exclusive' },
        { field: 'options.instagram.trialReel', rule: 'options_exclusive' },
      ]);
    expect(
      fieldsAndRules({ placement: 'reel', coverUrl: 'https://c.example/c.jpg', thumbOffsetMs: 1500 }, video),
    ).toEqual([{ field: 'options.instagram.thumbOffsetMs', rule: 'options_exclusive' }]);
    expect(fieldsAndRules({ placement: 'reel', trialReel: { graduation: 'auto' } }, video)).toEqual([
      { field: 'options.instagram.trialReel.graduation', rule: 'option_invalid' },
    ]);
    expect(
      fieldsAndRules({ placement: 'reel', shareToFeed: 'no', coverUrl: 'ftp://c/c.jpg', thumbOffsetMs: -1 }, video),
    ).toEqual([
      { field: 'options.instagram.shareToFeed', rule: 'option_invalid' },
      { field: 'options.instagram.coverUrl', rule: 'option_invalid' },
      { field: 'options.instagram.thumbOffsetMs', rule: 'option_invalid' },
      { field: 'options.instagram.thumbOffsetMs', rule: 'options_exclusive' },
    ]);
  });

  it('publishes a JSON Schema naming the same options, bounds and enums the check uses', () => {
    const schema = INSTAGRAM_OPTIONS_SCHEMA as {
      additionalProperties: boolean;
      properties: Record<string, Record<string, unknown>>;
    };
    expect(INSTAGRAM_POST_OPTIONS.schema).toBe(INSTAGRAM_OPTIONS_SCHEMA);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toEqual(INSTAGRAM_OPTION_NAMES);
    expect(schema.properties.placement!.enum).toEqual(['feed', 'reel', 'story']);
    expect(schema.properties.collaborators!.maxItems).toBe(INSTAGRAM_COLLABORATORS_MAX);
    // Each bound of the schema, one past it, is refused by the check.
    const tag = (
      schema.properties.userTags!.items as { properties: Record<string, { minimum?: number; maximum?: number }> }
    ).properties;
    expect([tag.x!.minimum, tag.x!.maximum, tag.y!.minimum, tag.y!.maximum]).toEqual([0, 1, 0, 1]);
    expect(fieldsAndRules({ userTags: [{ mediaIndex: 0, username: 'a', x: 1.0001, y: -0.0001 }] })).toHaveLength(2);
    expect(fieldsAndRules({ collaborators: ['a', 'b', 'c'] })).toEqual([]);
  });
});
