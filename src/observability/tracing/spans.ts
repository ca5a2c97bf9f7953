import {
  Attributes,
  context,
  Context,
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  ROOT_CONTEXT,
  Span,
  SpanContext,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { DEFAULT_SERVICE_NAME } from '../../config';
import { tracingRuns } from './tracer-provider';

/** What the work is handed when nothing is traced: a span that records nothing, made once. */
const NOT_TRACED: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

export interface SpanStart {
  /** Low-cardinality: a kind of work and a template, never an id. */
  name: string;
  kind?: SpanKind;
  attributes?: Attributes;
  /**
   * The span's parent, a W3C traceparent stored with the work (a delivery's, from the request that
   * made its post); null: none, the span starts a trace of its own; unset: the span active where
   * this runs, if any.
   */
  parent?: string | null;
}

/**
 * Runs `work` in a span of its own, made the active one while it runs (so the spans and log lines
 * of what it calls belong to it), and ends it when the work settles. A throw marks it failed with
 * the error's type (never its message, which may quote a network's answer) and is thrown on.
 *
 * Without tracing (no OTLP endpoint), `work` is called at once with a span that records nothing:
 * no span, no context, not even `start` is evaluated when it is a function.
 */
export function inSpan<T>(start: SpanStart | (() => SpanStart), work: (span: Span) => Promise<T>): Promise<T> {
  return tracingRuns() ? traced(start, work) : work(NOT_TRACED);
}

async function traced<T>(start: SpanStart | (() => SpanStart), work: (span: Span) => Promise<T>): Promise<T> {
  const { name, kind = SpanKind.INTERNAL, attributes, parent } = typeof start === 'function' ? start() : start;
  const parentContext = parent === undefined ? context.active() : parent === null ? ROOT_CONTEXT : contextOf(parent);
  const span = tracer().startSpan(name, { kind, attributes }, parentContext);
  try {
    return await context.with(trace.setSpan(parentContext, span), () => work(span));
  } catch (error) {
    failSpan(span, errorType(error));
    throw error;
  } finally {
    span.end();
  }
}

/** The tracer every span of the service is made with (the API's proxy: the running provider's). */
export function tracer() {
  return trace.getTracer(DEFAULT_SERVICE_NAME);
}

/**
 * Marks a span failed: status ERROR and `error.type`, a code (ours, the network's, an HTTP status),
 * never a message: messages may quote a network's or a receiver's answer.
 */
export function failSpan(span: Span, code: string): void {
  if (!span.isRecording()) return;
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.setAttribute('error.type', code);
}

/** Marks the span active here failed (see failSpan); nothing without one. */
export function failActiveSpan(code: string): void {
  if (!tracingRuns()) return;
  const span = trace.getActiveSpan();
  if (span) failSpan(span, code);
}

/** An error's type for `error.type`: its own code when it has a plain one, else its class's name. */
export function errorType(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(code)) return code;
  return error instanceof Error ? error.name : 'error';
}

const TRACE_PARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A W3C traceparent (version 00) as the span context it names; undefined when it is not one, or names no valid span. */
export function parseTraceParent(value: string): SpanContext | undefined {
  const match = TRACE_PARENT.exec(value.trim());
  if (!match) return undefined;
  const spanContext = { traceId: match[1]!, spanId: match[2]!, traceFlags: parseInt(match[3]!, 16), isRemote: true };
  return isSpanContextValid(spanContext) ? spanContext : undefined;
}

/** The W3C traceparent of a span context. */
export function formatTraceParent({ traceId, spanId, traceFlags }: SpanContext): string {
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/** A context whose parent span is the one a stored traceparent names (the root context when it names none). */
function contextOf(traceParent: string): Context {
  const spanContext = parseTraceParent(traceParent);
  return spanContext ? trace.setSpanContext(ROOT_CONTEXT, spanContext) : ROOT_CONTEXT;
}

/**
 * The traceparent of the span active here, to store with work another process will do (a post's
 * deliveries); undefined without tracing or outside any span.
 */
export function currentTraceParent(): string | undefined {
  if (!tracingRuns()) return undefined;
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? formatTraceParent(spanContext) : undefined;
}
