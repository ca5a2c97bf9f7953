import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { NetworkOperation } from '../network-operation';
import { HeartbeatAges, LaneBacklog, QueueBacklog, QueueLane } from './queue-backlog';

/** How a delivery's attempt ended, as counted: published, failed for good, to be tried again, or canceled before it ran. */
export type DeliveryOutcome = 'published' | 'failed' | 'retried' | 'canceled';
/** How one HTTP exchange with a network ended, from its status (no answer at all: unreachable). */
export type NetworkCallOutcome = 'ok' | 'client_error' | 'rate_limited' | 'server_error' | 'unreachable';
/** How one webhook attempt ended: a 2xx, another status, or no answer (refused, timed out, address refused). */
export type WebhookAttemptOutcome = 'delivered' | 'rejected' | 'unreachable';
/** How a token refresh ended: new tokens stored, or the network's refusal by kind. */
export type TokenRefreshOutcome = 'refreshed' | 'auth_expired' | 'rate_limited' | 'transient' | 'permanent';

/** What sps_db_pool_connections reads of a pool (pg's Pool has these). */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** The HTTP methods a route can have; anything else is counted as OTHER, so the label stays bounded. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The label of a request no route matched (a 404 by path): never the path itself. */
export const UNMATCHED_ROUTE = 'unmatched';

// Buckets in seconds. The API answers in milliseconds; a network call or a webhook attempt takes up
// to its 15 s (webhooks 10 s) deadline; a delivery waits from seconds to hours behind a backlog.
const API_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const CALL_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30, 60];
const LATENCY_BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 14400];

/**
 * The service's Prometheus metrics: one Registry per application (not prom-client's global one, so
 * that several applications in one process, as in the tests, keep their own counts), with every
 * family the dashboards and alerts in deploy/ name. Names and labels are fixed; label values are
 * bounded (a network id, a route template, an operation from NETWORK_OPERATIONS, an outcome, a
 * lane), never a customer's, tenant's or account's id nor a path with ids in it.
 */
export class ServiceMetrics {
  readonly registry = new Registry();

  private readonly httpRequests = new Counter({
    name: 'sps_http_requests_total',
    help: 'HTTP requests answered by the API, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'sps_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: API_BUCKETS,
    registers: [this.registry],
  });
  private readonly deliveries = new Counter({
    name: 'sps_deliveries_total',
    help: 'Delivery attempts by network and outcome (published, failed, retried, canceled)',
    labelNames: ['network', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly deliveryLatency = new Histogram({
    name: 'sps_delivery_latency_seconds',
    help: 'Time from a delivery being due (its post scheduled or accepted) to its being published',
    labelNames: ['network'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly networkRequests = new Counter({
    name: 'sps_network_requests_total',
    help: 'HTTP requests sent to a network, by network, operation and outcome',
    labelNames: ['network', 'operation', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly networkDuration = new Histogram({
    name: 'sps_network_request_duration_seconds',
    help: 'Time a network took to answer one request, by network and operation',
    labelNames: ['network', 'operation'] as const,
    buckets: CALL_BUCKETS,
    registers: [this.registry],
  });
  private readonly networkRateLimited = new Counter({
    name: 'sps_network_rate_limited_total',
    help: "Answers a network classified as its rate limit (a 429, or Meta's throttling codes)",
    labelNames: ['network'] as const,
    registers: [this.registry],
  });
  private readonly webhookAttempts = new Counter({
    name: 'sps_webhook_attempts_total',
    help: "Webhook attempts to customers' receivers, by outcome",
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly webhookDuration = new Histogram({
    name: 'sps_webhook_attempt_duration_seconds',
    help: "Time a customer's receiver took to answer one webhook attempt",
    buckets: CALL_BUCKETS,
    registers: [this.registry],
  });
  private readonly webhookEventsFailed = new Counter({
    name: 'sps_webhook_events_failed_total',
    help: "Webhook events that failed: the round's last attempt failed, or the receiver answered 410 Gone",
    registers: [this.registry],
  });
  private readonly tokenRefreshes = new Counter({
    name: 'sps_token_refreshes_total',
    help: 'Token refreshes by network and outcome',
    labelNames: ['network', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly accountsExpired = new Counter({
    name: 'sps_accounts_expired_total',
    help: 'Accounts marked expired because the network refused their token',
    labelNames: ['network'] as const,
    registers: [this.registry],
  });
  private readonly dbQueryErrors = new Counter({
    name: 'sps_db_query_errors_total',
    help: 'Database statements that failed (refused, or the connection lost)',
    registers: [this.registry],
  });

  private readonly pools: PoolCounts[] = [];
  private readonly backlog: QueueBacklog;

  /**
   * Whether anything is counted. Off when no one can read the figures (METRICS_PORT unset): every
   * recording method returns at once, so a process without metrics pays for none of them.
   */
  readonly recording: boolean;

  /** With `defaultMetrics`, prom-client's process metrics (CPU, memory, event loop lag, GC) are kept too. */
  constructor(
    options: { recording?: boolean; defaultMetrics: boolean; backlogMaxAgeMs?: number } = { defaultMetrics: true },
  ) {
    this.recording = options.recording ?? true;
    if (this.recording && options.defaultMetrics) collectDefaultMetrics({ register: this.registry });
    const pools = this.pools;
    new Gauge({
      name: 'sps_db_pool_connections',
      help: "Connections of this process's PostgreSQL pools, by state (active, idle, waiting: callers waiting for one)",
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const sum = (count: (pool: PoolCounts) => number) => pools.reduce((total, pool) => total + count(pool), 0);
        this.set(
          { state: 'active' },
          sum((pool) => pool.totalCount - pool.idleCount),
        );
        this.set(
          { state: 'idle' },
          sum((pool) => pool.idleCount),
        );
        this.set(
          { state: 'waiting' },
          sum((pool) => pool.waitingCount),
        );
      },
    });
    this.backlog = new QueueBacklog(this.registry, options.backlogMaxAgeMs);
  }

  /** Counts this pool's connections in sps_db_pool_connections (the service's pool, the job queue's). */
  watchPool(pool: PoolCounts): void {
    this.pools.push(pool);
  }

  /**
   * How a lane's backlog is read (sps_queue_due, sps_queue_oldest_due_seconds): by the module that
   * owns its table, with a statement that reads an index, not the table. Read when scraped, at
   * most once per sampling period, whoever scrapes.
   */
  queueBacklog(lane: QueueLane, read: () => Promise<LaneBacklog>): void {
    this.backlog.lane(lane, read);
  }

  /** How the age of the oldest worker heartbeat is read (sps_worker_heartbeat_age_seconds), sampled as the lanes. */
  workerHeartbeats(read: () => Promise<HeartbeatAges>): void {
    this.backlog.heartbeats(read);
  }

  httpRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    if (!this.recording) return;
    const labels = { method: METHODS.has(method) ? method : 'OTHER', route: route ?? UNMATCHED_ROUTE };
    this.httpRequests.inc({ ...labels, status: String(status) });
    this.httpDuration.observe(labels, seconds);
  }

  /** `latencySeconds`: for a published delivery, the time since it was due. */
  delivery(network: string, outcome: DeliveryOutcome, latencySeconds?: number): void {
    if (!this.recording) return;
    this.deliveries.inc({ network, outcome });
    if (outcome === 'published' && latencySeconds !== undefined)
      this.deliveryLatency.observe({ network }, Math.max(0, latencySeconds));
  }

  networkRequest(network: string, operation: NetworkOperation, outcome: NetworkCallOutcome, seconds: number): void {
    if (!this.recording) return;
    this.networkRequests.inc({ network, operation, outcome });
    this.networkDuration.observe({ network, operation }, seconds);
  }

  networkRateLimit(network: string): void {
    if (!this.recording) return;
    this.networkRateLimited.inc({ network });
  }

  webhookAttempt(outcome: WebhookAttemptOutcome, seconds: number): void {
    if (!this.recording) return;
    this.webhookAttempts.inc({ outcome });
    this.webhookDuration.observe(seconds);
  }

  /** An event whose retries are spent (or whose endpoint is gone): the customer's receiver is failing. */
  webhookEventFailed(): void {
    if (!this.recording) return;
    this.webhookEventsFailed.inc();
  }

  tokenRefresh(network: string, outcome: TokenRefreshOutcome): void {
    if (!this.recording) return;
    this.tokenRefreshes.inc({ network, outcome });
  }

  accountExpired(network: string): void {
    if (!this.recording) return;
    this.accountsExpired.inc({ network });
  }

  databaseQueryError(): void {
    if (!this.recording) return;
    this.dbQueryErrors.inc();
  }

  /** The Prometheus text exposition of every family, with its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}

/** The outcome of one HTTP exchange with a network, from its answer's status (undefined: no answer). */
export function networkCallOutcome(status: number | undefined): NetworkCallOutcome {
  if (status === undefined) return 'unreachable';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  if (status >= 400) return 'client_error';
  return 'ok';
}
