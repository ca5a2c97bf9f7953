import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CryptoModule } from '../common/crypto/crypto.module';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { CustomersModule } from '../customers/customers.module';
import { DatabaseModule } from '../database/database.module';
import { NetworksModule } from '../networks/networks.module';
import { DashboardUsersModule } from '../dashboard/users/dashboard-users.module';

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
