import { UnpublishRequest } from '../network-adapter';
import { YouTubeApi } from './youtube-api';
import { isYouTubeGone } from './youtube-errors';

/** `videos.delete?id=`: 204; a video YouTube no longer has (404 videoNotFound) is already gone. */
export async function unpublishOnYouTube(api: YouTubeApi, request: UnpublishRequest): Promise<void> {
  try {
    await api.call('DELETE', 'videos', { id: request.platformPostId });
  } catch (error) {
    if (!isYouTubeGone(error)) throw error;
  }
}
