/** What the published log records of a TikTok post beyond what every network's item has. */
export interface TikTokPublishedFields {
  publishId: string;
  kind: 'video' | 'photo';
  privacyLevel: string;
  disableComment: boolean;
  disableDuet: boolean;
  disableStitch: boolean;
  brandContent: boolean;
  brandOrganic: boolean;
  isAigc: boolean;
  /** A photo post's title (its description is the item's text). */
  title?: string;
  source: 'FILE_UPLOAD' | 'PULL_FROM_URL';
}

declare module '../state/published-log' {
  interface PublishedItem {
    /** TikTok: how the post was published. */
    tiktok?: TikTokPublishedFields;
  }
}
