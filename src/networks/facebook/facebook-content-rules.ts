import { mediaExtensionOf } from '../media-kind';
import { ContentProblem, PostPart } from '../network-adapter';

/** Photo formats Facebook accepts (NETWORKS.md): JPEG, BMP, PNG, GIF, TIFF. */
const PHOTO_EXTENSIONS = new Set(['jpg', 'jpeg', 'bmp', 'png', 'gif', 'tif', 'tiff']);
/** The most photos one multi-photo post takes here. */
export const FACEBOOK_MAX_PHOTOS = 10;

/**
 * What a Page post must be: text or photos (JPEG, BMP, PNG, GIF, TIFF; at most 10) on the post,
 * and text only on the thread parts, which become comments. Video is not published yet: it needs
 * `/{page-id}/videos`, which neither NETWORKS.md nor the emulator covers.
 */
export function facebookContentProblems(parts: readonly PostPart[]): ContentProblem[] {
  if (parts.length === 0) return [{ field: 'containers', message: 'A post needs at least one container' }];
  const problems: ContentProblem[] = [];
  parts.forEach((part, index) => {
    const at = `containers[${index}]`;
    if (index > 0) {
      if (part.media.length > 0) problems.push({ field: `${at}.media`, message: 'Facebook thread parts become comments, which take text only: remove the media' });
      if (!part.text.trim()) problems.push({ field: `${at}.content`, message: 'Facebook thread parts become comments and need text' });
      return;
    }
    if (!part.text.trim() && part.media.length === 0) problems.push({ field: `${at}.content`, message: 'A Facebook post needs text or media' });
    if (part.media.length > FACEBOOK_MAX_PHOTOS) {
      problems.push({ field: `${at}.media`, message: `A Facebook post takes at most ${FACEBOOK_MAX_PHOTOS} photos (got ${part.media.length})` });
    }
    part.media.forEach((media, mediaIndex) => {
      const field = `${at}.media[${mediaIndex}].url`;
      if (media.kind === 'video') {
        problems.push({ field, message: 'Video is not supported on Facebook yet: only photos (JPEG, BMP, PNG, GIF, TIFF) can be published' });
      } else if (!PHOTO_EXTENSIONS.has(mediaExtensionOf(media.url) ?? '')) {
        problems.push({ field, message: 'Facebook photos must be JPEG, BMP, PNG, GIF or TIFF' });
      }
    });
  });
  return problems;
}
