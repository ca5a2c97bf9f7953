import { SpanStatusCode, trace } from '@opentelemetry/api';
import { currentTraceParent, failActiveSpan, formatTraceParent, inSpan, parseTraceParent } from './spans';
import { tracingRuns } from './tracer-provider';
import { traceInMemory } from './tracing.testing';

const PARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('spans without tracing', () => {
  it('runs the work at once with a span that records nothing, and stores no traceparent', async () => {
    expect(tracingRuns()).toBe(false);
    const start = jest.fn(() => ({ name: 'never' }));
    const seen = await inSpan(start, async (span) => {
      span.setAttribute('ignored', 1);
      return { recording: span.isRecording(), active: trace.getActiveSpan(), parent: currentTraceParent() };
    });
    expect(seen).toEqual({ recording: false, active: undefined, parent: undefined });
    // Not even the span's description is made.
    expect(start).not.toHaveBeenCalled();
  });
});

describe('spans with tracing', () => {
  let tracing: ReturnType<typeof traceInMemory>;
  beforeEach(() => (tracing = traceInMemory()));
  afterEach(() => tracing.stop());

  it('makes the span the active one while its work runs, across awaits, and ends it', async () => {
    const parentSeen = await inSpan({ name: 'outer' }, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return inSpan({ name: 'inner' }, async () => currentTraceParent());
    });
    const [inner, outer] = await tracing.spans();
    expect(inner!.name).toBe('inner');
    expect(inner!.parentSpanContext?.spanId).toBe(outer!.spanContext().spanId);
    expect(inner!.spanContext().traceId).toBe(outer!.spanContext().traceId);
    expect(parentSeen).toBe(formatTraceParent(inner!.spanContext()));
  });

  it('is the child of a stored traceparent, or of nothing when null, whatever span is active', async () => {
    await inSpan({ name: 'unrelated' }, async () => {
      await inSpan({ name: 'stored', parent: PARENT }, async () => undefined);
      await inSpan({ name: 'fresh', parent: null }, async () => undefined);
    });
    const spans = await tracing.spans();
    const byName = Object.fromEntries(spans.map((span) => [span.name, span]));
    expect(byName.stored!.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(byName.stored!.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(byName.fresh!.parentSpanContext).toBeUndefined();
    expect(byName.fresh!.spanContext().traceId).not.toBe(byName.unrelated!.spanContext().traceId);
  });

  it('marks a span failed by the error type only, and throws the error on', async () => {
    const failure = Object.assign(new Error('The network said: token EAAsecret is invalid'), { code: 'auth_expired' });
    await expect(
      inSpan({ name: 'failing' }, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    await inSpan({ name: 'marked' }, async () => failActiveSpan('rate_limited'));
    const [failing, marked] = await tracing.spans();
    expect(failing!.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(failing!.attributes).toEqual({ 'error.type': 'auth_expired' });
    expect(failing!.events).toEqual([]);
    expect(JSON.stringify([failing!.attributes, failing!.status, failing!.events])).not.toContain('EAAsecret');
    expect(marked!.attributes['error.type']).toBe('rate_limited');
  });
});

describe('traceparent', () => {
  it('reads a version-00 traceparent, and refuses anything else', () => {
    expect(parseTraceParent(PARENT)).toEqual({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: 1,
      isRemote: true,
    });
    expect(formatTraceParent(parseTraceParent(PARENT)!)).toBe(PARENT);
    for (const wrong of [
      '',
      'garbage',
      '00-00000000000000000000000000000000-b7ad6b7169203331-01',
      '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01',
      '01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      '00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01',
    ])
      expect(parseTraceParent(wrong)).toBeUndefined();
  });
});
