/** An event as stored (the columns a delivery needs), with the mode of the world it happened in. */
export interface StoredEvent {
  id: string;
  type: string;
  tenantId: string | null;
  createdAt: Date;
  data: Record<string, unknown>;
  /** False for an event of a customer's test world (its customer row's mode, which never changes). */
  livemode: boolean;
}

/** What a webhook receives for an event, and what the event history answers for it. */
export interface WebhookEventBody {
  id: string;
  event: string;
  tenantId: string | null;
  timestamp: string;
  data: Record<string, unknown>;
  livemode: boolean;
}

/**
 * The body of an event: `{ id, event, tenantId, timestamp, data, livemode }`, in that order (the
 * webhook's bytes follow it). `livemode` came last, after the fields receivers already read, so
 * what precedes it is unchanged.
 */
export function webhookEvent(event: StoredEvent): WebhookEventBody {
  return {
    id: event.id,
    event: event.type,
    tenantId: event.tenantId,
    timestamp: event.createdAt.toISOString(),
    data: event.data,
    livemode: event.livemode,
  };
}

/**
 * The body sent for an event, built from the stored row the same way every time, so a retry sends
 * the same bytes (and the same signature).
 */
export function webhookBody(event: StoredEvent): string {
  return JSON.stringify(webhookEvent(event));
}
