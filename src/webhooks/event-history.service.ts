import { Injectable } from '@nestjs/common';
import type { AuthenticatedCustomer } from '../auth';
import { ApiException } from '../common/errors/api-exception';
import { Paginated } from '../common/http/paginated';
import { EVENT_ID, ListEventsQuery } from './dto/list-events.query';
import { EventHistoryStore, HistoryEvent } from './event-history.store';
import { EVENT_RETENTION_DAYS } from './event-retention';
import { webhookEvent, WebhookEventBody } from './webhook-payload';

/**
 * At most this many events are read for one page: with a `types` filter, the events of other
 * types in between are read too, and a customer with many of those must not make one request
 * read its whole history. A page can then be short, or empty, and still carry a nextCursor.
 */
export const EVENT_SCAN_LIMIT = 1_000;

/**
 * The customer's event history: every event recorded (sent, failed, pending or skipped), the body
 * its webhook carries, oldest first, for EVENT_RETENTION_DAYS. The cursor is an event's id: a
 * client that read to the end (nextCursor null) comes back later with the last id it read and
 * gets every event settled since, in order (see event-history.sql.ts for why none is skipped).
 */
@Injectable()
export class EventHistoryService {
  constructor(private readonly store: EventHistoryStore) {}

  async list(caller: AuthenticatedCustomer, query: ListEventsQuery): Promise<Paginated<WebhookEventBody>> {
    const limit = query.limit ?? 20;
    const start = startOf(query);
    const read = await this.store.page(caller.customerId, {
      after: start?.id,
      types: query.types,
      scanLimit: EVENT_SCAN_LIMIT,
      limit: limit + 1,
      retentionDays: EVENT_RETENTION_DAYS,
    });
    if (start && !read.cursorFound)
      throw invalidStart(
        start.field,
        `${start.field} is not one of your events of the last ${EVENT_RETENTION_DAYS} days (events older than that are deleted)`,
      );
    const page = read.events.slice(0, limit);
    return new Paginated(
      page.map((event) => body(event, caller)),
      { nextCursor: nextCursor(read.events, page, read.scanned, read.lastScanned) },
    );
  }

  /** One event of the customer's, as the history answers it; 404 when unknown, purged or another customer's. */
  async get(caller: AuthenticatedCustomer, eventId: string): Promise<WebhookEventBody> {
    const event = await this.store.one(caller.customerId, eventId, EVENT_RETENTION_DAYS);
    if (!event) throw ApiException.notFound('Event');
    return body(event, caller);
  }
}

/** Where the page starts: `after`, or `cursor` (its other name); both given must agree. */
function startOf(query: ListEventsQuery): { id: string; field: 'after' | 'cursor' } | undefined {
  if (query.after !== undefined && query.cursor !== undefined && query.after !== query.cursor)
    throw invalidStart('cursor', 'after and cursor are the same parameter: give one, or the same id in both');
  const start =
    query.after !== undefined
      ? { id: query.after, field: 'after' as const }
      : query.cursor !== undefined
        ? { id: query.cursor, field: 'cursor' as const }
        : undefined;
  if (start && !EVENT_ID.test(start.id))
    throw invalidStart(
      start.field,
      `${start.field} must be an event id (evt_…): the last event you read from this list`,
    );
  return start;
}

/**
 * The next page's start: the page's last event when more matched; the last event read when the
 * scan's bound was reached first (more may match beyond it); null at the end of what is settled.
 */
function nextCursor(
  matched: HistoryEvent[],
  page: HistoryEvent[],
  scanned: number,
  lastScanned: string | undefined,
): string | null {
  if (matched.length > page.length) return page[page.length - 1]!.id;
  if (scanned >= EVENT_SCAN_LIMIT) return lastScanned ?? null;
  return null;
}

function body(event: HistoryEvent, caller: AuthenticatedCustomer): WebhookEventBody {
  // The key's world is the event's customer row's, whose mode the webhook body states too.
  return webhookEvent({ ...event, livemode: caller.mode === 'live' });
}

function invalidStart(field: string, message: string): ApiException {
  return ApiException.validation([{ field, message }], `Invalid request: ${field}`);
}
