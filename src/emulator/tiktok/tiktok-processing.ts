import { TikTokPostStatus } from '../../contracts';
import { EmulatorPages } from '../http/object-pages';
import { numericId } from '../state/emulator-ids';
import { EmulatorState } from '../state/emulator-state';
import { createHash } from 'node:crypto';
import { tiktokPermalink } from './tiktok-pages';
import { TikTokPublish } from './tiktok-stored-objects';
import { findTikTokCreator } from './tiktok-test-user';

/** The reason a failing publish (the container_error fault) ends with, per kind of medium. */
const FAULT_REASON: Record<TikTokPublish['kind'], string> = {
  video: 'file_format_check_failed',
  photo: 'picture_size_check_failed',
};

/**
 * A publish's status now, computed when read (the sandbox keeps no timers): uploading until its
 * last chunk arrived, then processing (PROCESSING_UPLOAD for uploaded bytes, PROCESSING_DOWNLOAD
 * for a pull) for tiktokProcessingPolls reads and tiktokProcessingMs, then FAILED (a failing
 * publish), SEND_TO_USER_INBOX (a draft) or PUBLISH_COMPLETE, recorded in the published log once.
 */
export function readPublishStatus(
  state: EmulatorState,
  pages: EmulatorPages,
  publish: TikTokPublish,
): TikTokPostStatus {
  if (publish.failReason) return 'FAILED';
  const processing: TikTokPostStatus = publish.source === 'FILE_UPLOAD' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD';
  if (publish.arrivedAt === undefined) return processing;
  const { tiktokProcessingPolls, tiktokProcessingMs } = state.settings;
  if (publish.polls < tiktokProcessingPolls || state.now() - publish.arrivedAt < tiktokProcessingMs) {
    publish.polls += 1;
    return processing;
  }
  if (publish.pullFailure || publish.failing) {
    publish.failReason = publish.pullFailure ?? FAULT_REASON[publish.kind];
    return 'FAILED';
  }
  if (publish.mode === 'inbox') return 'SEND_TO_USER_INBOX';
  if (!publish.postId) recordPost(state, pages, publish);
  return 'PUBLISH_COMPLETE';
}

function recordPost(state: EmulatorState, pages: EmulatorPages, publish: TikTokPublish): void {
  const creator = findTikTokCreator(state, publish.openId)?.creator;
  const postId = numericId(19);
  publish.postId = postId;
  const info = publish.postInfo;
  const sha256 =
    publish.chunks.length > 0
      ? createHash('sha256')
          .update(publish.chunks.map((chunk) => chunk.sha256).join(''))
          .digest('hex')
      : undefined;
  state.published.record({
    network: 'tiktok',
    accountId: publish.openId,
    postId,
    // A photo post's caption is its description (its title is shown apart); a video's is its title.
    text: (publish.kind === 'photo' ? info.description : info.title) ?? '',
    media:
      publish.kind === 'video'
        ? [
            {
              type: 'video',
              id: publish.publishId,
              ...(publish.urls[0] ? { url: publish.urls[0] } : {}),
              ...(publish.videoSize !== undefined ? { size: publish.videoSize } : {}),
              ...(sha256 ? { sha256 } : {}),
            },
          ]
        : publish.urls.map((url, index) => ({ type: 'image' as const, id: `${publish.publishId}:${index}`, url })),
    permalink: tiktokPermalink(pages, creator?.username ?? publish.openId, postId),
    publishedAt: new Date(state.now()).toISOString(),
    tiktok: {
      publishId: publish.publishId,
      kind: publish.kind,
      privacyLevel: info.privacy_level ?? 'SELF_ONLY',
      disableComment: info.disable_comment === true,
      disableDuet: info.disable_duet === true,
      disableStitch: info.disable_stitch === true,
      brandContent: info.brand_content_toggle === true,
      brandOrganic: info.brand_organic_toggle === true,
      isAigc: info.is_aigc === true,
      ...(publish.kind === 'photo' && info.title !== undefined ? { title: info.title } : {}),
      source: publish.source,
    },
  });
}

/** The ids status/fetch gives of a completed post: only a public one's (`publicaly_available_post_id`). */
export function publiclyAvailableIds(publish: TikTokPublish): string[] {
  return publish.postId && publish.postInfo.privacy_level === 'PUBLIC_TO_EVERYONE' ? [publish.postId] : [];
}
