import { mediaExtensionOf } from '../media-kind';
import { ContentRule } from '../content-rule';
import { ContentProblem, PostMedia, PostPart } from '../network-adapter';

export const INSTAGRAM_CAPTION_LIMIT = 2200;
export const INSTAGRAM_HASHTAG_LIMIT = 30;
export const INSTAGRAM_MENTION_LIMIT = 20;
export const INSTAGRAM_CAROUSEL_MIN = 2;
export const INSTAGRAM_CAROUSEL_MAX = 10;

/** Images are JPEG only; Reels and carousel videos MP4 or MOV (docs/networks.md). */
export const INSTAGRAM_IMAGE_FORMATS: readonly string[] = ['jpg', 'jpeg'];
export const INSTAGRAM_VIDEO_FORMATS: readonly string[] = ['mp4', 'mov'];
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
 * comments, which take text only.
 */
export function instagramContentProblems(parts: readonly PostPart[]): ContentProblem[] {
  if (parts.length === 0)
    return [{ field: 'containers', rule: 'containers_required', message: 'A post needs at least one container' }];
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
    if (part.media.length === 0)
      problems.push({
        field: `${at}.media`,
        rule: 'media_required',
        message: 'An Instagram post needs at least one image or video',
      });
    if (part.media.length > INSTAGRAM_CAROUSEL_MAX) {
      problems.push({
        field: `${at}.media`,
        rule: 'media_too_many',
        message: `An Instagram carousel has ${INSTAGRAM_CAROUSEL_MIN} to ${INSTAGRAM_CAROUSEL_MAX} items (got ${part.media.length})`,
      });
    }
    part.media.forEach((media, mediaIndex) => {
      const message = mediaProblem(media);
      if (message) problems.push({ field: `${at}.media[${mediaIndex}].url`, rule: MEDIA_FORMAT, message });
    });
    problems.push(...captionProblems(part.text, `${at}.content`));
  });
  return problems;
}
