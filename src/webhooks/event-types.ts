/** The data of each event kind, as the customer's webhook receives it (SPEC.md section 6). */
export interface EventData {
  'account.connected': { connectedAccountId: string; platform: string; username: string; nickname: string };
  'account.token_expired': { connectedAccountId: string; platform: string; username: string; reason: string };
  'post.published': {
    servicePostId: string;
    deliveryId: string;
    connectedAccountId: string;
    platform: string;
    platformPostId: string;
    permalink: string | null;
  };
  'post.failed': { servicePostId: string; deliveryId: string; connectedAccountId: string; platform: string; error: string; errorCode: string };
}

export type EventType = keyof EventData;
