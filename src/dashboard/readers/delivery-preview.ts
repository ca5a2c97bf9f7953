import type { StoredContainer } from '../../posts';

/** A medium as the post page shows it: a thumbnail only from our own media store. */
export interface PreviewMedium {
  kind: string;
  altText?: string;
  /** A signed, short-lived URL of our media store, for an uploaded image or GIF; absent otherwise. */
  thumbnailUrl?: string;
  /** A customer's own URL (never loaded by the page, only named); absent for an upload. */
  externalUrl?: string;
}

/** What one delivery published (or will): each container's text and media, as resolved for its account. */
export interface DeliveryPreview {
  /** True when the delivery has containers of its own (options.<network>.containers, or an account override). */
  own: boolean;
  containers: Array<{ text: string; media: PreviewMedium[] }>;
}

/** Signs an uploaded medium's file URL for the page (MediaService.fileUrl, bound to a short lifetime). */
export type ThumbnailSigner = (mediaId: string, contentType: string) => string;

/**
 * The preview of a delivery's resolved containers (resolveDelivery's). A medium the customer
 * hosts is named, never loaded by the dashboard: its address is the customer's, the page's images
 * come from our own store only.
 */
export function deliveryPreview(containers: StoredContainer[], own: boolean, sign: ThumbnailSigner): DeliveryPreview {
  return {
    own,
    containers: containers.map((container) => ({
      text: container.content,
      media: container.media.map((medium) => {
        const shown: PreviewMedium = { kind: medium.kind, ...(medium.altText ? { altText: medium.altText } : {}) };
        if (!medium.mediaId) return { ...shown, externalUrl: medium.url };
        if (medium.kind !== 'video' && medium.contentType)
          return { ...shown, thumbnailUrl: sign(medium.mediaId, medium.contentType) };
        return shown;
      }),
    })),
  };
}
