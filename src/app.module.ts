import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
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
import { HealthModule } from './health/health.module';
import { ConnectModule } from './connect/connect.module';
import { PostsModule } from './posts/posts.module';
import { QueueModule } from './queue/queue.module';
import { EmulatorModule } from './emulator/emulator.module';
import { NetworksModule } from './networks/networks.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { TokenLifecycleModule } from './token-lifecycle/token-lifecycle.module';

@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        CryptoModule,
        DatabaseModule,
        CustomersModule,
        AuthModule,
        NetworksModule,
        AccountsModule,
        ConnectModule,
        QueueModule,
        PostsModule,
        WebhooksModule,
        TokenLifecycleModule,
        HealthModule,
        DashboardModule,
        // NETWORK_EMULATOR=on, or auto outside production: mounted at /emulator (each network then
        // decides from its own credentials whether it talks to it; the log lists the simulated ones),
        // unless NETWORK_EMULATOR_URL names one running elsewhere.
        EmulatorModule.register({
          enabled: !config.emulatorUrl && (config.emulatorMode === 'on' || (config.emulatorMode === 'auto' && config.nodeEnv !== 'production')),
          publicUrl: config.publicUrl,
        }),
      ],
      providers: [
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
      ],
    };
  }
}
