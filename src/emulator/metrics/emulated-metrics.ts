import { createHash } from 'node:crypto';
import { EmulatorState } from '../state/emulator-state';
import { collectionKey } from '../state/object-collections';

/** A value a test told the emulator to report for a metric, or that the network cannot report it. */
export type MetricOverride = number | 'unsupported';

/** `{network}:{object id}` → metric name (the network's own) → what a test set. */
export const METRIC_OVERRIDES = collectionKey<Record<string, MetricOverride>>('metric-overrides');

/** `{network}:{object id}` → how many times its metrics were read: how a test sees a refresh reach the network. */
export const METRIC_READS = collectionKey<number>('metric-reads');

export function metricsKey(network: string, objectId: string): string {
  return `${network}:${objectId}`;
}

/** Counts one reading of an object's metrics (an insights call, a lookup asking for public metrics). */
export function countMetricsRead(state: EmulatorState, network: string, objectId: string): void {
  const reads = state.objects.of(METRIC_READS);
  const key = metricsKey(network, objectId);
  reads.set(key, (reads.get(key) ?? 0) + 1);
}

/** A number in [0, 1) fixed by the object and metric, so that every run tells the same story. */
function seed(network: string, objectId: string, metric: string): number {
  const digest = createHash('sha256').update(`${network}:${objectId}:${metric}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/**
 * How a metric grows: fast in a post's first hours, slowly afterwards (logarithmic in the minutes
 * since publishing), scaled per metric (`scale`: roughly its value after a day) and varied per
 * object. Never decreases with time.
 */
export function grownValue(network: string, objectId: string, metric: string, scale: number, minutes: number): number {
  const curve = Math.log1p(Math.max(0, minutes)) / Math.log1p(24 * 60);
  return Math.floor(scale * (0.5 + seed(network, objectId, metric)) * curve);
}

/**
 * A post's metric now: what a test set, or its grown value since `publishedAt`. `undefined` when
 * a test marked it unsupported.
 */
export function postMetric(
  state: EmulatorState,
  network: string,
  objectId: string,
  metric: string,
  scale: number,
  publishedAt: string,
): number | undefined {
  const override = state.objects.of(METRIC_OVERRIDES).get(metricsKey(network, objectId))?.[metric];
  if (override === 'unsupported') return undefined;
  if (override !== undefined) return override;
  return grownValue(network, objectId, metric, scale, (state.now() - Date.parse(publishedAt)) / 60_000);
}

/** An account's metric: what a test set, or a steady value fixed by the account (`scale` its order of size). */
export function accountMetric(
  state: EmulatorState,
  network: string,
  accountId: string,
  metric: string,
  scale: number,
): number | undefined {
  const override = state.objects.of(METRIC_OVERRIDES).get(metricsKey(network, accountId))?.[metric];
  if (override === 'unsupported') return undefined;
  if (override !== undefined) return override;
  return Math.floor(scale * (0.5 + seed(network, accountId, metric)));
}
