/** An event as stored (the columns a delivery needs). */
export interface StoredEvent {
  id: string;
  type: string;
  tenantId: string | null;
  createdAt: Date;
  data: Record<string, unknown>;
}

/**
 * The body sent for an event: `{ id, event, tenantId, timestamp, data }`. Built from the stored row
 * the same way every time, so a retry sends the same bytes (and the same signature).
 */
export function webhookBody(event: StoredEvent): string {
  return JSON.stringify({ id: event.id, event: event.type, tenantId: event.tenantId, timestamp: event.createdAt.toISOString(), data: event.data });
}
