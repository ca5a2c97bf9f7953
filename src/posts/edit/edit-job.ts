import { payloadId } from '../../queue';

/** The task that sends one delivery's edit to its network. */
export const EDIT_DELIVERY_TASK = 'edit-delivery';

/** graphile-worker's attempts for an edit the network keeps failing for a moment (X's window closes in minutes anyway). */
export const EDIT_MAX_ATTEMPTS = 8;

export interface EditDeliveryPayload {
  deliveryId: string;
}

/** One waiting edit job per delivery, however many times the post is patched. */
export function editJobKey(deliveryId: string): string {
  return `edit:${deliveryId}`;
}

/** The payload as the queue hands it back (plain JSON), checked before it is trusted. */
export function parseEditPayload(payload: unknown): EditDeliveryPayload {
  return { deliveryId: payloadId(EDIT_DELIVERY_TASK, payload, 'deliveryId') };
}
