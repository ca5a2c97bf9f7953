import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { CryptoModule } from '../common/crypto/crypto.module';
import { AppConfig } from '../config';
import { ConfigModule } from '../config';
import { CustomersModule } from '../customers';
import { DatabaseModule } from '../database';
import { NetworksModule } from '../networks';
import { DashboardUsersModule } from '../dashboard';

/** The services the operator CLI acts through: the same rules as the API, without the HTTP server. */
@Module({})
export class CliModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        CryptoModule,
        DatabaseModule,
        CustomersModule,
        AuthModule,
        NetworksModule,
        DashboardUsersModule,
      ],
    };
  }
}
