import { Injectable } from '@nestjs/common';

/**
 * The wall clock that rules compare with: when a delivery's next attempt is due, when a webhook is
 * tried again, whether a token has expired. Injected (ClockModule) so a unit test can set and move
 * time (TestClock) instead of sleeping. Durations and timeouts keep the monotonic clock
 * (`performance.now()`): a wall clock set back or forward would stretch or cut them. Claims across
 * instances keep the database's `now()`, so every instance agrees.
 */
export abstract class Clock {
  abstract now(): Date;
}

/** The machine's clock. */
@Injectable()
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
