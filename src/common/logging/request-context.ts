import { AsyncLocalStorage } from 'node:async_hooks';
import { isSpanContextValid, trace } from '@opentelemetry/api';

/** What every log line written while serving a request carries (and, inside a span, its trace's ids). */
export interface RequestContext {
  readonly requestId: string;
}

/**
 * The request being served, wherever the code is (services, repositories, Nest's logger): entered
 * once per request by the HTTP adapter, read by the logger's mixin.
 */
export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The mixin's answer outside requests: nothing to add, and nothing allocated. */
const NOTHING = Object.freeze({});

/**
 * pino mixin: `{ requestId }` on lines written while serving a request, and `{ traceId, spanId }`
 * on lines written inside a span (a request's, a delivery attempt's, a network call's), so a line
 * leads to its trace. Without tracing there is never an active span: the API's no-op context
 * answers at once.
 */
export function requestIdMixin(): object {
  const context = requestContext.getStore();
  const span = trace.getActiveSpan()?.spanContext();
  if (span === undefined || !isSpanContextValid(span))
    return context === undefined ? NOTHING : { requestId: context.requestId };
  return context === undefined
    ? { traceId: span.traceId, spanId: span.spanId }
    : { requestId: context.requestId, traceId: span.traceId, spanId: span.spanId };
}

/**
 * pino merges the mixin's fields under the line's own (pino's default, which copies into the
 * mixin's object); lines outside requests are left as they are.
 */
export function mergeRequestFields(line: object, mixed: object): object {
  return mixed === NOTHING ? line : Object.assign(mixed, line);
}
