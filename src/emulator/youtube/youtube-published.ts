/** What the published log records of a YouTube video beyond what every network's item has: its metadata as sent. */
export interface YouTubePublishedFields {
  title?: string;
  privacyStatus?: string;
  selfDeclaredMadeForKids?: boolean;
  containsSyntheticMedia?: boolean;
  tags?: string[];
  categoryId?: string;
  /** The custom thumbnail set with thumbnails.set: its bytes' SHA-256. */
  thumbnailSha256?: string;
}

declare module '../state/published-log' {
  interface PublishedItem {
    /** YouTube: the video's metadata (undefined for a comment). */
    youtube?: YouTubePublishedFields;
  }
}
