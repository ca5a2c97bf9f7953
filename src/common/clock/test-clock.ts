import { Clock } from './clock';

/** A clock a test sets and moves: time stands still between its calls. */
export class TestClock extends Clock {
  private current: number;

  constructor(start: Date | string = '2026-11-21T12:00:00Z') {
    super();
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
