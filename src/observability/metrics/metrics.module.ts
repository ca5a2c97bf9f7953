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
      // Counting, and prom-client's process metrics (which watch the event loop and GC), only when
      // someone will read them: without METRICS_PORT nothing is recorded.
      useFactory: (config: AppConfig) => {
        const served = config.metricsPort !== undefined;
        return new ServiceMetrics({ recording: served, defaultMetrics: served });
      },
    },
    HttpMetricsHook,
  ],
  exports: [ServiceMetrics],
})
export class ObservabilityMetricsModule {}
