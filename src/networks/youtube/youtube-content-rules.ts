import { youTubeApiRules } from '../../contracts';
import { mediaExtensionOf } from '../media-kind';
import type { ContentProblem, PostPart } from '../network-adapter';
import type { PlacementMedia } from '../placement-media';

const { videoResource } = youTubeApiRules();
const description = videoResource['snippet.description'];

/** The description (the post's text): 5,000 bytes of UTF-8, without < or > (videos#snippet.description). */
export const YOUTUBE_DESCRIPTION_MAX_BYTES = description.maxLength;
export const YOUTUBE_FORBIDDEN_CHARACTERS: readonly string[] = description.forbidden;
/**
 * The video files the service publishes (KIND_BY_EXTENSION), all among those YouTube's upload page
 * lists as supported (support.google.com/youtube/troubleshooter/2888402: MP4, MOV, …).
 */
export const YOUTUBE_VIDEO_FORMATS: readonly string[] = ['mp4', 'mov', 'm4v'];

/** A YouTube video: one video, nothing else in the post. */
export const YOUTUBE_MEDIA: PlacementMedia = {
  minItems: 1,
  maxItems: 1,
  kinds: { video: { formats: YOUTUBE_VIDEO_FORMATS, maxItems: 1, alone: true } },
};

/**
 * What a YouTube upload must be: one container (YouTube has no threads), exactly one video, a
 * description (the text) of at most 5,000 UTF-8 bytes without < or >. The options YouTube requires
 * (a title, the made-for-kids declaration) are YOUTUBE_POST_OPTIONS.required, checked per account
 * by the post's review.
 */
export function youTubeContentProblems(parts: readonly PostPart[]): ContentProblem[] {
  if (parts.length === 0)
    return [{ field: 'containers', rule: 'containers_required', message: 'A post needs at least one container' }];
  const problems: ContentProblem[] = [];
  if (parts.length > 1)
    problems.push({
      field: 'containers[1]',
      rule: 'thread_not_allowed',
      message: 'YouTube has no threads: a YouTube post is one container, the video and its description',
    });
  const [post] = parts as [PostPart];
  const bytes = Buffer.byteLength(post.text, 'utf8');
  if (bytes > YOUTUBE_DESCRIPTION_MAX_BYTES)
    problems.push({
      field: 'containers[0].content',
      rule: 'text_too_long',
      message: `A YouTube description has at most ${YOUTUBE_DESCRIPTION_MAX_BYTES} bytes in UTF-8 (got ${bytes})`,
    });
  const forbidden = YOUTUBE_FORBIDDEN_CHARACTERS.filter((character) => post.text.includes(character));
  if (forbidden.length)
    problems.push({
      field: 'containers[0].content',
      rule: 'text_invalid_characters',
      message: `A YouTube description may not hold ${forbidden.join(' or ')}`,
    });
  if (post.media.length === 0)
    problems.push({
      field: 'containers[0].media',
      rule: 'media_required',
      message: 'A YouTube post is a video: add one',
    });
  else if (post.media.length > 1 || post.media.some((medium) => medium.kind !== 'video'))
    problems.push({
      field: 'containers[0].media',
      rule: post.media.length > 1 ? 'media_too_many' : 'media_kind',
      message: 'A YouTube post takes exactly one video, and nothing else',
    });
  post.media.forEach((medium, index) => {
    const extension = mediaExtensionOf(medium.url);
    if (medium.kind === 'video' && extension !== undefined && !YOUTUBE_VIDEO_FORMATS.includes(extension))
      problems.push({
        field: `containers[0].media[${index}].url`,
        rule: 'media_format',
        message: `YouTube takes ${YOUTUBE_VIDEO_FORMATS.join(', ')} videos`,
      });
  });
  // title and madeForKids missing are YOUTUBE_POST_OPTIONS.required's to name, per account as resolved.
  return problems;
}
