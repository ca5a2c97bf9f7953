/** The task that delivers one event to the customer's webhook endpoint. */
export const DELIVER_WEBHOOK_TASK = 'deliver-webhook';

export interface DeliverWebhookPayload {
  eventId: string;
}

export function isDeliverWebhookPayload(payload: unknown): payload is DeliverWebhookPayload {
  return typeof payload === 'object' && payload !== null && typeof (payload as { eventId?: unknown }).eventId === 'string';
}

const JOB_KEY_PREFIX = 'webhook:';

/** One waiting job per event: a retry or a resend replaces it rather than adding another. */
export function webhookJobKey(eventId: string): string {
  return `${JOB_KEY_PREFIX}${eventId}`;
}

/** The same in SQL, for an SQL expression giving the event id. */
export function webhookJobKeySql(eventIdExpression: string): string {
  return `'${JOB_KEY_PREFIX}' || ${eventIdExpression}`;
}
