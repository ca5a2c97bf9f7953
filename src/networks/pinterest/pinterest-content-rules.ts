import { pinterestApiRules } from '../../contracts';
import { mediaExtensionOf } from '../media-kind';
import type { ContentProblem, PostPart } from '../network-adapter';
import type { PlacementMedia } from '../placement-media';

const rules = pinterestApiRules();

/** A pin's description (the post's text): PinCreate.description, at most 800 characters. */
export const PINTEREST_TEXT_LIMIT = rules.pins.description.maxLength;
/** A carousel's images: 2 to 5 (PinMediaSourceImagesURL.items); one image is a pin of its own. */
export const PINTEREST_MAX_IMAGES = rules.pins.carousel.maxItems;
export const PINTEREST_IMAGE_FORMATS: readonly string[] = rules.media.limits.image.formats;
export const PINTEREST_VIDEO_FORMATS: readonly string[] = rules.media.limits.video.formats;

/**
 * What a pin takes: one image, or 2 to 5 (a carousel), or one video alone. A pin is made from a
 * medium: at least one.
 */
export const PINTEREST_MEDIA: PlacementMedia = {
  minItems: 1,
  maxItems: PINTEREST_MAX_IMAGES,
  kinds: {
    image: { formats: PINTEREST_IMAGE_FORMATS, maxItems: PINTEREST_MAX_IMAGES, alone: false },
    video: { formats: PINTEREST_VIDEO_FORMATS, maxItems: 1, alone: true },
  },
};

const length = (text: string): number => [...text].length;

function mediaProblems(part: PostPart, at: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  if (part.media.length === 0)
    problems.push({
      field: `${at}.media`,
      rule: 'media_required',
      message: 'A pin is made from an image or a video: add one (or 2 to 5 images for a carousel)',
    });
  const videos = part.media.filter((medium) => medium.kind === 'video').length;
  const images = part.media.filter((medium) => medium.kind === 'image').length;
  if (videos > 0 && part.media.length > 1)
    problems.push({
      field: `${at}.media`,
      rule: 'media_mixed',
      message: 'A video pin holds the video alone; a carousel holds images only',
    });
  else if (images > PINTEREST_MAX_IMAGES)
    problems.push({
      field: `${at}.media`,
      rule: 'media_too_many',
      message: `A Pinterest carousel takes at most ${PINTEREST_MAX_IMAGES} images (got ${images})`,
    });
  part.media.forEach((medium, index) => {
    const taken = PINTEREST_MEDIA.kinds[medium.kind];
    if (!taken) {
      problems.push({
        field: `${at}.media[${index}]`,
        rule: 'media_format',
        message: 'Pinterest takes JPEG or PNG images and MP4, MOV or M4V videos (no GIF)',
      });
      return;
    }
    if (!taken.formats.includes(mediaExtensionOf(medium.url) ?? ''))
      problems.push({
        field: `${at}.media[${index}].url`,
        rule: 'media_format',
        message:
          medium.kind === 'video'
            ? `Pinterest videos must be ${PINTEREST_VIDEO_FORMATS.join(', ')}`
            : 'Pinterest images must be JPEG or PNG',
      });
  });
  return problems;
}

/**
 * What a pin must be: one container (Pinterest has no threads), a description (the text) of at
 * most 800 characters, and the media PINTEREST_MEDIA takes. Its board is an option
 * (`options.pinterest.boardId`, required: PINTEREST_POST_OPTIONS).
 */
export function pinterestContentProblems(parts: readonly PostPart[]): ContentProblem[] {
  if (parts.length === 0)
    return [{ field: 'containers', rule: 'containers_required', message: 'A post needs at least one container' }];
  const problems: ContentProblem[] = [];
  if (parts.length > 1)
    problems.push({
      field: 'containers[1]',
      rule: 'thread_not_allowed',
      message: 'Pinterest has no threads: a pin is one container',
    });
  const [pin] = parts;
  const count = length(pin!.text);
  if (count > PINTEREST_TEXT_LIMIT)
    problems.push({
      field: 'containers[0].content',
      rule: 'text_too_long',
      message: `A pin's description has at most ${PINTEREST_TEXT_LIMIT} characters (got ${count})`,
    });
  return [...problems, ...mediaProblems(pin!, 'containers[0]')];
}
