/** The task that publishes one delivery, and the queue its jobs run in. */
export const PUBLISH_DELIVERY_TASK = 'publish-delivery';

export interface PublishDeliveryPayload {
  deliveryId: string;
}

/** One queue per connected account: its deliveries run one at a time (network limits, rotating tokens). */
export function accountQueue(accountId: string): string {
  return `account:${accountId}`;
}
