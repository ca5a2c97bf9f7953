import { mediaExtensionOf } from '../media-kind';
import { ContentProblem, PostPart } from '../network-adapter';
import type { NetworkPostOptions } from '../post-options';
import { FACEBOOK_MAX_PHOTOS, FACEBOOK_PHOTO_FORMATS } from './facebook-placement-media';
import { facebookPlacementProblems } from './facebook-placement-rules';
import { readFacebookOptions } from './facebook-post-options';

export { FACEBOOK_MAX_PHOTOS, FACEBOOK_PHOTO_FORMATS } from './facebook-placement-media';
const PHOTO_EXTENSIONS = new Set(FACEBOOK_PHOTO_FORMATS);

/**
 * What a Page post must be: text or media on the post, where media are photos (JPEG, BMP, PNG,
 * GIF, TIFF; at most 10) or one video alone; and text only on the thread parts, which become comments.
 * A reel or a story (`options.placement`) has rules of its own (facebookPlacementProblems).
 */
export function facebookContentProblems(parts: readonly PostPart[], options?: NetworkPostOptions): ContentProblem[] {
  if (parts.length === 0)
    return [{ field: 'containers', rule: 'containers_required', message: 'A post needs at least one container' }];
  const { placement, link } = readFacebookOptions(options);
  const problems: ContentProblem[] = [];
  parts.forEach((part, index) => {
    const at = `containers[${index}]`;
    if (index > 0) {
      // A story takes no thread at all: facebookPlacementProblems says so once per part.
      if (placement === 'story') return;
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
    // A reel or a story needs its medium whatever its text: facebookPlacementProblems says so. A
    // link is a feed post's content too (Graph's POST feed takes `link` without `message`).
    if (placement === 'feed' && !part.text.trim() && part.media.length === 0 && link === undefined)
      problems.push({
        field: `${at}.content`,
        rule: 'content_required',
        message: 'A Facebook post needs text or media (or a link)',
      });
    // A reel's or a story's medium count is facebookPlacementProblems' to judge.
    const feed = placement === 'feed';
    if (feed && part.media.length > 1 && part.media.some((media) => media.kind === 'video')) {
      problems.push({
        field: `${at}.media`,
        rule: 'media_mixed',
        message: `A Facebook video is posted alone: one video and no other media (got ${part.media.length} media)`,
      });
    } else if (feed && part.media.length > FACEBOOK_MAX_PHOTOS) {
      problems.push({
        field: `${at}.media`,
        rule: 'media_too_many',
        message: `A Facebook post takes at most ${FACEBOOK_MAX_PHOTOS} photos (got ${part.media.length})`,
      });
    }
    // A story's photo takes the formats of a Page photo (Page Stories guide: .jpeg, .bmp, .png, .gif, .tiff).
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
  return [...problems, ...facebookPlacementProblems(parts, placement)];
}
