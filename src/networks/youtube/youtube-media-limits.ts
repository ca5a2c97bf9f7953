import type { NetworkMediaLimits } from '../../media';
import { YouTubeContract } from '../../contracts';

/** videos.insert's mediaUpload.maxSize in the discovery document: 256 GB. */
const MAX_BYTES = Number(YouTubeContract.load().methodById('videos.insert')?.mediaUpload?.maxSize ?? 274877906944);
/** The longest upload, for a verified channel (support.google.com/youtube/answer/71673): 12 hours; unverified ones 15 minutes. */
const MAX_SECONDS = 12 * 3600;

/** What YouTube takes of an uploaded video: up to 256 GB and 12 hours (a Short is one of up to 3 minutes, vertical or square). */
export const YOUTUBE_MEDIA_LIMITS: NetworkMediaLimits = {
  size: { video: MAX_BYTES },
  video: { minMs: 0, maxMs: MAX_SECONDS * 1000 },
};
