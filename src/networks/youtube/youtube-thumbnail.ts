import { youTubeApiRules } from '../../contracts';
import { NetworkError } from '../network-error';
import { YouTubeApi } from './youtube-api';
import { YouTubeProgress } from './youtube-progress';

const { thumbnails } = youTubeApiRules();

/**
 * The custom thumbnail, once the video exists (thumbnails.set with the image as the body). The video
 * is published whatever happens to its thumbnail: YouTube's refusal (a channel not allowed custom
 * thumbnails, an image it does not take) is kept in the progress, not failed on; a transient
 * failure is retried with the delivery.
 */
export async function setYouTubeThumbnail(api: YouTubeApi, progress: YouTubeProgress, url: string): Promise<void> {
  try {
    const image = await api.download(url, thumbnails.maxBytes);
    const type = image.contentType.split(';')[0]!.trim();
    if (!thumbnails.accept.includes(type))
      throw new NetworkError(api.network, 'permanent', `A thumbnail must be a JPEG or PNG (got ${type})`);
    await api.setThumbnail(progress.videoId!, image.bytes, type);
    progress.thumbnail = 'set';
  } catch (error) {
    if (!(error instanceof NetworkError) || error.kind !== 'permanent') throw error;
    progress.thumbnail = 'refused';
    progress.thumbnailProblem = error.message;
  }
}
