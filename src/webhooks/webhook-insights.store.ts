import { Injectable } from '@nestjs/common';
import { Database } from '../database';
import { webhookBody } from './webhook-payload';

/** A customer's webhook attempts of one UTC day. */
export interface AttemptDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  attempts: number;
  /** Attempts the receiver answered with a 2xx. */
  succeeded: number;
  /** The median duration of the day's attempts (answered or not), in milliseconds. */
  medianMs: number;
}

/** What was sent for an event, and the first bytes of each answer. */
export interface EventExchange {
  /** The body every attempt sent (webhookBody of the stored event). */
  body: string;
  /** By attempt number: the answer's first bytes, null when no answer came (or before they were kept). */
  responses: Record<number, string | null>;
}

interface ExchangeRow {
  id: string;
  type: string;
  tenant_id: string | null;
  created_at: Date;
  data: Record<string, unknown>;
  livemode: boolean;
  responses: Record<string, string | null> | null;
}

/** The customer $1's attempts per UTC day since $2 (exported so a test can check the plan). */
export const ATTEMPT_DAYS_SQL = `SELECT to_char(attempted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS attempts,
              count(*) FILTER (WHERE status_code BETWEEN 200 AND 299)::int AS succeeded,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms)::float8 AS "medianMs"
         FROM webhook_attempts
        WHERE customer_id = $1 AND attempted_at >= $2
        GROUP BY 1 ORDER BY 1`;

/** The dashboard's reads of the webhook tables: attempts per day, and an event's exchange. */
@Injectable()
export class WebhookInsightsStore {
  constructor(private readonly database: Database) {}

  /**
   * The customer's attempts per UTC day from `since` on (days without attempts are absent): one
   * range of webhook_attempts_customer_idx.
   */
  attemptDays(customerId: string, since: Date): Promise<AttemptDay[]> {
    return this.database.rows<AttemptDay>(ATTEMPT_DAYS_SQL, [customerId, since]);
  }

  /** The customer's event as sent, with its answers; undefined when unknown or another customer's. */
  async exchange(customerId: string, eventId: string): Promise<EventExchange | undefined> {
    const [row] = await this.database.rows<ExchangeRow>(
      `SELECT e.id, e.type, e.tenant_id, e.created_at, e.data, c.mode = 'live' AS livemode,
              (SELECT json_object_agg(a.attempt_number, a.response_prefix) FROM webhook_attempts a WHERE a.event_id = e.id) AS responses
         FROM events e JOIN customers c ON c.id = e.customer_id
        WHERE e.id = $1 AND e.customer_id = $2`,
      [eventId, customerId],
    );
    if (!row) return undefined;
    const body = webhookBody({
      id: row.id,
      type: row.type,
      tenantId: row.tenant_id,
      createdAt: row.created_at,
      data: row.data,
      livemode: row.livemode,
    });
    const responses: Record<number, string | null> = {};
    for (const [attempt, prefix] of Object.entries(row.responses ?? {})) responses[Number(attempt)] = prefix;
    return { body, responses };
  }
}
