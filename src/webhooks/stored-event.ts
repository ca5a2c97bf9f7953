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
}

export const EVENT_ROW_COLUMNS = 'id, customer_id, tenant_id, type, data, created_at, delivery_status, round';
