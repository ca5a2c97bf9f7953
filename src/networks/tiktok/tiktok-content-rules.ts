import { tiktokApiRules } from '../../contracts';
import { mediaExtensionOf } from '../media-kind';
import type { ContentProblem, PostPart } from '../network-adapter';
import type { PlacementMedia } from '../placement-media';
import type { NetworkPostOptions } from '../post-options';
import { readTikTokOptions } from './tiktok-post-options';

const rules = tiktokApiRules();

/** A video's caption, and a photo post's description (sent as the caption): 2,200 characters, as TikTok counts (UTF-16). */
export const TIKTOK_TEXT_LIMIT = rules.posting.titleMaxRunes.video;
/**
 * TikTok takes 35 photos in a post (contracts/tiktok/api-rules.json `posting.maxPhotos`); a
 * container of the service holds at most 20 media, so 20 is what a post here can carry.
 */
export const TIKTOK_MAX_PHOTOS = Math.min(rules.posting.maxPhotos, 20);
export const TIKTOK_IMAGE_FORMATS: readonly string[] = ['jpg', 'jpeg', 'webp'];
// WebM too on TikTok's side; the service tells a medium's kind from its extension and knows no .webm.
export const TIKTOK_VIDEO_FORMATS: readonly string[] = rules.media.video.formats.filter((format) => format !== 'webm');

/** What a TikTok post takes: one video alone, or 1 to 20 photos; nothing without media. */
export const TIKTOK_MEDIA: PlacementMedia = {
  minItems: 1,
  maxItems: TIKTOK_MAX_PHOTOS,
  kinds: {
    image: { formats: TIKTOK_IMAGE_FORMATS, maxItems: TIKTOK_MAX_PHOTOS, alone: false },
    video: { formats: TIKTOK_VIDEO_FORMATS, maxItems: 1, alone: true },
  },
};

function mediaProblems(part: PostPart, at: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const kinds = part.media.map((medium) => medium.kind);
  if (kinds.length === 0)
    problems.push({
      field: `${at}.media`,
      rule: 'media_required',
      message: `A TikTok post is a video or 1 to ${TIKTOK_MAX_PHOTOS} photos: it needs media`,
    });
  else if (kinds.includes('video') && kinds.length > 1)
    problems.push({
      field: `${at}.media`,
      rule: 'media_mixed',
      message: `A TikTok post is one video alone, or 1 to ${TIKTOK_MAX_PHOTOS} photos`,
    });
  else if (kinds.length > TIKTOK_MAX_PHOTOS)
    problems.push({
      field: `${at}.media`,
      rule: 'media_too_many',
      message: `A TikTok photo post takes at most ${TIKTOK_MAX_PHOTOS} photos (got ${kinds.length})`,
    });
  part.media.forEach((medium, index) => {
    const extension = mediaExtensionOf(medium.url) ?? '';
    const formats = TIKTOK_MEDIA.kinds[medium.kind]?.formats;
    if (!formats)
      problems.push({
        field: `${at}.media[${index}]`,
        rule: 'media_format',
        message: 'TikTok takes videos (MP4, MOV) and photos (JPEG, WebP)',
      });
    else if (!formats.includes(extension))
      problems.push({
        field: `${at}.media[${index}].url`,
        rule: 'media_format',
        message: medium.kind === 'video' ? 'TikTok videos must be MP4 or MOV' : 'TikTok photos must be JPEG or WebP',
      });
    if (medium.altText)
      problems.push({
        field: `${at}.media[${index}].altText`,
        rule: 'alt_text_not_sent',
        message: 'TikTok takes no alternative text: the medium is published without it',
      });
  });
  return problems;
}

/**
 * TikTok's rules for a post: one container (TikTok has no threads), a video or 1 to 20 photos,
 * the caption's 2,200 characters, and the privacy level TikTok's rules forbid a default for
 * (`options.tiktok.privacyLevel`, always required: TIKTOK_POST_OPTIONS.required, checked per
 * account by the post's review). An app TikTok has not audited posts SELF_ONLY
 * only: another level is refused, SELF_ONLY warned of (a draft is the creator's to post).
 */
export function tiktokContentProblems(
  parts: PostPart[],
  options: NetworkPostOptions | undefined,
  audited: boolean,
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const [post, ...rest] = parts;
  if (!post) return [{ field: 'containers', rule: 'containers_required', message: 'A post needs a container' }];
  if (rest.length)
    problems.push({
      field: 'containers[1]',
      rule: 'thread_not_allowed',
      message: 'TikTok has no threads or comments API: a post is one container',
    });
  problems.push(...mediaProblems(post, 'containers[0]'));
  if (post.text.length > TIKTOK_TEXT_LIMIT)
    problems.push({
      field: 'containers[0].content',
      rule: 'text_too_long',
      message: `A TikTok caption takes at most ${TIKTOK_TEXT_LIMIT} characters (got ${post.text.length})`,
    });
  const chosen = readTikTokOptions(options);
  const video = post.media.some((medium) => medium.kind === 'video');
  if (chosen.mode === 'draft' && video && post.text)
    problems.push({
      field: 'containers[0].content',
      rule: 'text_not_sent',
      message: "A video draft goes to the creator's TikTok inbox without a caption: the creator writes it in TikTok",
    });
  // privacyLevel missing is TIKTOK_POST_OPTIONS.required's to name, per account as resolved.
  const privateOnly = rules.posting.unaudited.onlyPrivacyLevel;
  if (!audited && chosen.mode !== 'draft' && chosen.privacyLevel !== undefined && chosen.privacyLevel !== privateOnly)
    problems.push({
      field: 'options.tiktok.privacyLevel',
      rule: 'option_invalid',
      message: `TikTok has not audited this app: it posts ${privateOnly} only until TikTok audits it`,
    });
  else if (!audited && chosen.mode !== 'draft')
    problems.push({
      field: 'options.tiktok.privacyLevel',
      rule: 'private_only',
      message: `TikTok has not audited this app: the post will be private (${privateOnly}), seen by the creator alone`,
    });
  return problems;
}
