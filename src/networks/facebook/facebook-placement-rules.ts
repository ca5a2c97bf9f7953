import { pageReelsStoriesRules } from '../../contracts';
import type { DurationRangeMs } from '../../contracts';
import { durationInWords } from '../../media';
import type { ContentProblem, PostPart } from '../network-adapter';
import type { FacebookPlacement } from './facebook-post-options';

/** An uploaded video outside the placement's range (`containers[0].media[0].id`, as the media limits name it). */
function durationProblems(part: PostPart, range: DurationRangeMs, what: string): ContentProblem[] {
  const medium = part.media[0];
  const lasts = medium?.kind === 'video' ? medium.durationMs : undefined;
  if (lasts === undefined) return [];
  const field = 'containers[0].media[0].id';
  const bounds = `${durationInWords(range.minMs)} to ${durationInWords(range.maxMs)}`;
  // Rounded away from the bound, so that a video just past it never reads as the bound itself.
  const says = (round: (tenths: number) => number) =>
    `${field}: the video lasts ${durationInWords(lasts, round)}; ${what} takes ${bounds}`;
  if (lasts > range.maxMs) return [{ field, rule: 'media_too_long', message: says(Math.ceil) }];
  if (lasts < range.minMs) return [{ field, rule: 'media_too_short', message: says(Math.floor) }];
  return [];
}

/** Alt text on media the placement cannot describe: published without it (a warning). */
function altTextNotSent(part: PostPart, where: string, onlyVideos: boolean): ContentProblem[] {
  return part.media.flatMap((medium, index) =>
    medium.altText && (!onlyVideos || medium.kind === 'video')
      ? [
          {
            field: `containers[0].media[${index}].altText`,
            rule: 'alt_text_not_sent' as const,
            message: `Facebook takes no alt text on ${where}: the medium is published without it`,
          },
        ]
      : [],
  );
}

/**
 * What a reel or a story must be, and what of the post they leave out (contracts/meta/
 * page-reels-stories.json): a reel is one video of 3 to 90 s; a story one photo or one video (at
 * most 60 s), without text (a warning: neither stories edge takes any) and without thread parts (a
 * story has no comments). Neither takes alt text (a warning). A feed post's video takes no alt text
 * either (POST videos has no such parameter).
 */
export function facebookPlacementProblems(parts: readonly PostPart[], placement: FacebookPlacement): ContentProblem[] {
  const post = parts[0];
  if (!post) return [];
  if (placement === 'feed')
    return post.media.some((medium) => medium.kind === 'video') ? altTextNotSent(post, 'a video', true) : [];
  const rules = pageReelsStoriesRules();
  const problems: ContentProblem[] = [];
  const media = 'containers[0].media';
  const name = placement === 'reel' ? 'A Facebook reel is one video' : 'A Facebook story is one photo or one video';
  if (post.media.length === 0) problems.push({ field: media, rule: 'media_required', message: name });
  else if (post.media.length > 1)
    problems.push({ field: media, rule: 'media_too_many', message: `${name} (got ${post.media.length} media)` });
  else if (placement === 'reel' && post.media[0].kind !== 'video')
    problems.push({ field: `${media}[0].url`, rule: 'media_format', message: name });
  if (placement === 'reel') problems.push(...durationProblems(post, rules.reelDuration, 'a Facebook reel'));
  else {
    problems.push(...durationProblems(post, rules.videoStoryDuration, 'a Facebook video story'));
    if (post.text.trim())
      problems.push({
        field: 'containers[0].content',
        rule: 'text_not_sent',
        message: 'A Facebook story publishes no text: the story is published without it',
      });
    parts.slice(1).forEach((_, index) =>
      problems.push({
        field: `containers[${index + 1}]`,
        rule: 'thread_not_allowed',
        message: 'A Facebook story takes no comments: remove the thread parts',
      }),
    );
  }
  problems.push(...altTextNotSent(post, placement === 'reel' ? 'a reel' : 'a story', false));
  return problems;
}
