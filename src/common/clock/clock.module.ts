import { Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';

/**
 * Provides the Clock. Imported by each module whose rules depend on the time (not global, so a
 * module says that it reads the time); a test overrides it with a TestClock
 * (`.overrideProvider(Clock).useValue(new TestClock())`).
 */
@Module({
  providers: [{ provide: Clock, useClass: SystemClock }],
  exports: [Clock],
})
export class ClockModule {}
