import { mediaExtensionOf } from '../media-kind';
import { ContentProblem, PostPart } from '../network-adapter';

/** Photo formats Facebook accepts (docs/networks.md): JPEG, BMP, PNG, GIF, TIFF. */
export const FACEBOOK_PHOTO_FORMATS: readonly string[] = ['jpg', 'jpeg', 'bmp', 'png', 'gif', 'tif', 'tiff'];
const PHOTO_EXTENSIONS = new Set(FACEBOOK_PHOTO_FORMATS);
/** The most photos one multi-photo post takes here. */
export const FACEBOOK_MAX_PHOTOS = 10;

/**
 * What a Page post must be: text or media on the post, where media are photos (JPEG, BMP, PNG,
 * GIF, TIFF; at most 10) or one video alone; and text only on the thread parts, which become comments.
 */
export function facebookContentProblems(parts: readonly PostPart[]): ContentProblem[] {
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
          message: 'Facebook thread parts become comments, which take text only: remove the media',
        });
      if (!part.text.trim())
        problems.push({
          field: `${at}.content`,
          rule: 'thread_text_required',
          message: 'Facebook thread parts become comments and need text',
        });
      return;
    }
    if (!part.text.trim() && part.media.length === 0)
      problems.push({
        field: `${at}.content`,
        rule: 'content_required',
        message: 'A Facebook post needs text or media',
      });
    if (part.media.length > 1 && part.media.some((media) => media.kind === 'video')) {
      problems.push({
        field: `${at}.media`,
        rule: 'media_mixed',
        message: `A Facebook video is posted alone: one video and no other media (got ${part.media.length} media)`,
      });
    } else if (part.media.length > FACEBOOK_MAX_PHOTOS) {
      problems.push({
        field: `${at}.media`,
        rule: 'media_too_many',
        message: `A Facebook post takes at most ${FACEBOOK_MAX_PHOTOS} photos (got ${part.media.length})`,
      });
    }
    part.media.forEach((media, mediaIndex) => {
      if (media.kind !== 'video' && !PHOTO_EXTENSIONS.has(mediaExtensionOf(media.url) ?? '')) {
        problems.push({
          field: `${at}.media[${mediaIndex}].url`,
          rule: 'media_format',
          message: 'Facebook photos must be JPEG, BMP, PNG, GIF or TIFF',
        });
      }
    });
  });
  return problems;
}
