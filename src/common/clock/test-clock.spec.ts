import { TestClock } from './test-clock';

describe('TestClock', () => {
  it('stands still until set or advanced', () => {
    const clock = new TestClock('2026-11-21T12:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-11-21T12:00:00.000Z');
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-11-21T12:01:30.000Z');
    clock.set('2027-01-01T00:00:00Z');
    expect(clock.now().toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('hands out copies, so a caller cannot move it', () => {
    const clock = new TestClock();
    clock.now().setTime(0);
    expect(clock.now().toISOString()).toBe('2026-11-21T12:00:00.000Z');
  });
});
