/**
 * How long events are kept: the event history (GET /api/v1/events) lists the last this many days,
 * and the hourly purge (PurgeOldEvents) deletes older events with their attempts, once settled.
 */
export const EVENT_RETENTION_DAYS = 30;
