import { collectionKey } from '../state/object-collections';

/** A resumable upload session (videos.insert with uploadType=resumable): the metadata, then the bytes as they arrive. */
export interface YouTubeUploadSession {
  id: string;
  channelId: string;
  clientId: string;
  /** The Video resource of the first request, checked against the contract. */
  video: Record<string, unknown>;
  part: string;
  /** X-Upload-Content-Length and -Type. */
  length: number;
  contentType: string;
  /** Bytes received in order (0..received-1), and their SHA-256 so far is recomputed at the end from the chunks' hashes. */
  received: number;
  chunks: string[];
  /** The video once every byte arrived. */
  videoId?: string;
  createdAt: number;
}

/** A video's state beyond the published log: processing and thumbnail. */
export interface YouTubeVideoState {
  id: string;
  /** Status reads since the upload (processed after youtubeProcessingPolls). */
  polls: number;
  /** Set by a test (PUT /control/youtube/videos/{id}): the upload's processing fails. */
  failureReason?: string;
  thumbnail?: { sha256: string; size: number; contentType: string };
  privacyStatus: string;
  selfDeclaredMadeForKids: boolean;
  containsSyntheticMedia?: boolean;
  title: string;
  tags: string[];
  categoryId: string;
}

/** Units and uploads a project (client id) used per quota day (`{client}:{YYYY-MM-DD Pacific}`). */
export interface YouTubeQuotaUse {
  units: number;
  uploads: number;
}

export const YOUTUBE_UPLOADS = collectionKey<YouTubeUploadSession>('youtube.uploads');
export const YOUTUBE_VIDEOS = collectionKey<YouTubeVideoState>('youtube.videos');
export const YOUTUBE_QUOTA = collectionKey<YouTubeQuotaUse>('youtube.quota');
/** `{user}:{client}` of the grants that already received a refresh token (Google sends it on the first consent only). */
export const YOUTUBE_OFFLINE_GRANTS = collectionKey<boolean>('youtube.offline-grants');
