import { pageReelsStoriesRules } from '../../contracts';
import { MAX_UPLOAD_BYTES } from '../../media';
import { FACEBOOK_MEDIA_LIMITS } from '../facebook/facebook-media-limits';
import { INSTAGRAM_MEDIA_LIMITS } from '../instagram/instagram-media-limits';
import { X_MEDIA_LIMITS } from '../x/x-media-limits';
import { ACCOUNT_FEATURES } from '../account-permissions';
import { FacebookAdapter } from '../facebook/facebook.adapter';
import { FACEBOOK_MAX_PHOTOS } from '../facebook/facebook-content-rules';
import { FacebookSettings } from '../facebook/facebook.settings';
import { APP, RecordingHttp } from '../http/recording-http.testing';
import { InstagramAdapter } from '../instagram/instagram.adapter';
import { INSTAGRAM_CAPTION_LIMIT, INSTAGRAM_CAROUSEL_MAX } from '../instagram/instagram-content-rules';
import { INSTAGRAM_LOGIN_SETTINGS } from '../instagram/instagram.fixtures';
import { INSTAGRAM_PLACEMENT_MEDIA } from '../instagram/instagram-placement-media';
import {
  INSTAGRAM_PLACEMENT_OPTION_SCHEMAS,
  INSTAGRAM_PLACEMENT_OPTIONS,
  INSTAGRAM_PLACEMENTS,
} from '../instagram/instagram-post-options';
import { InstagramSettings } from '../instagram/instagram.settings';
import { NetworkAdapter } from '../network-adapter';
import { NO_POST_OPTIONS } from '../post-options';
import { X_MAX_IMAGES } from '../x/x-content-rules';
import { X_LONG_POST_MAX_WEIGHTED_LENGTH, X_STANDARD_MAX_WEIGHTED_LENGTH } from '../x/x-subscription';
import { X_PERMISSION_NEEDS } from '../x/x-permissions';
import { X_OPTIONS_SCHEMA } from '../x/x-post-options';
import { XAdapter } from '../x/x.adapter';
import { XSettings } from '../x/x.settings';
import { capabilityDocument, networkSummary } from './capability-document';

const MB = 1024 * 1024;
const http = new RecordingHttp();
const x = new XAdapter(new XSettings('https://x.com/i/oauth2/authorize', 'https://api.x.com', APP, false), http);
const facebook = new FacebookAdapter(
  new FacebookSettings('https://www.facebook.com/v25.0/dialog/oauth', 'https://graph.facebook.com/v25.0', APP, false),
  http,
);
const instagramSettings = (login: 'facebook' | 'instagram') =>
  login === 'instagram'
    ? INSTAGRAM_LOGIN_SETTINGS
    : new InstagramSettings(
        'facebook',
        'https://www.facebook.com/v25.0/dialog/oauth',
        'https://api.instagram.com/oauth/access_token',
        'https://graph.facebook.com/v25.0',
        APP,
        false,
      );
const instagram = (login: 'facebook' | 'instagram') => new InstagramAdapter(instagramSettings(login), http);

describe('the capability document', () => {
  it("states X's limits from the constants its rules check, and X's options schema", () => {
    const document = capabilityDocument(x);
    expect(networkSummary(x)).toEqual({ id: 'x', displayName: 'X', aliases: ['twitter'] });
    expect(document).toMatchObject({ id: 'x', displayName: 'X', aliases: ['twitter'] });
    expect(document.text).toEqual({
      maxLength: X_STANDARD_MAX_WEIGHTED_LENGTH,
      counting: 'weighted',
      maxHashtags: null,
      maxMentions: null,
      accountMaxLength: {
        maxLength: X_LONG_POST_MAX_WEIGHTED_LENGTH,
        accounts: 'X accounts whose subscription (subscription_type) is Premium or PremiumPlus',
      },
    });
    const media = document.placements.feed!.media;
    expect(media.maxItems).toBe(X_MAX_IMAGES);
    expect(media.kinds.image).toEqual({
      formats: ['jpg', 'jpeg', 'png', 'webp'],
      maxItems: X_MAX_IMAGES,
      alone: false,
      maxBytes: X_MEDIA_LIMITS.size.image,
    });
    expect(media.kinds.video).toMatchObject({ maxItems: 1, alone: true, duration: X_MEDIA_LIMITS.video });
    expect(media.kinds.video!.durationAmongOthers).toBeUndefined();
    expect(document.defaultPlacement).toBe('feed');
    expect(document.placementOption).toBeNull();
    expect(document.thread).toEqual({ partsBecome: 'replies', partMedia: true, partTextRequired: false });
    expect(document.options).toEqual({
      names: ['poll', 'replySettings', 'quotePostId', 'communityId'],
      schema: X_OPTIONS_SCHEMA,
    });
    expect(document.unpublish).toEqual({ supported: true });
    expect(document.editAfterPublishing).toEqual({ supported: true });
    expect(document.comments).toEqual({ supported: true, commentId: 'a post id of 1 to 19 digits' });
    expect(document.metrics).toEqual({
      post: ['impressions', 'likes', 'comments', 'shares', 'quotes', 'bookmarks'],
      account: ['followers', 'following', 'posts'],
    });
  });

  it('lists the permissions of each feature the network names, in the order of the features', () => {
    const { permissions } = capabilityDocument(x);
    expect(permissions.map((entry) => entry.feature)).toEqual(
      ACCOUNT_FEATURES.filter((feature) => X_PERMISSION_NEEDS[feature]),
    );
    for (const { feature, anyOf } of permissions) expect(anyOf).toEqual(X_PERMISSION_NEEDS[feature]);
  });

  it("states Instagram's caption, carousel and carousel-video limits; unpublishing only through Facebook Login", () => {
    const document = capabilityDocument(instagram('facebook'));
    expect(document.text).toEqual({
      maxLength: INSTAGRAM_CAPTION_LIMIT,
      counting: 'utf16',
      maxHashtags: 30,
      maxMentions: 20,
    });
    const media = document.placements.feed!.media;
    expect(media).toMatchObject({ minItems: 1, maxItems: INSTAGRAM_CAROUSEL_MAX });
    expect(Object.keys(media.kinds)).toEqual(['image', 'video']);
    expect(media.kinds.video).toMatchObject({
      duration: INSTAGRAM_MEDIA_LIMITS.video,
      durationAmongOthers: INSTAGRAM_MEDIA_LIMITS.carouselVideo,
    });
    expect(document.thread).toEqual({ partsBecome: 'comments', partMedia: false, partTextRequired: true });
    expect(document.unpublish.supported).toBe(true);
    expect(capabilityDocument(instagram('instagram')).unpublish.supported).toBe(false);
    // An Instagram medium's caption cannot be changed through the API, with either login.
    expect(document.editAfterPublishing.supported).toBe(false);
    expect(document.metrics.post).toEqual(['views', 'reach', 'shares', 'saves', 'likes', 'comments']);
  });

  it('states a Page post: no text limit checked, up to 10 photos (GIFs among them), one video alone', () => {
    const document = capabilityDocument(facebook);
    expect(document.text.maxLength).toBeNull();
    const { kinds } = document.placements.feed!.media;
    expect(kinds.image).toMatchObject({
      formats: ['jpg', 'jpeg', 'bmp', 'png', 'tif', 'tiff'],
      maxItems: FACEBOOK_MAX_PHOTOS,
    });
    expect(kinds.gif).toMatchObject({ formats: ['gif'], maxItems: FACEBOOK_MAX_PHOTOS, alone: false });
    expect(kinds.video).toMatchObject({ formats: ['mp4', 'mov', 'm4v'], maxItems: 1, alone: true });
    // Facebook takes 10 GB; the service takes no upload past 1 GB: the lower is what a post can have.
    expect(FACEBOOK_MEDIA_LIMITS.size.video).toBeGreaterThan(MAX_UPLOAD_BYTES.video);
    expect(kinds.video!.maxBytes).toBe(MAX_UPLOAD_BYTES.video);
    expect(document.metrics).toEqual({
      post: ['views', 'viewers', 'reactions', 'comments', 'shares'],
      account: ['followers', 'fans'],
    });
  });

  it("states Instagram's reel and story from the placements' media table, limits and options the rules read", () => {
    const document = capabilityDocument(instagram('facebook'));
    expect(document.placementOption).toBe('placement');
    expect(Object.keys(document.placements)).toEqual([...INSTAGRAM_PLACEMENTS]);
    const { reel, story } = document.placements;
    expect(reel!.media).toEqual({
      minItems: 1,
      maxItems: 1,
      kinds: {
        video: {
          ...INSTAGRAM_PLACEMENT_MEDIA.reel.kinds.video,
          maxBytes: INSTAGRAM_MEDIA_LIMITS.placements!.reel!.size.video,
          duration: INSTAGRAM_MEDIA_LIMITS.placements!.reel!.video,
        },
      },
    });
    expect(story!.media.kinds.video).toMatchObject({ duration: { minMs: 3000, maxMs: 60_000 }, maxBytes: 100 * MB });
    expect(story!.media.kinds.video!.durationAmongOthers).toBeUndefined();
    expect(story!.media.kinds.image).toMatchObject({ maxItems: 1, maxBytes: 8 * MB });
    // A story's text is not published (a warning): no limit is stated for it.
    expect(story!.text).toEqual({ maxLength: null, counting: 'utf16', maxHashtags: null, maxMentions: null });
    expect(story!.options).toEqual(INSTAGRAM_PLACEMENT_OPTIONS.story);
    expect(story!.options).not.toContain('collaborators');
    expect(document.placements.feed!.options).not.toContain('shareToFeed');
    expect(reel!.optionSchemas).toEqual(INSTAGRAM_PLACEMENT_OPTION_SCHEMAS.reel);
  });

  it("states Facebook's reel (one video, 3 to 90 s) and story (one photo or video, at most 60 s, no thread, no link)", () => {
    const document = capabilityDocument(facebook);
    expect(document.placementOption).toBe('placement');
    const { reel, story } = document.placements;
    expect(Object.keys(reel!.media.kinds)).toEqual(['video']);
    expect(reel!.media).toMatchObject({ minItems: 1, maxItems: 1 });
    expect(reel!.media.kinds.video!.duration).toEqual(pageReelsStoriesRules().reelDuration);
    expect(story!.media.kinds.video!.duration).toEqual(pageReelsStoriesRules().videoStoryDuration);
    expect(story!.media.kinds.image).toMatchObject({
      maxItems: 1,
      maxBytes: pageReelsStoriesRules().photoStoryMaxBytes,
    });
    expect(story!.thread).toBeNull();
    expect(reel!.thread).toBeUndefined();
    expect(story!.options).toEqual(['placement']);
    expect(document.placements.feed!.options).toEqual(['placement', 'link']);
  });

  it('says so of a network without options, comments or unpublishing', () => {
    const bare = {
      ...networkSummary(x),
      capabilities: x.capabilities,
      permissionNeeds: {},
      metricNames: { post: [], account: [] },
    } as unknown as NetworkAdapter;
    const document = capabilityDocument(bare);
    expect(document.options).toEqual({ names: [], schema: NO_POST_OPTIONS.schema });
    expect(document.comments).toEqual({ supported: false, commentId: null });
    expect(document.unpublish).toEqual({ supported: false });
    expect(document.editAfterPublishing).toEqual({ supported: false });
    expect(document.permissions).toEqual([]);
  });

  it('answers a copy: changing an answer never changes what the rules read', () => {
    const document = capabilityDocument(x);
    document.text.maxLength = 1;
    document.placements.feed!.media.kinds.image!.formats.push('bmp');
    (document.options.schema.properties as Record<string, unknown>).poll = {};
    expect(x.capabilities.text.maxLength).toBe(X_STANDARD_MAX_WEIGHTED_LENGTH);
    expect(x.capabilities.placements.feed!.media.kinds.image!.formats).not.toContain('bmp');
    expect((X_OPTIONS_SCHEMA.properties as Record<string, unknown>).poll).not.toEqual({});
    expect(capabilityDocument(x).text.maxLength).toBe(X_STANDARD_MAX_WEIGHTED_LENGTH);
  });

  it('states every installed network, each with a placement for its default and an options schema', () => {
    for (const adapter of [x, facebook, instagram('facebook')] as NetworkAdapter[]) {
      const document = capabilityDocument(adapter);
      expect(document.placements[document.defaultPlacement]).toBeDefined();
      expect(adapter.postOptions?.schema ?? NO_POST_OPTIONS.schema).toBeDefined();
    }
  });
});
