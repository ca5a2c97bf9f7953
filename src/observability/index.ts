/** What other modules may use from observability/: everything else in the folder is its own. */
export { NETWORK_OPERATIONS, isNetworkOperation } from './network-operation';
export type { NetworkOperation } from './network-operation';
export { logNetworkCall, withNetworkCallLog } from './network-call-log';
export type { LoggedNetworkCall, NetworkCallLog } from './network-call-log';
export { currentNetworkOperation, inNetworkOperation, withNetworkOperation } from './network-operation-scope';
export { ObservabilityMetricsModule } from './metrics/metrics.module';
export { startMetricsServer } from './metrics/metrics-server';
export { networkCallOutcome, ServiceMetrics, UNMATCHED_ROUTE } from './metrics/service-metrics';
export type {
  DeliveryOutcome,
  NetworkCallOutcome,
  PoolCounts,
  TokenRefreshOutcome,
  WebhookAttemptOutcome,
} from './metrics/service-metrics';
export type { HeartbeatAges, LaneBacklog, QueueLane } from './metrics/queue-backlog';
export {
  backgroundJobSpan,
  currentTraceParent,
  deliveryAttemptSpan,
  failActiveSpan,
  inSpan,
  networkCallSpan,
  periodicTaskSpan,
  traceRequests,
  TracingModule,
  webhookAttemptSpan,
} from './tracing';
export type { DeliveryAttempt } from './tracing';
