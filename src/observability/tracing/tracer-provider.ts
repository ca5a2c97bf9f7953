import { context, diag, DiagLogger, DiagLogLevel, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  Sampler,
  SpanExporter,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { TraceSamplerName, TracingSettings } from '../../config';

/** The provider this process exports its spans through, while one runs (see spans.ts: nothing is traced without it). */
let running: NodeTracerProvider | undefined;

/** True while a provider started by startTracing runs in this process. */
export function tracingRuns(): boolean {
  return running !== undefined;
}

/** The sampler the specification names (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG). */
export function samplerFor(name: TraceSamplerName, ratio: number): Sampler {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
  }
}

export interface StartedTracing {
  /** Exports every span ended so far. */
  flush(): Promise<void>;
  /** Exports what is still buffered (within the exporter's timeout), then stops and unregisters everything. */
  shutdown(): Promise<void>;
}

/**
 * Starts exporting spans: a NodeTracerProvider with a batch span processor (spans are queued and
 * sent in batches off the request path) and the OTLP/HTTP exporter (JSON), registered as the
 * process's provider with the AsyncLocalStorage context manager (NodeTracerProvider.register's
 * default) and the W3C trace-context propagator. The SDK's own problems (a collector that refuses
 * or cannot be reached) go to `log`; never a header, which may hold the collector's credentials.
 *
 * Not `@opentelemetry/sdk-node`: it brings gRPC, protobuf, metric and log exporters and automatic
 * instrumentations this service does not use (its spans are made where the work is, see spans.ts),
 * and its current line needs Node 22.
 *
 * One provider per process: a second start while one runs is refused (the API keeps the first).
 * `exporter` replaces the OTLP exporter (unit tests keep spans in memory).
 */
export function startTracing(settings: TracingSettings, log: DiagLogger, exporter?: SpanExporter): StartedTracing {
  if (running) throw new Error('Tracing already runs in this process');
  diag.setLogger(log, DiagLogLevel.WARN);
  const provider = new NodeTracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({ ...settings.resourceAttributes, [ATTR_SERVICE_NAME]: settings.serviceName }),
    ),
    sampler: samplerFor(settings.sampler, settings.samplerRatio),
    spanProcessors: [
      new BatchSpanProcessor(exporter ?? new OTLPTraceExporter({ url: settings.url, headers: settings.headers })),
    ],
  });
  provider.register();
  running = provider;
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      if (running !== provider) return;
      try {
        await provider.shutdown();
      } finally {
        running = undefined;
        // Back to the API's no-op state, so that a later start (a test's next app) registers afresh.
        trace.disable();
        context.disable();
        propagation.disable();
        diag.disable();
      }
    },
  };
}
