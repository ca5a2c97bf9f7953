import { PublishProgress } from '../network-adapter';

/**
 * How far a pin got, kept between attempts: a video's registered medium, whether its file was sent,
 * when it was first read still processing, when the pin's creation was sent (so a later attempt
 * looks for the pin on its board before creating it again), and the pin's id once Pinterest gave it.
 */
export interface PinterestProgress {
  mediaId?: string;
  uploaded?: boolean;
  processingSince?: string;
  creatingAt?: string;
  pinId?: string;
}

export function readPinterestProgress(progress: PublishProgress): PinterestProgress {
  const text = (key: string) => (typeof progress[key] === 'string' ? (progress[key] as string) : undefined);
  const read: PinterestProgress = {};
  for (const key of ['mediaId', 'processingSince', 'creatingAt', 'pinId'] as const) {
    const value = text(key);
    if (value) read[key] = value;
  }
  if (progress.uploaded === true) read.uploaded = true;
  return read;
}

export function pinterestProgressJson(progress: PinterestProgress): PublishProgress {
  return { ...progress };
}
