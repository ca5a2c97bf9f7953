import { collectionKey } from '../state/object-collections';
import type { InstagramContainerOptions } from './instagram-container-options';

export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

/** An Instagram media container, from creation to media_publish. */
export interface InstagramContainer {
  id: string;
  igUserId: string;
  mediaType: 'IMAGE' | 'VIDEO' | 'REELS' | 'CAROUSEL' | 'STORIES';
  /** A story's medium: an image story is ready at once, a video story is processed as a reel is. */
  storyMedium?: 'image' | 'video';
  isCarouselItem: boolean;
  mediaUrl?: string;
  /** The options sent beside the medium (undefined in containers saved before them). */
  options?: InstagramContainerOptions;
  caption: string;
  children: string[];
  status: ContainerStatus;
  /** The human text of `status` (Instagram puts the error there). */
  statusText: string;
  polls: number;
  createdAt: number;
  publishedMediaId?: string;
  /**
   * Why fetching a video's URL failed: Instagram downloads videos while it processes the container,
   * so the container ends in ERROR at a later status check rather than refusing its creation.
   */
  downloadFailure?: string;
}

export const INSTAGRAM_CONTAINERS = collectionKey<InstagramContainer>('instagram.containers');
