import { AccountTokens, AppCredentials } from '../network-credentials';

/**
 * Metrics as a network reported them, named in the service's own words (the same name means the
 * same thing on every network). A metric a network could not give is `unavailable` with a reason,
 * so that one refused metric never hides the others.
 */
export const METRIC_UNAVAILABLE_REASONS = [
  /** The account's login lacks the permission the metric needs (e.g. Facebook's read_insights). */
  'missing_permission',
  /** The network does not report this metric for this kind of post (e.g. a carousel, a text post). */
  'unsupported_media_type',
  /** The network answered without it. */
  'not_reported',
  /** The post has had too few viewers for the network to report it yet (Instagram's "not enough viewers"). */
  'not_enough_viewers',
  /** The network no longer offers this metric (it answers that the metric is not a valid one). */
  'discontinued',
] as const;
export type MetricUnavailableReason = (typeof METRIC_UNAVAILABLE_REASONS)[number];

export type MetricValue = { value: number } | { unavailable: MetricUnavailableReason; message: string };

/** Metric name → its value or why it is unavailable. */
export type MetricReading = Record<string, MetricValue>;

export function available(value: number): MetricValue {
  return { value };
}

export function unavailable(reason: MetricUnavailableReason, message: string): MetricValue {
  return { unavailable: reason, message };
}

/** Every one of `names` unavailable for the same reason (a login without the permission metrics need). */
export function allUnavailable(
  names: readonly string[],
  reason: MetricUnavailableReason,
  message: string,
): MetricReading {
  return Object.fromEntries(names.map((name) => [name, unavailable(reason, message)]));
}

/** A count the network answered with, or `not_reported` when its answer had none. */
export function countOf(value: number | undefined): MetricValue {
  return value === undefined ? unavailable('not_reported', 'The network did not report it') : available(value);
}

/** The metrics a network reports of a published post and of an account. */
export interface MetricNames {
  post: readonly string[];
  account: readonly string[];
}

export interface PostMetricsRequest {
  /** The account's id on the network. */
  networkAccountId: string;
  tokens: AccountTokens;
  app: AppCredentials;
  /** The network's id of the published post (the delivery's platformPostId). */
  platformPostId: string;
  /**
   * What the network granted the account: metrics that need a permission it lacks are unavailable
   * (`missing_permission`) without asking the network.
   */
  permissions: readonly string[];
}

export interface AccountMetricsRequest {
  networkAccountId: string;
  tokens: AccountTokens;
  app: AppCredentials;
  /**
   * What the network granted the account, as for a post's metrics: an account metric that needs a
   * permission it lacks is `missing_permission` without asking the network. Absent: not known, the
   * network's answer decides.
   */
  permissions?: readonly string[];
}

/**
 * Reading metrics: every network adapter implements it. Throws NetworkError only when the whole
 * reading failed (rate limit, expired login, network down); a metric the network refuses on its
 * own is an `unavailable` entry instead.
 */
export interface MetricsAdapter {
  /**
   * The names of the metrics the network reports (each reading has exactly these, a value or
   * `unavailable`), from the tables its readings are built from: the capability document lists them.
   */
  readonly metricNames: MetricNames;
  postMetrics(request: PostMetricsRequest): Promise<MetricReading>;
  accountMetrics(request: AccountMetricsRequest): Promise<MetricReading>;
}
