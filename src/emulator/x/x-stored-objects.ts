import { collectionKey } from '../state/object-collections';

export type XMediaState = 'uploading' | 'pending' | 'in_progress' | 'succeeded' | 'failed';

/** Media uploaded to X, simple or chunked. */
export interface XMedia {
  id: string;
  mediaKey: string;
  userId: string;
  category: string;
  totalBytes: number;
  receivedBytes: number;
  segments: Set<number>;
  state: XMediaState;
  polls: number;
  createdAt: number;
  expiresAt: number;
  /** Set by POST /2/media/metadata (`metadata.alt_text.text`); carried to the tweet's published media. */
  altText?: string;
}

export const X_MEDIA = collectionKey<XMedia>('x.media');
