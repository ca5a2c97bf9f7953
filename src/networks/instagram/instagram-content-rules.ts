import { mediaExtensionOf } from '../media-kind';
import { ContentRule } from '../content-rule';
import { ContentProblem, PostMedia, PostPart } from '../network-adapter';
import { kindsTakenIn, mediaKindProblems } from '../placement-media';
import type { NetworkPostOptions } from '../post-options';
import {
  INSTAGRAM_CAROUSEL_MAX,
  INSTAGRAM_CAROUSEL_MIN,
  INSTAGRAM_IMAGE_FORMATS,
  INSTAGRAM_PLACEMENT_MEDIA,
  INSTAGRAM_VIDEO_FORMATS,
} from './instagram-placement-media';
import { InstagramPlacement, instagramPlacementOf } from './instagram-post-options';

export {
  INSTAGRAM_CAROUSEL_MAX,
  INSTAGRAM_CAROUSEL_MIN,
  INSTAGRAM_IMAGE_FORMATS,
  INSTAGRAM_VIDEO_FORMATS,
} from './instagram-placement-media';

export const INSTAGRAM_CAPTION_LIMIT = 2200;
export const INSTAGRAM_HASHTAG_LIMIT = 30;
export const INSTAGRAM_MENTION_LIMIT = 20;
const TAKEN_KINDS = kindsTakenIn(INSTAGRAM_PLACEMENT_MEDIA);
const IMAGE_EXTENSIONS = new Set(INSTAGRAM_IMAGE_FORMATS);
const VIDEO_EXTENSIONS = new Set(INSTAGRAM_VIDEO_FORMATS);
const MEDIA_FORMAT: ContentRule = 'media_format';

export const hashtagsIn = (text: string): number => (text.match(/#[\p{L}\p{N}_]+/gu) ?? []).length;
export const mentionsIn = (text: string): number => (text.match(/(?<![\p{L}\p{N}_])@[A-Za-z0-9._]+/gu) ?? []).length;

function mediaProblem(media: PostMedia): string | undefined {
  const extension = mediaExtensionOf(media.url) ?? '';
  if (media.kind === 'gif') return 'Instagram does not take GIFs: use a JPEG image or an MP4/MOV video';
  if (media.kind === 'image' && !IMAGE_EXTENSIONS.has(extension))
    return 'Instagram images must be JPEG (.jpg or .jpeg)';
  if (media.kind === 'video' && !VIDEO_EXTENSIONS.has(extension)) return 'Instagram videos must be MP4 or MOV';
  return undefined;
}

function captionProblems(text: string, field: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  // Counted in UTF-16 units like Graph's own check: an emoji counts 2, which is never too lenient.
  if (text.length > INSTAGRAM_CAPTION_LIMIT) {
    problems.push({
      field,
      rule: 'text_too_long',
      message: `An Instagram caption has at most ${INSTAGRAM_CAPTION_LIMIT} characters (got ${text.length})`,
    });
  }
  const hashtags = hashtagsIn(text);
  if (hashtags > INSTAGRAM_HASHTAG_LIMIT)
    problems.push({
      field,
      rule: 'hashtags_too_many',
      message: `An Instagram caption has at most ${INSTAGRAM_HASHTAG_LIMIT} hashtags (got ${hashtags})`,
    });
  const mentions = mentionsIn(text);
  if (mentions > INSTAGRAM_MENTION_LIMIT)
    problems.push({
      field,
      rule: 'mentions_too_many',
      message: `An Instagram caption has at most ${INSTAGRAM_MENTION_LIMIT} @mentions (got ${mentions})`,
    });
  return problems;
}

/**
 * What an Instagram post must be: at least one medium (more than one makes a carousel of 2–10),
 * JPEG images and MP4/MOV videos, a caption within Instagram's limits; thread parts become
 * comments, which take text only. `options.placement` narrows the first part: a reel is one video,
 * a story one image or video, whose text Instagram does not publish (a warning).
 */
export function instagramContentProblems(parts: readonly PostPart[], options?: NetworkPostOptions): ContentProblem[] {
  if (parts.length === 0)
    return [{ field: 'containers', rule: 'containers_required', message: 'A post needs at least one container' }];
  const placement = instagramPlacementOf(options);
  const problems: ContentProblem[] = [];
  parts.forEach((part, index) => {
    const at = `containers[${index}]`;
    if (index > 0) {
      if (part.media.length > 0)
        problems.push({
          field: `${at}.media`,
          rule: 'thread_media_not_allowed',
          message: 'Instagram thread parts become comments, which take text only: remove the media',
        });
      if (!part.text.trim())
        problems.push({
          field: `${at}.content`,
          rule: 'thread_text_required',
          message: 'Instagram thread parts become comments and need text',
        });
      return;
    }
    problems.push(...mediaCountProblems(part, at, placement));
    part.media.forEach((media, mediaIndex) => {
      const message = mediaProblem(media);
      if (message) problems.push({ field: `${at}.media[${mediaIndex}].url`, rule: MEDIA_FORMAT, message });
    });
    problems.push(...altTextWarnings(part, at, placement));
    if (placement === 'story') {
      if (part.text.trim())
        problems.push({
          field: `${at}.content`,
          rule: 'text_not_sent',
          message: 'Instagram publishes no text with a story: the story goes out without it',
        });
    } else problems.push(...captionProblems(part.text, `${at}.content`));
  });
  return problems;
}

/**
 * How many media, and of which kind, the placement takes (INSTAGRAM_PLACEMENT_MEDIA): a feed post
 * 1 to 10, a reel one video, a story one medium.
 */
function mediaCountProblems(part: PostPart, at: string, placement: InstagramPlacement): ContentProblem[] {
  const field = `${at}.media`;
  const count = part.media.length;
  const media = INSTAGRAM_PLACEMENT_MEDIA[placement];
  const what = placement === 'reel' ? 'one video' : 'one image or video';
  if (count < media.minItems)
    return [
      {
        field,
        rule: 'media_required',
        message:
          placement === 'feed'
            ? 'An Instagram post needs at least one image or video'
            : `An Instagram ${placement} needs ${what}`,
      },
    ];
  if (count > media.maxItems)
    return [
      {
        field,
        rule: 'media_too_many',
        message:
          placement === 'feed'
            ? `An Instagram carousel has ${INSTAGRAM_CAROUSEL_MIN} to ${INSTAGRAM_CAROUSEL_MAX} items (got ${count})`
            : `An Instagram ${placement} is ${what}, never a carousel (got ${count} media)`,
      },
    ];
  return mediaKindProblems(part, at, media, TAKEN_KINDS, `An Instagram ${placement} is ${what}, not an image`);
}

/**
 * Instagram takes alt text on a feed image and a carousel's images only ("Reels and stories are not
 * supported"): anywhere else the medium is published without it, a warning.
 */
function altTextWarnings(part: PostPart, at: string, placement: InstagramPlacement): ContentProblem[] {
  return part.media.flatMap((media, index): ContentProblem[] => {
    if (!media.altText) return [];
    const where =
      placement !== 'feed'
        ? `a ${placement}`
        : media.kind === 'video'
          ? part.media.length > 1
            ? 'a carousel video'
            : 'a single video (published as a reel)'
          : undefined;
    if (!where) return [];
    return [
      {
        field: `${at}.media[${index}].altText`,
        rule: 'alt_text_not_sent',
        message: `Instagram takes alt text on images in the feed only, not on ${where}: the medium goes out without it`,
      },
    ];
  });
}
