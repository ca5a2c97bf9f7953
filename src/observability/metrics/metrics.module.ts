import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config';
import type { AppConfig } from '../../config';
import { HttpMetricsHook } from './http-metrics.hook';
import { ServiceMetrics } from './service-metrics';

/**
 * The application's Prometheus metrics (ServiceMetrics, one registry per application). Global:
 * the modules that record into it (networks, posts, webhooks, accounts, queue) get it without each
 * importing this module, as they get the configuration. Served on METRICS_PORT by main.ts
 * (startMetricsServer), never on the API's port.
 */
@Global()
@Module({
  providers: [
    {
      provide: ServiceMetrics,
      inject: [APP_CONFIG],
      // prom-client's process metrics watch the event loop and GC: only when someone will read them.
      useFactory: (config: AppConfig) => new ServiceMetrics({ defaultMetrics: config.metricsPort !== undefined }),
    },
    HttpMetricsHook,
  ],
  exports: [ServiceMetrics],
})
export class ObservabilityMetricsModule {}
