import { payloadId } from '../../queue';

/** The task that deletes one delivery from its network. */
export const UNPUBLISH_DELIVERY_TASK = 'unpublish-delivery';

/** graphile-worker's attempts for a delete the network keeps failing (its backoff grows to hours). */
export const UNPUBLISH_MAX_ATTEMPTS = 10;

export interface UnpublishDeliveryPayload {
  deliveryId: string;
}

/** One waiting delete per delivery, however many times the post is unpublished. */
export function unpublishJobKey(deliveryId: string): string {
  return `unpublish:${deliveryId}`;
}

/** The payload as the queue hands it back (plain JSON), checked before it is trusted. */
export function parseUnpublishPayload(payload: unknown): UnpublishDeliveryPayload {
  return { deliveryId: payloadId(UNPUBLISH_DELIVERY_TASK, payload, 'deliveryId') };
}
