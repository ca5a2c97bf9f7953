import { linkedInApiRules } from '../../contracts';
import { mediaExtensionOf } from '../media-kind';
import type { ContentProblem, PostPart } from '../network-adapter';
import type { PlacementMedia } from '../placement-media';

const rules = linkedInApiRules();

/** Commentary: 3,000 characters (only third parties state it: contracts/linkedin/api-rules.json). */
export const LINKEDIN_TEXT_LIMIT = rules.posts.commentaryMaxLength.value;
/** A multi-image post's images (third parties: 2 to 20); one image is a post of its own. */
export const LINKEDIN_MAX_IMAGES = rules.posts.content.multiImage.max;
export const LINKEDIN_IMAGE_FORMATS: readonly string[] = rules.media.images.formats.filter(
  (format) => format !== 'gif',
);
export const LINKEDIN_GIF_FORMATS: readonly string[] = ['gif'];
export const LINKEDIN_VIDEO_FORMATS: readonly string[] = rules.media.videos.formats;

/**
 * What a LinkedIn post takes (the Posts API's organic content kinds): up to 20 images (one is
 * `content.media`, several `content.multiImage`), or one animated GIF (an image to the Images
 * API, alone), or one video alone.
 */
export const LINKEDIN_MEDIA: PlacementMedia = {
  minItems: 0,
  maxItems: LINKEDIN_MAX_IMAGES,
  kinds: {
    image: { formats: LINKEDIN_IMAGE_FORMATS, maxItems: LINKEDIN_MAX_IMAGES, alone: false },
    gif: { formats: LINKEDIN_GIF_FORMATS, maxItems: 1, alone: true },
    video: { formats: LINKEDIN_VIDEO_FORMATS, maxItems: 1, alone: true },
  },
};

const length = (text: string): number => [...text].length;

function mediaProblems(part: PostPart, at: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const kinds = part.media.map((medium) => medium.kind);
  const images = kinds.filter((kind) => kind === 'image').length;
  if (kinds.some((kind) => kind !== 'image') && kinds.length > 1)
    problems.push({
      field: `${at}.media`,
      rule: 'media_mixed',
      message: 'A LinkedIn post takes up to 20 images, or one GIF, or one video, without mixing them',
    });
  else if (images > LINKEDIN_MAX_IMAGES)
    problems.push({
      field: `${at}.media`,
      rule: 'media_too_many',
      message: `A LinkedIn post takes at most ${LINKEDIN_MAX_IMAGES} images (got ${images})`,
    });
  part.media.forEach((medium, index) => {
    const extension = mediaExtensionOf(medium.url) ?? '';
    const formats = LINKEDIN_MEDIA.kinds[medium.kind]?.formats ?? [];
    if (!formats.includes(extension))
      problems.push({
        field: `${at}.media[${index}].url`,
        rule: 'media_format',
        message:
          medium.kind === 'video'
            ? 'LinkedIn videos must be MP4'
            : medium.kind === 'gif'
              ? 'LinkedIn GIFs must be .gif files'
              : 'LinkedIn images must be JPEG or PNG (or a GIF)',
      });
  });
  return problems;
}

/**
 * What a LinkedIn post must be: one container (LinkedIn has no threads: a second container is
 * refused), text or media (or `withContent`: an option that is the post's content, an article, a
 * poll or a document), text of at most 3,000 characters, and the media LINKEDIN_MEDIA takes.
 */
export function linkedInContentProblems(parts: readonly PostPart[], withContent = false): ContentProblem[] {
  if (parts.length === 0)
    return [{ field: 'containers', rule: 'containers_required', message: 'A post needs at least one container' }];
  const problems: ContentProblem[] = [];
  if (parts.length > 1)
    problems.push({
      field: 'containers[1]',
      rule: 'thread_not_allowed',
      message: 'LinkedIn has no threads: a LinkedIn post is one container (comment on it instead)',
    });
  const [post] = parts;
  if (!post!.text.trim() && post!.media.length === 0 && !withContent)
    problems.push({
      field: 'containers[0].content',
      rule: 'content_required',
      message: 'A LinkedIn post needs text or media',
    });
  const count = length(post!.text);
  if (count > LINKEDIN_TEXT_LIMIT)
    problems.push({
      field: 'containers[0].content',
      rule: 'text_too_long',
      message: `A LinkedIn post has at most ${LINKEDIN_TEXT_LIMIT} characters (got ${count})`,
    });
  return [...problems, ...mediaProblems(post!, 'containers[0]')];
}
