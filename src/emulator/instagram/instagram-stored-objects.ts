import { collectionKey } from '../state/object-collections';

export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

/** An Instagram media container, from creation to media_publish. */
export interface InstagramContainer {
  id: string;
  igUserId: string;
  mediaType: 'IMAGE' | 'VIDEO' | 'REELS' | 'CAROUSEL';
  isCarouselItem: boolean;
  mediaUrl?: string;
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
