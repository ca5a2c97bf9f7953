import { collectionKey } from '../state/object-collections';

/** A video registered with `POST /media`: its upload form, what arrived, how its processing goes. */
export interface PinterestMediaUpload {
  mediaId: string;
  /** The account that registered it: only its pins may use it. */
  owner: string;
  /** The upload form's parameters (key, policy, signature…), which the upload must send back unchanged. */
  parameters: Record<string, string>;
  createdAt: number;
  uploadedAt?: number;
  size?: number;
  sha256?: string;
  contentType?: string;
  /** Status reads since the upload arrived (it is `succeeded` after pinterestVideoPolls of them). */
  polls: number;
  /** Set by the `upload_error` fault or the control API: processing fails. */
  failed?: boolean;
}

export const PINTEREST_MEDIA = collectionKey<PinterestMediaUpload>('pinterest.media');
