import type { StoredContainer } from './post.entity';
import { mediaLimitProblems } from './media-limit-problems';
import { FACEBOOK_MEDIA_LIMITS } from '../networks/facebook/facebook-media-limits';
import { INSTAGRAM_MEDIA_LIMITS } from '../networks/instagram/instagram-media-limits';
import { X_MEDIA_LIMITS } from '../networks/x/x-media-limits';

/** Each network's own table, as its adapter states it (NetworkAdapter.mediaLimits). */
const LIMITS = { facebook: FACEBOOK_MEDIA_LIMITS, instagram: INSTAGRAM_MEDIA_LIMITS, x: X_MEDIA_LIMITS };
type Platform = keyof typeof LIMITS;

const MB = 1024 * 1024;
const video = (durationMs: number | undefined, size = MB): StoredContainer['media'][number] => ({
  url: 'https://api.example.com/media-files/med_1.mp4',
  kind: 'video',
  mediaId: 'med_1',
  size,
  contentType: 'video/mp4',
  ...(durationMs === undefined ? {} : { durationMs }),
});
const image = (size: number): StoredContainer['media'][number] => ({
  url: 'u.jpg',
  kind: 'image',
  mediaId: 'med_2',
  size,
});
const rules = (platform: Platform, media: StoredContainer['media']) =>
  mediaLimitProblems(LIMITS[platform], [{ content: '', media }]).map((problem) => problem.rule);

describe('mediaLimitProblems', () => {
  it("checks a video's duration against each network's range", () => {
    expect(rules('x', [video(140_000)])).toEqual([]);
    expect(rules('x', [video(140_001)])).toEqual(['media_too_long']);
    expect(rules('x', [video(400)])).toEqual(['media_too_short']);
    expect(rules('instagram', [video(2_900)])).toEqual(['media_too_short']);
    expect(rules('instagram', [video(15 * 60_000)])).toEqual([]);
    expect(rules('facebook', [video(3 * 3600_000)])).toEqual([]);
    expect(rules('facebook', [video(5 * 3600_000)])).toEqual(['media_too_long']);
  });

  it('holds an Instagram story to its own limits: a video of 3 to 60 seconds and 100 MB, an image of 8 MB', () => {
    const story = (media: StoredContainer['media']) =>
      mediaLimitProblems(LIMITS.instagram, [{ content: '', media }], 'story').map((problem) => problem.rule);
    expect(story([video(60_000, 100 * MB)])).toEqual([]);
    expect(story([video(60_001)])).toEqual(['media_too_long']);
    expect(story([video(2_999)])).toEqual(['media_too_short']);
    expect(story([video(30_000, 100 * MB + 1)])).toEqual(['media_too_large']);
    expect(story([image(8 * MB + 1)])).toEqual(['media_too_large']);
    // A reel (or a placement with no limits of its own) keeps the network's: 15 minutes, 300 MB.
    expect(
      mediaLimitProblems(LIMITS.instagram, [{ content: '', media: [video(15 * 60_000, 300 * MB)] }], 'reel'),
    ).toEqual([]);
  });

  it('holds a Facebook reel to 3 to 90 s and a story to 3 to 60 s and 10 MB photos (Reels Publishing, Page Stories guides)', () => {
    const on = (placement: string, media: StoredContainer['media']) =>
      mediaLimitProblems(LIMITS.facebook, [{ content: '', media }], placement);
    expect(on('reel', [video(3000)])).toEqual([]);
    expect(on('reel', [video(90_000)])).toEqual([]);
    expect(on('reel', [video(90_001)])).toEqual([
      {
        field: 'containers[0].media[0].id',
        rule: 'media_too_long',
        message: 'containers[0].media[0].id: the video lasts 90.1 s; this network takes 3 s to 90 s',
      },
    ]);
    expect(on('reel', [video(2999)]).map((problem) => problem.rule)).toEqual(['media_too_short']);
    expect(on('story', [video(60_000)])).toEqual([]);
    expect(on('story', [video(61_000)]).map((problem) => problem.rule)).toEqual(['media_too_long']);
    expect(on('story', [image(10 * MB + 1)]).map((problem) => problem.rule)).toEqual(['media_too_large']);
    // A feed video keeps the network's own bounds.
    expect(on('feed', [video(600_000)])).toEqual([]);
  });

  it("takes a Facebook video up to the 10 GB of Facebook's resumable upload", () => {
    expect(rules('facebook', [video(60_000, 10 * 1024 * MB)])).toEqual([]);
    expect(rules('facebook', [video(60_000, 10 * 1024 * MB + 1)])).toEqual(['media_too_large']);
  });

  it("holds an Instagram carousel's videos to 60 seconds, a Reel to 15 minutes", () => {
    expect(rules('instagram', [video(90_000)])).toEqual([]);
    expect(rules('instagram', [video(90_000), image(MB)])).toEqual(['media_too_long']);
  });

  it('says the duration and the range in the message, and names the field', () => {
    const [problem] = mediaLimitProblems(LIMITS.x, [
      { content: 'a', media: [] },
      { content: 'b', media: [video(150_000)] },
    ]);
    expect(problem).toEqual({
      field: 'containers[1].media[0].id',
      rule: 'media_too_long',
      message: 'containers[1].media[0].id: the video lasts 150 s; this network takes 0.5 s to 140 s',
    });
  });

  it('never says a refused duration as the limit itself: rounded away from it', () => {
    const message = (platform: Platform, durationMs: number) =>
      mediaLimitProblems(LIMITS[platform], [{ content: '', media: [video(durationMs)] }])[0]!.message;
    expect(message('x', 140_040)).toMatch(/lasts 140\.1 s; this network takes 0\.5 s to 140 s$/);
    expect(message('instagram', 2_960)).toMatch(/lasts 2\.9 s; this network takes 3 s to 15 min$/);
  });

  it('checks sizes beside durations, and leaves a duration nobody measured (a URL) alone', () => {
    expect(rules('x', [video(150_000, 600 * MB)])).toEqual(['media_too_large', 'media_too_long']);
    expect(rules('x', [video(undefined)])).toEqual([]);
    expect(rules('x', [image(6 * MB)])).toEqual(['media_too_large']);
  });
});
