import { collectionKey } from '../state/object-collections';

/** One chunk of a FILE_UPLOAD as it arrived: its byte range and the SHA-256 (hex) of its bytes. */
export interface TikTokChunk {
  first: number;
  last: number;
  sha256: string;
}

/** What a post was asked to be, as init's post_info said it (TikTok's names). */
export interface TikTokPostInfo {
  title?: string;
  description?: string;
  privacy_level?: string;
  disable_comment?: boolean;
  disable_duet?: boolean;
  disable_stitch?: boolean;
  brand_content_toggle?: boolean;
  brand_organic_toggle?: boolean;
  is_aigc?: boolean;
  auto_add_music?: boolean;
  video_cover_timestamp_ms?: number;
  photo_cover_index?: number;
}

/** A publish from its init on: what was asked, the bytes that arrived, what processing made of it. */
export interface TikTokPublish {
  publishId: string;
  openId: string;
  kind: 'video' | 'photo';
  /** `direct`: posted to the profile (video.publish); `inbox`: a draft sent to the creator's inbox (video.upload). */
  mode: 'direct' | 'inbox';
  source: 'FILE_UPLOAD' | 'PULL_FROM_URL';
  postInfo: TikTokPostInfo;
  /** FILE_UPLOAD: the sizes init announced, and the upload URL's token. */
  videoSize?: number;
  chunkSize?: number;
  totalChunkCount?: number;
  uploadToken?: string;
  chunks: TikTokChunk[];
  contentType?: string;
  /** PULL_FROM_URL: the video's URL, or the photos'. */
  urls: string[];
  /** When all its media were there (the last chunk, or init for a pull); undefined while uploading. */
  arrivedAt?: number;
  /** Status reads since its media arrived. */
  polls: number;
  /** A container_error fault took: processing ends FAILED. */
  failing?: boolean;
  /** A pulled URL TikTok could not fetch: processing ends FAILED with this reason (video_pull_failed, photo_pull_failed). */
  pullFailure?: string;
  failReason?: string;
  /** The post's id once PUBLISH_COMPLETE. */
  postId?: string;
  createdAt: number;
}

export const TIKTOK_PUBLISHES = collectionKey<TikTokPublish>('tiktok.publishes');
