import { PostMedia, PostPart } from '../network-adapter';
import { INSTAGRAM_GRADUATION_STRATEGY, InstagramPostOptions } from './instagram-post-options';

/** The form of one `POST /{ig-user-id}/media` call; absent values are not sent. */
export type ContainerForm = Record<string, string | undefined>;

/**
 * The container calls of a post: `container` alone (an image, a reel, a story), or `items` (one per
 * medium, in order) and then `container`, the CAROUSEL, to which the items' ids are added as
 * `children`.
 */
export interface InstagramContainerParams {
  items?: ContainerForm[];
  container: ContainerForm;
}

/** A JSON-encoded list or object parameter (user_tags, collaborators, trial_params), as the page's samples send. */
const json = (value: unknown): string => JSON.stringify(value);

/** `user_tags` of the medium at `mediaIndex`: username, and x/y where given (images and stories). */
function userTags(options: InstagramPostOptions, mediaIndex: number): string | undefined {
  const tags = (options.userTags ?? [])
    .filter((tag) => tag.mediaIndex === mediaIndex)
    .map(({ username, x, y }) => ({ username, ...(x !== undefined ? { x } : {}), ...(y !== undefined ? { y } : {}) }));
  return tags.length ? json(tags) : undefined;
}

const collaborators = (options: InstagramPostOptions): string | undefined =>
  options.collaborators?.length ? json(options.collaborators) : undefined;

/** alt_text goes on images only ("Reels and stories are not supported"); elsewhere it is a warning at validation. */
const altText = (media: PostMedia): string | undefined =>
  (media.kind === 'image' ? media.altText : undefined) || undefined;

function carouselItem(media: PostMedia, index: number, options: InstagramPostOptions): ContainerForm {
  const tags = userTags(options, index);
  return media.kind === 'video'
    ? { is_carousel_item: 'true', media_type: 'VIDEO', video_url: media.url, user_tags: tags }
    : { is_carousel_item: 'true', image_url: media.url, alt_text: altText(media), user_tags: tags };
}

/** A reel's own parameters: share_to_feed (placement reel: true unless false), cover_url or thumb_offset, trial_params. */
function reelParams(options: InstagramPostOptions, placementReel: boolean): ContainerForm {
  return {
    share_to_feed: placementReel ? String(options.shareToFeed ?? true) : undefined,
    cover_url: options.coverUrl,
    thumb_offset: options.thumbOffsetMs === undefined ? undefined : String(options.thumbOffsetMs),
    trial_params: options.trialReel
      ? json({ graduation_strategy: INSTAGRAM_GRADUATION_STRATEGY[options.trialReel.graduation] })
      : undefined,
  };
}

/**
 * What the IG User Media reference takes on each kind of container
 * (https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media;
 * contracts/meta/instagram-publishing-rules.json): a story is `media_type=STORIES` with its medium and
 * user tags only (no caption, collaborators or location); a reel and a feed image take the caption,
 * collaborators, user tags and location; a carousel takes the caption, collaborators and location,
 * its items their own user tags (and an image its alt text). The options were checked at acceptance.
 */
export function instagramContainerParams(post: PostPart, options: InstagramPostOptions): InstagramContainerParams {
  const caption = post.text || undefined;
  const placement = options.placement ?? 'feed';
  const [first] = post.media;
  const medium = (media: PostMedia) => (media.kind === 'video' ? { video_url: media.url } : { image_url: media.url });
  if (placement === 'story')
    return { container: { media_type: 'STORIES', ...medium(first!), user_tags: userTags(options, 0) } };
  const shared = { caption, collaborators: collaborators(options), location_id: options.locationId };
  if (post.media.length === 1) {
    if (first!.kind === 'video')
      return {
        container: {
          media_type: 'REELS',
          video_url: first!.url,
          ...shared,
          user_tags: userTags(options, 0),
          ...reelParams(options, placement === 'reel'),
        },
      };
    return {
      container: { image_url: first!.url, ...shared, alt_text: altText(first!), user_tags: userTags(options, 0) },
    };
  }
  return {
    items: post.media.map((media, index) => carouselItem(media, index, options)),
    container: { media_type: 'CAROUSEL', ...shared },
  };
}
