import { PublishProgress } from '../network-adapter';

/**
 * How far a YouTube delivery got, kept between attempts: the resumable upload's session URI (so a
 * retry asks it what arrived, and gets the video if the last answer was lost), the video's id once
 * YouTube answered it, whether its thumbnail was set (or why not), and when its processing was
 * first seen unfinished.
 */
export interface YouTubeProgress {
  sessionUri?: string;
  videoId?: string;
  thumbnail?: 'set' | 'refused';
  thumbnailProblem?: string;
  processingSince?: string;
}

export function readYouTubeProgress(progress: PublishProgress): YouTubeProgress {
  const text = (key: string) => (typeof progress[key] === 'string' ? (progress[key] as string) : undefined);
  const thumbnail = text('thumbnail');
  const found: YouTubeProgress = {};
  for (const key of ['sessionUri', 'videoId', 'thumbnailProblem', 'processingSince'] as const) {
    const value = text(key);
    if (value) found[key] = value;
  }
  if (thumbnail === 'set' || thumbnail === 'refused') found.thumbnail = thumbnail;
  return found;
}

export function youTubeProgressJson(progress: YouTubeProgress): PublishProgress {
  return { ...progress };
}
