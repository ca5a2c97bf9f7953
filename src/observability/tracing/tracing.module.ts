import { Global, Module } from '@nestjs/common';
import { TracingLifecycle } from './tracing-lifecycle';

/**
 * Traces (OTLP/HTTP) when OTEL_EXPORTER_OTLP_ENDPOINT is set. Global for its lifecycle only: Nest
 * starts global modules first and stops them last, which brackets every span the others make.
 * It provides nothing to inject: spans are made through spans.ts over the OpenTelemetry API, which
 * is the process's (one provider, one context manager), so that shared code (the HTTP client, the
 * tasks) needs no new constructor argument for them.
 */
@Global()
@Module({ providers: [TracingLifecycle] })
export class TracingModule {}
