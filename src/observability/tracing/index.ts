/** Traces: the module that starts and flushes them, and the spans the service's work is made of. */
export { networkCallSpan } from './network-call-span';
export { traceRequests } from './request-spans';
export { currentTraceParent, failActiveSpan, inSpan } from './spans';
export { TracingModule } from './tracing.module';
export { backgroundJobSpan, deliveryAttemptSpan, periodicTaskSpan, webhookAttemptSpan } from './work-spans';
export type { DeliveryAttempt } from './work-spans';
