/** Why an event was recorded `skipped` (its `failureReason`); the post.completed trigger says the same. */
export const SKIPPED_BECAUSE = {
  noEndpoint: 'Not sent: no webhook endpoint was set',
  disabled: 'Not sent: the webhook endpoint was disabled (it answered 410 Gone)',
  unsubscribed: 'Not sent: the webhook endpoint is not subscribed to this event type',
} as const;

/**
 * `INSERT INTO events … RETURNING id` of one event, its parameters numbered from `firstParam`: id,
 * customer id, tenant id, type, data (JSON), then the delay in milliseconds before its first
 * attempt. It runs alone (EventsStore.insert) or as a CTE of another store's statement (a change
 * and its event in ONE statement). Its text is a hot prepared statement's: it must not change.
 */
export function eventInsertionSql(firstParam: number): string {
  const p = (offset: number) => `$${firstParam + offset}`;
  // The customer's one endpoint (or none) decides, in a single index lookup: sent when enabled
  // and subscribed to the type; otherwise skipped, saying why.
  return `INSERT INTO events (id, customer_id, tenant_id, type, data, delivery_status, next_attempt_at, failure_reason)
            SELECT ${p(0)}, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)},
                   CASE WHEN endpoint.state = 'subscribed' THEN 'pending' ELSE 'skipped' END,
                   CASE WHEN endpoint.state = 'subscribed' THEN now() + ${p(5)} * interval '1 millisecond' END,
                   CASE endpoint.state
                     WHEN 'subscribed' THEN NULL
                     WHEN 'disabled' THEN '${SKIPPED_BECAUSE.disabled}'
                     WHEN 'unsubscribed' THEN '${SKIPPED_BECAUSE.unsubscribed}'
                     ELSE '${SKIPPED_BECAUSE.noEndpoint}' END
              FROM (SELECT (SELECT CASE WHEN disabled_at IS NOT NULL THEN 'disabled'
                                        WHEN events IS NULL OR ${p(3)}::text = ANY (events) THEN 'subscribed'
                                        ELSE 'unsubscribed' END
                              FROM webhook_endpoints WHERE customer_id = ${p(1)}) AS state) AS endpoint
            RETURNING id`;
}
