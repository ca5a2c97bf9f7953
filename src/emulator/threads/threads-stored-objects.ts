import { collectionKey } from '../state/object-collections';

export type ThreadsContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED' | 'ERROR' | 'EXPIRED';

/** What a container carries to its post besides its medium: the options sent with it. */
export interface ThreadsContainerOptions {
  replyControl?: string;
  replyToId?: string;
  quotePostId?: string;
  topicTag?: string;
  linkAttachment?: string;
  poll?: Record<string, string>;
  altText?: string;
}

/** A Threads media container, from `POST /{user-id}/threads` to `threads_publish`. */
export interface ThreadsContainer {
  id: string;
  userId: string;
  mediaType: 'TEXT' | 'IMAGE' | 'VIDEO' | 'CAROUSEL';
  isCarouselItem: boolean;
  mediaUrl?: string;
  text: string;
  children: string[];
  options: ThreadsContainerOptions;
  status: ThreadsContainerStatus;
  /** On ERROR: one of the troubleshooting page's reasons (FAILED_DOWNLOADING_VIDEO, UNKNOWN, …). */
  errorMessage?: string;
  /** Status reads so far: a container is ready after threadsContainerPolls of them. */
  polls: number;
  createdAt: number;
  publishedId?: string;
}

export const THREADS_CONTAINERS = collectionKey<ThreadsContainer>('threads.containers');
