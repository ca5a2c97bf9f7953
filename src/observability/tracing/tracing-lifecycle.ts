import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { DiagLogger } from '@opentelemetry/api';
import { APP_CONFIG } from '../../config';
import type { AppConfig } from '../../config';
import { StartedTracing, startTracing } from './tracer-provider';

/**
 * Starts the process's tracing when the settings ask for it (an OTLP endpoint), and flushes it
 * when the application closes (SIGTERM: main.ts closes the app). TracingModule is global, so Nest
 * runs this before any other module starts and after every other one has stopped: the spans of
 * the last requests and of the deliveries the worker finishes while stopping are exported too.
 */
@Injectable()
export class TracingLifecycle implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Tracing');
  private started: StartedTracing | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onModuleInit(): void {
    const settings = this.config.tracing;
    if (!settings) return;
    this.started = startTracing(settings, this.sdkLog());
    // The URL only: the headers may carry the collector's credentials.
    this.logger.log({ msg: 'Exporting traces over OTLP/HTTP', url: settings.url, serviceName: settings.serviceName });
  }

  async onApplicationShutdown(): Promise<void> {
    const started = this.started;
    this.started = undefined;
    await started?.shutdown();
  }

  /** The SDK's warnings and errors (an export the collector refused or never answered), as our log lines. */
  private sdkLog(): DiagLogger {
    const write = (level: 'warn' | 'error') => (message: string) =>
      this.logger[level]({ msg: `OpenTelemetry: ${message}` });
    const ignore = () => undefined;
    return { error: write('error'), warn: write('warn'), info: ignore, debug: ignore, verbose: ignore };
  }
}
