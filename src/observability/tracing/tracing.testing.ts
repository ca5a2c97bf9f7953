import { InMemorySpanExporter, ReadableSpan } from '@opentelemetry/sdk-trace-node';
import type { TracingSettings } from '../../config';
import { startTracing } from './tracer-provider';

export const TEST_TRACING: TracingSettings = {
  url: 'http://127.0.0.1:4318/v1/traces',
  headers: {},
  serviceName: 'social-publishing',
  resourceAttributes: {},
  sampler: 'parentbased_always_on',
  samplerRatio: 1,
};

/** Tracing started for a unit spec, its spans kept in memory: `spans()` flushes and reads them. */
export function traceInMemory(settings: TracingSettings = TEST_TRACING) {
  const exporter = new InMemorySpanExporter();
  const silent = () => undefined;
  const started = startTracing(
    settings,
    { error: silent, warn: silent, info: silent, debug: silent, verbose: silent },
    exporter,
  );
  return {
    async spans(): Promise<ReadableSpan[]> {
      await started.flush();
      return exporter.getFinishedSpans();
    },
    stop: () => started.shutdown(),
  };
}
