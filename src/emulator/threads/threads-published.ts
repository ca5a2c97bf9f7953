import type { ThreadsContainerOptions } from './threads-stored-objects';

/** What the published log records of a Threads post beyond what every network's item has: the options it went out with. */
export type ThreadsPublishedOptions = Omit<ThreadsContainerOptions, 'altText' | 'replyToId'> & {
  /** `media_type` as a published post names it: TEXT_POST, IMAGE, VIDEO, CAROUSEL_ALBUM. */
  mediaType: string;
  shortcode: string;
};

declare module '../state/published-log' {
  interface PublishedItem {
    /** Threads: how the post was published (undefined for someone else's reply added by the control API). */
    threads?: ThreadsPublishedOptions;
  }
}
