import type { EventDeliveryStatus } from './event-types';

/** An event row as delivery reads it. */
export interface EventRow {
  id: string;
  customer_id: string;
  tenant_id: string | null;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
  delivery_status: EventDeliveryStatus;
  /** The resend round this attempt belongs to (see the migration). */
  round: number;
  /** From the event's customer row: false in a test world. */
  livemode: boolean;
}

/** The columns of EventRow, from `events e JOIN customers c ON c.id = e.customer_id`. */
export const EVENT_ROW_COLUMNS =
  "e.id, e.customer_id, e.tenant_id, e.type, e.data, e.created_at, e.delivery_status, e.round, c.mode = 'live' AS livemode";
