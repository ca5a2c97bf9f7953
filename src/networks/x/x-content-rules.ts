import { parseTweet } from 'twitter-text';
import { mediaExtensionOf } from '../media-kind';
import { ContentProblem, PostPart } from '../network-adapter';

export const X_MAX_WEIGHTED_LENGTH = 280;
export const X_MAX_IMAGES = 4;
/** Image formats X takes (docs/networks.md: JPG, PNG, GIF, WEBP; GIFs are their own kind here). */
export const X_IMAGE_FORMATS: readonly string[] = ['jpg', 'jpeg', 'png', 'webp'];
export const X_VIDEO_FORMATS: readonly string[] = ['mp4', 'mov'];
const IMAGE_EXTENSIONS = new Set(X_IMAGE_FORMATS);
const VIDEO_EXTENSIONS = new Set(X_VIDEO_FORMATS);

function textProblems(text: string, field: string): ContentProblem[] {
  if (!text) return [];
  const parsed = parseTweet(text);
  if (parsed.weightedLength > X_MAX_WEIGHTED_LENGTH) {
    return [
      {
        field,
        rule: 'text_too_long',
        message: `An X post has at most ${X_MAX_WEIGHTED_LENGTH} weighted characters (got ${parsed.weightedLength}; a URL counts 23, an emoji or CJK character 2)`,
      },
    ];
  }
  return parsed.valid
    ? []
    : [{ field, rule: 'text_invalid_characters', message: 'The text contains characters X does not accept' }];
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
  });
  return problems;
}

/**
 * What each X post of a thread must be: text of at most 280 weighted characters (counted by
 * twitter-text) or media, and up to 4 images or 1 GIF or 1 video.
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
