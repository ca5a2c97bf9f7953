import { hasInvalidCharacters, parseTweet } from 'twitter-text';
import { mediaExtensionOf } from '../media-kind';
import { AccountTraits, ContentProblem, PostPart } from '../network-adapter';
import {
  X_LONG_POST_MAX_WEIGHTED_LENGTH,
  X_LONG_POST_SUBSCRIPTIONS,
  xMaxWeightedLength,
  xSubscriptionOf,
} from './x-subscription';

export const X_MAX_IMAGES = 4;
/** Image formats X takes (docs/networks.md: JPG, PNG, GIF, WEBP; GIFs are their own kind here). */
export const X_IMAGE_FORMATS: readonly string[] = ['jpg', 'jpeg', 'png', 'webp'];
export const X_VIDEO_FORMATS: readonly string[] = ['mp4', 'mov'];
const IMAGE_EXTENSIONS = new Set(X_IMAGE_FORMATS);
const VIDEO_EXTENSIONS = new Set(X_VIDEO_FORMATS);

/** The text's length as X weighs it (twitter-text: a URL 23, an emoji or CJK character 2). */
export const xWeightedLength = (text: string): number => parseTweet(text).weightedLength;

const tooLong = (field: string, limit: number, weighted: number, who: string): ContentProblem => ({
  field,
  rule: 'text_too_long',
  message: `${who} at most ${limit.toLocaleString('en-US')} weighted characters (got ${weighted.toLocaleString('en-US')}; a URL counts 23, an emoji or CJK character 2)`,
});

/**
 * What no account may post: more than a long post's 25,000 weighted characters (whether this
 * account may go past 280 is accountContentProblems'), or characters X refuses.
 */
function textProblems(text: string, field: string): ContentProblem[] {
  if (!text) return [];
  const weighted = xWeightedLength(text);
  if (weighted > X_LONG_POST_MAX_WEIGHTED_LENGTH)
    return [tooLong(field, X_LONG_POST_MAX_WEIGHTED_LENGTH, weighted, 'An X post has')];
  return hasInvalidCharacters(text)
    ? [{ field, rule: 'text_invalid_characters', message: 'The text contains characters X does not accept' }]
    : [];
}

function mediaProblems(part: PostPart, at: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const kinds = part.media.map((media) => media.kind);
  const images = kinds.filter((kind) => kind === 'image').length;
  if (kinds.some((kind) => kind !== 'image') && kinds.length > 1) {
    problems.push({
      field: `${at}.media`,
      rule: 'media_mixed',
      message: 'An X post takes up to 4 images, or 1 GIF, or 1 video, without mixing them',
    });
  } else if (images > X_MAX_IMAGES) {
    problems.push({
      field: `${at}.media`,
      rule: 'media_too_many',
      message: `An X post takes at most ${X_MAX_IMAGES} images (got ${images})`,
    });
  }
  part.media.forEach((media, index) => {
    const extension = mediaExtensionOf(media.url) ?? '';
    const field = `${at}.media[${index}].url`;
    if (media.kind === 'image' && !IMAGE_EXTENSIONS.has(extension))
      problems.push({ field, rule: 'media_format', message: 'X images must be JPEG, PNG or WEBP' });
    if (media.kind === 'video' && !VIDEO_EXTENSIONS.has(extension))
      problems.push({ field, rule: 'media_format', message: 'X videos must be MP4 or MOV' });
    // X takes alt text on images and GIFs only ("currently only supported for images and GIFs",
    // https://developer.x.com/en/docs/twitter-api/v1/media/upload-media/api-reference/post-media-metadata-create;
    // the v2 POST /2/media/metadata states no rule of its own): a video goes out without it.
    if (media.kind === 'video' && media.altText)
      problems.push({
        field: `${at}.media[${index}].altText`,
        rule: 'alt_text_not_sent',
        message: 'X takes alt text on images and GIFs only: this video is published without it',
      });
  });
  return problems;
}

/**
 * What each X post of a thread must be, whoever posts it: text of at most 25,000 weighted
 * characters (counted by twitter-text; 280 for most accounts, see xAccountContentProblems) or
 * media, and up to 4 images or 1 GIF or 1 video.
 */
export function xContentProblems(parts: readonly PostPart[]): ContentProblem[] {
  if (parts.length === 0)
    return [{ field: 'containers', rule: 'containers_required', message: 'A post needs at least one container' }];
  return parts.flatMap((part, index) => {
    const at = `containers[${index}]`;
    const empty =
      !part.text.trim() && part.media.length === 0
        ? [{ field: `${at}.content`, rule: 'content_required' as const, message: 'An X post needs text or media' }]
        : [];
    return [...empty, ...textProblems(part.text, `${at}.content`), ...mediaProblems(part, at)];
  });
}

/**
 * What depends on the account: each post of a thread holds at most 280 weighted characters, or
 * 25,000 for an account whose X subscription allows long posts (x-subscription.ts). A text past
 * 25,000 is xContentProblems' to name, for every account.
 */
export function xAccountContentProblems(parts: readonly PostPart[], traits: AccountTraits): ContentProblem[] {
  const limit = xMaxWeightedLength(traits);
  const subscription = xSubscriptionOf(traits) ?? 'none known';
  const tiers = [...X_LONG_POST_SUBSCRIPTIONS].join(' or ');
  return parts.flatMap((part, index) => {
    const weighted = part.text ? xWeightedLength(part.text) : 0;
    if (weighted <= limit || weighted > X_LONG_POST_MAX_WEIGHTED_LENGTH) return [];
    return [
      tooLong(
        `containers[${index}].content`,
        limit,
        weighted,
        `This account's X subscription (${subscription}) allows posts of`,
      ),
    ].map((problem) => ({
      ...problem,
      message: `${problem.message}; posts of up to ${X_LONG_POST_MAX_WEIGHTED_LENGTH.toLocaleString('en-US')} need ${tiers}`,
    }));
  });
}
