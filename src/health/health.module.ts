import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database';
import { DrainState } from './drain-state';
import { HealthController } from './health.controller';
import { Readiness } from './readiness';

@Module({
  imports: [DatabaseModule],
  controllers: [HealthController],
  providers: [DrainState, Readiness],
  exports: [DrainState, Readiness],
})
export class HealthModule {}
