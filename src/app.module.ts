import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { AccountsModule } from './accounts/accounts.module';
import { AuthModule } from './auth/auth.module';
import { CryptoModule } from './common/crypto/crypto.module';
import { ApiExceptionFilter } from './common/errors/api-exception.filter';
import { EnvelopeInterceptor } from './common/http/envelope.interceptor';
import { createValidationPipe } from './common/http/validation.pipe';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { CustomersModule } from './customers/customers.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { DatabaseModule } from './database/database.module';
import { DatabaseStats } from './database';
import { HealthModule } from './health/health.module';
import { ConnectModule } from './connect/connect.module';
import { MetricsModule } from './metrics/metrics.module';
import { PostsModule } from './posts/posts.module';
import { CommentsModule } from './comments/comments.module';
import { MediaModule } from './media/media.module';
import { McpModule } from './mcp';
import { QueueModule } from './queue/queue.module';
import { EmulatorModule } from './emulator/emulator.module';
import { NetworksModule } from './networks/networks.module';
import { ObservabilityMetricsModule, ServiceMetrics } from './observability';
import { WebhooksModule } from './webhooks/webhooks.module';
import { TokenLifecycleModule } from './token-lifecycle/token-lifecycle.module';
import { TracingModule } from './observability';

const DATABASE_METRICS = Symbol('DATABASE_METRICS');

@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        // Traces, when an OTLP endpoint is set: started before every other module, flushed after.
        TracingModule,
        CryptoModule,
        DatabaseModule,
        ObservabilityMetricsModule,
        CustomersModule,
        AuthModule,
        NetworksModule,
        AccountsModule,
        ConnectModule,
        QueueModule,
        // Nest's scheduler, which runs every periodic task (scheduling/periodic-tasks.ts) on worker instances.
        ScheduleModule.forRoot(),
        MediaModule,
        PostsModule,
        CommentsModule,
        WebhooksModule,
        TokenLifecycleModule,
        MetricsModule,
        HealthModule,
        DashboardModule,
        // The MCP server's HTTP endpoint (/mcp): agents call the API's own routes, in process, with their key.
        McpModule,
        // Always mounted at /emulator: the customers' test worlds live there, in production too. The
        // in-memory default world (live traffic of emulated networks, scripts, benchmarks) is served
        // only with NETWORK_EMULATOR=on, or auto outside production, and not when
        // NETWORK_EMULATOR_URL names an emulator running elsewhere.
        EmulatorModule.register({
          defaultWorld:
            !config.emulatorUrl &&
            (config.emulatorMode === 'on' || (config.emulatorMode === 'auto' && config.nodeEnv !== 'production')),
          publicUrl: config.publicUrl,
        }),
      ],
      providers: [
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        // The database's figures in the metrics: wired here, above both modules (neither imports the other).
        {
          provide: DATABASE_METRICS,
          inject: [DatabaseStats, ServiceMetrics],
          useFactory: (stats: DatabaseStats, metrics: ServiceMetrics) => {
            const pool = stats.pool();
            if (pool) metrics.watchPool(pool);
            stats.onQueryError(() => metrics.databaseQueryError());
            return true;
          },
        },
      ],
    };
  }
}
