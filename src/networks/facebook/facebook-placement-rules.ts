import type { ContentProblem, PostPart } from '../network-adapter';
import { kindsTakenIn, mediaKindProblems } from '../placement-media';
import { FACEBOOK_PLACEMENT_MEDIA } from './facebook-placement-media';
import type { FacebookPlacement } from './facebook-post-options';

const TAKEN_KINDS = kindsTakenIn(FACEBOOK_PLACEMENT_MEDIA);

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
 * What a reel or a story must be, and what of the post they leave out (FACEBOOK_PLACEMENT_MEDIA,
 * contracts/meta/page-reels-stories.json): a reel is one video; a story one photo or one video,
 * without text (a warning: neither stories edge takes any) and without thread parts (a story has no
 * comments). Neither takes alt text (a warning). A feed post's video takes no alt text either (POST
 * videos has no such parameter). An uploaded video's duration (3 to 90 s on a reel, 3 to 60 s on a
 * story) is the posts' media check's, by FACEBOOK_MEDIA_LIMITS' placements.
 */
export function facebookPlacementProblems(parts: readonly PostPart[], placement: FacebookPlacement): ContentProblem[] {
  const post = parts[0];
  if (!post) return [];
  if (placement === 'feed')
    return post.media.some((medium) => medium.kind === 'video') ? altTextNotSent(post, 'a video', true) : [];
  const taken = FACEBOOK_PLACEMENT_MEDIA[placement];
  const problems: ContentProblem[] = [];
  const media = 'containers[0].media';
  const name = placement === 'reel' ? 'A Facebook reel is one video' : 'A Facebook story is one photo or one video';
  if (post.media.length < taken.minItems) problems.push({ field: media, rule: 'media_required', message: name });
  else if (post.media.length > taken.maxItems)
    problems.push({ field: media, rule: 'media_too_many', message: `${name} (got ${post.media.length} media)` });
  else problems.push(...mediaKindProblems(post, 'containers[0]', taken, TAKEN_KINDS, `${name}, not a photo`));
  if (placement === 'story') {
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
