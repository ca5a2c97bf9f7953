/** What the published log records of an Instagram medium beyond what every network's item has. */

export interface InstagramUserTag {
  username: string;
  x?: number;
  y?: number;
}

export type InstagramGraduationStrategy = 'MANUAL' | 'SS_PERFORMANCE';

/** How an Instagram medium was published: its placement and the container options that apply to the whole of it. */
export interface InstagramPublishedOptions {
  /** Where it appears, as `media_product_type` names it. */
  productType: 'FEED' | 'REELS' | 'STORY';
  collaborators?: string[];
  locationId?: string;
  /** A reel's `share_to_feed`: undefined when not sent (Instagram shares a reel to the feed then). */
  shareToFeed?: boolean;
  coverUrl?: string;
  thumbOffsetMs?: number;
  trialParams?: { graduationStrategy: InstagramGraduationStrategy };
  audioName?: string;
}

declare module '../state/published-log' {
  interface PublishedMedia {
    /** Instagram: the people tagged on the medium (`user_tags`; x and y on images and stories). */
    userTags?: InstagramUserTag[];
  }
  interface PublishedItem {
    /** Instagram: the placement and options it was published with (undefined in records older than them). */
    instagram?: InstagramPublishedOptions;
  }
}
