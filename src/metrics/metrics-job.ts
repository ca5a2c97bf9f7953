/** The task that reads one post's or account's metrics from its network. */
export const REFRESH_METRICS_TASK = 'refresh-metrics';

export type RefreshMetricsPayload = { deliveryId: string } | { accountId: string };

/** One waiting read per post or account, however many scans find it due. */
export function metricsJobKey(payload: RefreshMetricsPayload): string {
  return 'deliveryId' in payload ? `metrics:delivery:${payload.deliveryId}` : `metrics:account:${payload.accountId}`;
}

/** The payload as the queue hands it back (plain JSON), checked before it is trusted. */
export function parseMetricsPayload(payload: unknown): RefreshMetricsPayload {
  const record = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  if (typeof record.deliveryId === 'string' && record.deliveryId) return { deliveryId: record.deliveryId };
  if (typeof record.accountId === 'string' && record.accountId) return { accountId: record.accountId };
  throw new Error(`${REFRESH_METRICS_TASK}: the payload has neither deliveryId nor accountId`);
}
