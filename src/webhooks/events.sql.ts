/**
 * `SELECT record_event(…) AS id`: records one event and answers its new id, its parameters
 * numbered from `firstParam`: customer id, tenant id, type, data (JSON). The database function
 * (migration EventRecording) is the one home of the rules: the endpoint's state, pending or skipped
 * and why, the first attempt's time (after the connection's `sps.webhook_first_delay_ms`) and the id;
 * the post.completed trigger records its event through it too. The statement runs alone
 * (EventsStore.insert) or as a CTE of another store's statement (a change and its event in ONE
 * statement: that statement must read the CTE, or PostgreSQL never runs it). Its text is a hot
 * prepared statement's: it must not change from one call to the next.
 */
export function eventInsertionSql(firstParam: number): string {
  const p = (offset: number) => `$${firstParam + offset}`;
  return `SELECT record_event(${p(0)}, ${p(1)}, ${p(2)}, ${p(3)}) AS id`;
}
