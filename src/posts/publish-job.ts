/** The task that publishes one delivery; its jobs run in the account's queue (see accountQueue). */
export const PUBLISH_DELIVERY_TASK = 'publish-delivery';

export interface PublishDeliveryPayload {
  deliveryId: string;
}

// Kept importable from here while the posts files still name it so; it lives in the queue folder
// because the token lifecycle (which must not import posts) enqueues on the same queue.
export { accountQueue } from '../queue/account-queue';
