/**
 * A job's id field as the queue hands the payload back (plain JSON), checked before it is trusted:
 * a non-empty string, or an error naming the task and the field.
 */
export function payloadId(task: string, payload: unknown, field: string): string {
  const value =
    typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)[field] : undefined;
  if (typeof value !== 'string' || !value) throw new Error(`${task}: the payload has no ${field}`);
  return value;
}
