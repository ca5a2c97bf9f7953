/** A photo uploaded to a Page; unpublished ones wait to be attached to a feed post. */
export interface FacebookPhoto {
  id: string;
  pageId: string;
  url: string;
  caption: string;
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
  /** Processing steps so far: processing ends after the configured number (facebookVideoPolls). */
  statusReads: number;
  createdAt: number;
}

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
}

export type XMediaState = 'uploading' | 'pending' | 'in_progress' | 'succeeded' | 'failed';

/** Media uploaded to X, simple or chunked. */
export interface XMedia {
  id: string;
  mediaKey: string;
  userId: string;
  mediaType: string;
  category: string;
  totalBytes: number;
  receivedBytes: number;
  segments: Set<number>;
  state: XMediaState;
  polls: number;
  createdAt: number;
  expiresAt: number;
}

/** Objects the networks keep between calls, other than what the published log records. */
export class NetworkObjects {
  readonly facebookPhotos = new Map<string, FacebookPhoto>();
  readonly facebookVideos = new Map<string, FacebookVideo>();
  readonly instagramContainers = new Map<string, InstagramContainer>();
  readonly xMedia = new Map<string, XMedia>();

  clear(): void {
    this.facebookPhotos.clear();
    this.facebookVideos.clear();
    this.instagramContainers.clear();
    this.xMedia.clear();
  }
}
