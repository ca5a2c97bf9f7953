import { mediaExtensionOf } from '../media-kind';
import type { ContentProblem, PostPart } from '../network-adapter';
import { BLUESKY_LIMITS } from './bluesky-lexicon-limits';

/** Image formats Bluesky's app posts (the lexicon takes `image/*`; these are the ones it displays). */
export const BLUESKY_IMAGE_FORMATS: readonly string[] = ['jpg', 'jpeg', 'png', 'webp'];
/** The video service takes MP4 (app.bsky.embed.video's blob accepts `video/mp4`). */
export const BLUESKY_VIDEO_FORMATS: readonly string[] = ['mp4'];

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A text's length as the lexicons' `maxGraphemes` counts it: extended grapheme clusters, by ICU's
 * segmenter (Intl.Segmenter), which Bluesky's own validator (@atproto/lex-data `graphemeLen`) uses too.
 */
export const graphemeLength = (text: string): number => [...segmenter.segment(text)].length;

function textProblems(text: string, field: string): ContentProblem[] {
  const graphemes = graphemeLength(text);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (graphemes <= BLUESKY_LIMITS.textGraphemes && bytes <= BLUESKY_LIMITS.textBytes) return [];
  return [
    {
      field,
      rule: 'text_too_long',
      message: `A Bluesky post has at most ${BLUESKY_LIMITS.textGraphemes} characters (graphemes: an emoji with its skin tone is 1; got ${graphemes})`,
    },
  ];
}

function mediaProblems(part: PostPart, at: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const images = part.media.filter((media) => media.kind === 'image').length;
  if (part.media.length > 1 && images !== part.media.length)
    problems.push({
      field: `${at}.media`,
      rule: 'media_mixed',
      message: `A Bluesky post takes up to ${BLUESKY_LIMITS.images} images, or 1 video, without mixing them`,
    });
  else if (images > BLUESKY_LIMITS.images)
    problems.push({
      field: `${at}.media`,
      rule: 'media_too_many',
      message: `A Bluesky post takes at most ${BLUESKY_LIMITS.images} images (got ${images})`,
    });
  part.media.forEach((media, index) => {
    const field = `${at}.media[${index}].url`;
    const extension = mediaExtensionOf(media.url) ?? '';
    if (media.kind === 'gif')
      problems.push({ field, rule: 'media_format', message: 'Bluesky takes no GIF files: post it as an MP4 video' });
    else if (media.kind === 'image' && !BLUESKY_IMAGE_FORMATS.includes(extension))
      problems.push({ field, rule: 'media_format', message: 'Bluesky images must be JPEG, PNG or WEBP' });
    else if (media.kind === 'video' && !BLUESKY_VIDEO_FORMATS.includes(extension))
      problems.push({ field, rule: 'media_format', message: 'Bluesky videos must be MP4' });
  });
  return problems;
}

/**
 * What each post of a thread must be (app.bsky.feed.post): text of at most 300 graphemes (and
 * 3,000 UTF-8 bytes), or media; up to 4 images, or 1 video. Every part is a post, media included.
 */
export function blueskyContentProblems(parts: readonly PostPart[]): ContentProblem[] {
  if (parts.length === 0)
    return [{ field: 'containers', rule: 'containers_required', message: 'A post needs at least one container' }];
  return parts.flatMap((part, index) => {
    const at = `containers[${index}]`;
    const empty =
      !part.text.trim() && part.media.length === 0
        ? [{ field: `${at}.content`, rule: 'content_required' as const, message: 'A Bluesky post needs text or media' }]
        : [];
    return [...empty, ...textProblems(part.text, `${at}.content`), ...mediaProblems(part, at)];
  });
}
