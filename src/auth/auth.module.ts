import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '../common/clock/clock.module';
import { CustomersModule } from '../customers';
import { DatabaseModule } from '../database';
import { RateLimitModule } from '../rate-limit';
import { ApiKey } from './api-key.entity';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeyRevocations } from './api-key-revocations';
import { ApiKeysService } from './api-keys.service';
import { ApiKeysStore } from './api-keys.store';
import { CustomerKeysService } from './customer-keys.service';
import { EarlyApiKeyCheck } from './early-api-key-check';

@Module({
  imports: [TypeOrmModule.forFeature([ApiKey]), DatabaseModule, RateLimitModule, CustomersModule, ClockModule],
  providers: [
    ApiKeysStore,
    ApiKeysService,
    CustomerKeysService,
    ApiKeyRevocations,
    EarlyApiKeyCheck,
    { provide: APP_GUARD, useClass: ApiKeyGuard },
  ],
  exports: [ApiKeysService, CustomerKeysService],
})
export class AuthModule {}
