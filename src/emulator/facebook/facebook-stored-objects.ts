import { collectionKey } from '../state/object-collections';

/** A photo uploaded to a Page; unpublished ones wait to be attached to a feed post. */
export interface FacebookPhoto {
  id: string;
  pageId: string;
  url: string;
  caption: string;
  /** `alt_text_custom`, as sent. */
  altText?: string;
  published: boolean;
  /** The feed post that shows it, once there is one. */
  postId?: string;
  createdAt: number;
}

/**
 * A video uploaded to a Page, by URL or in a resumable upload session (start, transfer, finish).
 * Once uploaded Facebook processes it (`status.video_status` processing → ready, or error) and
 * publishes it once ready; an upload session never finished is never published.
 */
export interface FacebookVideo {
  id: string;
  pageId: string;
  /** The `file_url` Facebook fetched; undefined for bytes sent in a resumable upload. */
  url?: string;
  description: string;
  status: 'uploading' | 'processing' | 'ready' | 'error';
  /** The resumable upload session (upload_phase=start), if the video came that way. */
  uploadSessionId?: string;
  /** The size announced at upload_phase=start, and the bytes transferred so far. */
  fileSize: number;
  receivedBytes: number;
  /** The SHA-256 (hex) of the bytes transferred, once a resumable upload is finished: what was uploaded, in order. */
  sha256?: string;
  /**
   * A reel or a video story (started on `/video_reels` or `/video_stories`, its file sent to
   * rupload); undefined for a Page video of `/videos`.
   */
  placement?: 'reel' | 'story';
  /** A reel's or a story's file was received in full by rupload (bytes or file_url). */
  uploaded?: boolean;
  /** When a reel or a story was published (its finish), if it was. */
  publishedAt?: number;
  /** Processing steps so far: processing ends after the configured number (facebookVideoPolls). */
  statusReads: number;
  createdAt: number;
}

export const FACEBOOK_PHOTOS = collectionKey<FacebookPhoto>('facebook.photos');
export const FACEBOOK_VIDEOS = collectionKey<FacebookVideo>('facebook.videos');

/** A story published on a Page (`/photo_stories` or `/video_stories`), as `GET /{page-id}/stories` lists it. */
export interface FacebookStory {
  postId: string;
  pageId: string;
  mediaType: 'photo' | 'video';
  mediaId: string;
  createdAt: number;
}

export const FACEBOOK_STORIES = collectionKey<FacebookStory>('facebook.stories');
