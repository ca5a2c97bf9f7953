import { collectionKey } from '../state/object-collections';

export type LinkedInMediaKind = 'images' | 'videos' | 'documents';
export type LinkedInAssetStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';

/** One part of a video's upload: its byte range, and the ETag once its PUT arrived. */
export interface LinkedInUploadPart {
  firstByte: number;
  lastByte: number;
  etag?: string;
  sha256?: string;
}

/** An image, video or document from `initializeUpload` on: its owner, its parts, what arrived. */
export interface LinkedInAsset {
  urn: string;
  kind: LinkedInMediaKind;
  owner: string;
  /** For a video, the size initializeUpload announced. */
  fileSizeBytes?: number;
  parts: LinkedInUploadPart[];
  uploadToken?: string;
  /** Bytes received, and their SHA-256 (hex) for a single-PUT upload. */
  size?: number;
  sha256?: string;
  contentType?: string;
  finalizedAt?: number;
  /** Status reads since it was finalized (a video is AVAILABLE after linkedinVideoPolls of them). */
  polls: number;
  createdAt: number;
  /** Set by a test (PUT /control/linkedin/media/…) to make it fail. */
  failed?: boolean;
}

export const LINKEDIN_ASSETS = collectionKey<LinkedInAsset>('linkedin.assets');
