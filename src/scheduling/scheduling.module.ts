import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database';
import { PeriodicScheduler } from './periodic-scheduler';
import { ScanRoundsStore } from './scan-rounds.store';
import { QueueModule } from '../queue';

/**
 * The periodic tasks (periodic-tasks.ts) and the rounds instances claim to run each once. Nest's
 * scheduler itself (ScheduleModule.forRoot()) is set up once, where the app is assembled
 * (AppModule).
 */
@Module({
  imports: [QueueModule, DatabaseModule],
  providers: [ScanRoundsStore, PeriodicScheduler],
  exports: [PeriodicScheduler],
})
export class SchedulingModule {}
