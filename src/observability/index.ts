/** What other modules may use from observability/: everything else in the folder is its own. */
export { isNetworkOperation, NETWORK_OPERATIONS } from './network-operation';
export type { NetworkOperation } from './network-operation';
export { currentNetworkOperation, inNetworkOperation, withNetworkOperation } from './network-operation-scope';
export {
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
