import { threadsLinkCount, threadsPublishingRules, threadsTextLength } from '../../contracts';
import { mediaExtensionOf } from '../media-kind';
import type { ContentProblem, PostPart } from '../network-adapter';
import type { PlacementMedia } from '../placement-media';

const rules = threadsPublishingRules();

/** "Text posts are limited to 500 characters", an emoji counted as its UTF-8 bytes (threadsTextLength). */
export const THREADS_TEXT_LIMIT = rules.text.maxLength;
/** Unique links in one post, attached link included (text-attachments page). */
export const THREADS_LINK_LIMIT = rules.links.max;
/** A carousel's items: 2 to 20 (a single medium is a post of its own). */
export const THREADS_MAX_MEDIA = rules.children.max;
/** JPEG and PNG images, MOV and MP4 videos (overview: Limitations and Specifications). */
export const THREADS_IMAGE_FORMATS: readonly string[] = ['jpg', ...rules.mediaLimits.image.formats];
export const THREADS_VIDEO_FORMATS: readonly string[] = rules.mediaLimits.video.formats;

/** What one post (or reply) of Threads takes: up to 20 images and videos, mixed, as a carousel. */
export const THREADS_MEDIA: PlacementMedia = {
  minItems: 0,
  maxItems: THREADS_MAX_MEDIA,
  kinds: {
    image: { formats: THREADS_IMAGE_FORMATS, maxItems: THREADS_MAX_MEDIA, alone: false },
    video: { formats: THREADS_VIDEO_FORMATS, maxItems: THREADS_MAX_MEDIA, alone: false },
  },
};

function mediaProblems(part: PostPart, at: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  if (part.media.length > THREADS_MAX_MEDIA)
    problems.push({
      field: `${at}.media`,
      rule: 'media_too_many',
      message: `A Threads post takes at most ${THREADS_MAX_MEDIA} images and videos (got ${part.media.length})`,
    });
  part.media.forEach((media, index) => {
    const field = `${at}.media[${index}].url`;
    const extension = mediaExtensionOf(media.url) ?? '';
    if (media.kind === 'image' && !THREADS_IMAGE_FORMATS.includes(extension))
      problems.push({ field, rule: 'media_format', message: 'Threads images must be JPEG or PNG' });
    else if (media.kind === 'video' && !THREADS_VIDEO_FORMATS.includes(extension))
      problems.push({ field, rule: 'media_format', message: 'Threads videos must be MOV or MP4' });
    else if (media.kind === 'gif')
      problems.push({
        field,
        rule: 'media_format',
        message: 'Threads takes GIFs from its GIF providers only, not as files: send a JPEG, PNG, MOV or MP4',
      });
  });
  return problems;
}

/**
 * What each post of a Threads thread must be (the first is the post, the rest replies to the one
 * before): text or media; text of at most 500 characters as Threads counts them and at most 5
 * links (`attachedLink`: the first post's link attachment); up to 20 JPEG/PNG images and MOV/MP4
 * videos.
 */
export function threadsContentProblems(parts: readonly PostPart[], attachedLink?: string): ContentProblem[] {
  if (parts.length === 0)
    return [{ field: 'containers', rule: 'containers_required', message: 'A post needs at least one container' }];
  return parts.flatMap((part, index) => {
    const at = `containers[${index}]`;
    const problems: ContentProblem[] = [];
    if (!part.text.trim() && part.media.length === 0)
      problems.push({
        field: `${at}.content`,
        rule: 'content_required',
        message: 'A Threads post needs text or media',
      });
    const length = threadsTextLength(part.text);
    if (length > THREADS_TEXT_LIMIT)
      problems.push({
        field: `${at}.content`,
        rule: 'text_too_long',
        message: `A Threads post has at most ${THREADS_TEXT_LIMIT} characters (got ${length}; an emoji counts as its UTF-8 bytes)`,
      });
    const links = threadsLinkCount(part.text, index === 0 && attachedLink ? [attachedLink] : []);
    if (links > THREADS_LINK_LIMIT)
      problems.push({
        field: `${at}.content`,
        rule: 'links_too_many',
        message: `A Threads post holds at most ${THREADS_LINK_LIMIT} links (got ${links})`,
      });
    return [...problems, ...mediaProblems(part, at)];
  });
}
