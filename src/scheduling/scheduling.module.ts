import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { PeriodicScheduler } from './periodic-scheduler';
import { ScanRoundsStore } from './scan-rounds.store';

/**
 * The periodic tasks (periodic-tasks.ts) and the rounds instances claim to run each once. Nest's
 * scheduler itself (ScheduleModule.forRoot()) is set up once, where the app is assembled
 * (AppModule). The job queue comes from the global QueueModule.
 */
@Module({
  imports: [DatabaseModule],
  providers: [ScanRoundsStore, PeriodicScheduler],
  exports: [PeriodicScheduler],
})
export class SchedulingModule {}
