/** What the published log records of a pin beyond what every network's item has. */
export interface PinterestPublishedFields {
  boardId: string;
  boardSectionId?: string;
  title?: string;
  link?: string;
  altText?: string;
  dominantColor?: string;
  /** media_source.source_type: image_url, image_base64, multiple_image_urls, multiple_image_base64, video_id. */
  sourceType: string;
  /** A video pin's cover: its URL, or the key frame's time in seconds. */
  cover?: { url?: string; keyFrameTime?: number; data?: boolean };
}

declare module '../state/published-log' {
  interface PublishedItem {
    /** Pinterest: how the pin was made. */
    pinterest?: PinterestPublishedFields;
  }
}
