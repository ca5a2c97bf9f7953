import { PublishProgress } from '../network-adapter';

/**
 * How far a TikTok delivery got, kept between attempts: the publish TikTok opened (`publishId`)
 * once its media were all sent (a FILE_UPLOAD whose chunks were not all sent is never kept: TikTok
 * never posts it, and the next attempt opens a new one), when a pull's init was sent (its answer
 * may be lost with the post made), the first time it was read still processing and how many reads
 * since (the back-off), and the post's id once TikTok completed it.
 */
export interface TikTokProgress {
  publishId?: string;
  /** A PULL_FROM_URL init (photos, or a video from a verified prefix) was sent at this time. */
  pullSentAt?: string;
  processingSince?: string;
  polls: number;
  /** The public post id (status/fetch's publicaly_available_post_id), or the publish id where TikTok gives none. */
  postId?: string;
  /** A draft: it went to the creator's inbox. */
  inbox?: boolean;
}

export function readTikTokProgress(progress: PublishProgress): TikTokProgress {
  const text = (key: string) => (typeof progress[key] === 'string' ? (progress[key] as string) : undefined);
  const publishId = text('publishId');
  const pullSentAt = text('pullSentAt');
  const processingSince = text('processingSince');
  const postId = text('postId');
  return {
    ...(publishId ? { publishId } : {}),
    ...(pullSentAt ? { pullSentAt } : {}),
    ...(processingSince ? { processingSince } : {}),
    polls: typeof progress.polls === 'number' ? progress.polls : 0,
    ...(postId ? { postId } : {}),
    ...(progress.inbox === true ? { inbox: true } : {}),
  };
}

export function tiktokProgressJson(progress: TikTokProgress): PublishProgress {
  return { ...progress };
}

/** The longest wait between two reads of a post still processing. */
export const TIKTOK_MAX_READ_WAIT_MS = 5 * 60_000;

/** When to read again: `pollMs` after the first read, doubling at each read, at most 5 minutes (counts the read). */
export function nextRead(progress: TikTokProgress, pollMs: number, now: number): Date {
  const wait = Math.min(pollMs * 2 ** progress.polls, TIKTOK_MAX_READ_WAIT_MS);
  progress.polls += 1;
  return new Date(now + wait);
}
