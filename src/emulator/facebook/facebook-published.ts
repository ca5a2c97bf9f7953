/** What the published log records of a Facebook Page item beyond what every network's item has. */

/** How a Facebook Page item was published: where it appears, and the link a feed post shares. */
export interface FacebookPublishedOptions {
  /** feed: a Page post (/feed, /photos, /videos); reel: /video_reels; story: /photo_stories or /video_stories. */
  placement: 'feed' | 'reel' | 'story';
  /** The `link` a feed post was published with. */
  link?: string;
}

declare module '../state/published-log' {
  interface PublishedItem {
    /** Facebook: the placement and link it was published with (undefined in records older than them). */
    facebook?: FacebookPublishedOptions;
  }
}
