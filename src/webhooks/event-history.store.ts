import { Injectable } from '@nestjs/common';
import { Database } from '../database';
import { EVENT_HISTORY_ONE, EVENT_HISTORY_PAGE, PURGE_OLD_EVENTS } from './event-history.sql';

/** An event as the history answers it (its body is built by webhookEvent, with the caller's mode). */
export interface HistoryEvent {
  id: string;
  type: string;
  tenantId: string | null;
  createdAt: Date;
  data: Record<string, unknown>;
}

/** Which part of the history to read (see EVENT_HISTORY_PAGE). */
export interface HistoryQuery {
  /** Events after this one (an id the customer was given); from the oldest kept when absent. */
  after?: string;
  /** Only these types; every type when absent. */
  types?: readonly string[];
  /** At most this many events are read, matching or not. */
  scanLimit: number;
  /** At most this many matching events are answered. */
  limit: number;
  retentionDays: number;
}

/** What one read of the history found. */
export interface HistoryRead {
  /** The matching events, oldest first (at most `limit`). */
  events: HistoryEvent[];
  /** How many events were read, matching or not (`scanLimit` at most). */
  scanned: number;
  /** The id of the last event read, matching or not; undefined when none was. */
  lastScanned?: string;
  /** False when `after` is not one of the customer's kept events. */
  cursorFound: boolean;
}

interface PageRow {
  scanned: number;
  last_scanned: string | null;
  cursor_found: boolean;
  id: string | null;
  type: string | null;
  tenant_id: string | null;
  created_at: Date | null;
  data: Record<string, unknown> | null;
}

interface EventRow {
  id: string;
  type: string;
  tenant_id: string | null;
  created_at: Date;
  data: Record<string, unknown>;
}

/** The event history's reads of the events table, and its purge (the webhooks module owns the table). */
@Injectable()
export class EventHistoryStore {
  constructor(private readonly database: Database) {}

  /** One page of the customer's history, in one statement (see EVENT_HISTORY_PAGE). */
  async page(customerId: string, query: HistoryQuery): Promise<HistoryRead> {
    const rows = await this.database.rows<PageRow>(EVENT_HISTORY_PAGE, [
      customerId,
      query.after ?? null,
      query.retentionDays,
      query.types ? [...query.types] : null,
      query.scanLimit,
      query.limit,
    ]);
    const summary = rows[0];
    return {
      events: rows.flatMap((row) =>
        row.id === null
          ? []
          : [
              {
                id: row.id,
                type: row.type!,
                tenantId: row.tenant_id,
                createdAt: row.created_at!,
                data: row.data!,
              },
            ],
      ),
      scanned: summary?.scanned ?? 0,
      lastScanned: summary?.last_scanned ?? undefined,
      cursorFound: summary?.cursor_found ?? false,
    };
  }

  /** The customer's event, if kept; undefined when unknown, purged or another customer's. */
  async one(customerId: string, eventId: string, retentionDays: number): Promise<HistoryEvent | undefined> {
    const [row] = await this.database.rows<EventRow>(EVENT_HISTORY_ONE, [eventId, customerId, retentionDays]);
    if (!row) return undefined;
    return { id: row.id, type: row.type, tenantId: row.tenant_id, createdAt: row.created_at, data: row.data };
  }

  /** Deletes up to `batch` settled events older than `days`; answers how many. */
  async purgeOlderThan(days: number, batch: number): Promise<number> {
    const { affected } = await this.database.execute(PURGE_OLD_EVENTS, [days, batch]);
    return affected;
  }
}
