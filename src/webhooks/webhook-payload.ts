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

/**
 * The body sent for an event: `{ id, event, tenantId, timestamp, data, livemode }`. Built from the
 * stored row the same way every time, so a retry sends the same bytes (and the same signature).
 * `livemode` came last, after the fields receivers already read, so what precedes it is unchanged.
 */
export function webhookBody(event: StoredEvent): string {
  return JSON.stringify({
    id: event.id,
    event: event.type,
    tenantId: event.tenantId,
    timestamp: event.createdAt.toISOString(),
    data: event.data,
    livemode: event.livemode,
  });
}
