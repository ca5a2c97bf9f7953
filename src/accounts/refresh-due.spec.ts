import { refreshDue } from './refresh-due';

describe('refreshDue', () => {
  const now = new Date('2030-01-01T12:00:00Z');
  const in_ = (ms: number) => new Date(now.getTime() + ms);
  const FIFTEEN_MINUTES = 15 * 60_000;

  it('is due inside the window, at its edge, and once expired', () => {
    expect(refreshDue(in_(FIFTEEN_MINUTES - 1), FIFTEEN_MINUTES, now)).toBe(true);
    expect(refreshDue(in_(FIFTEEN_MINUTES), FIFTEEN_MINUTES, now)).toBe(true);
    expect(refreshDue(in_(-60_000), FIFTEEN_MINUTES, now)).toBe(true);
  });

  it('is not due outside the window, nor without an expiry', () => {
    expect(refreshDue(in_(FIFTEEN_MINUTES + 1), FIFTEEN_MINUTES, now)).toBe(false);
    expect(refreshDue(null, FIFTEEN_MINUTES, now)).toBe(false);
    expect(refreshDue(undefined, FIFTEEN_MINUTES, now)).toBe(false);
  });
});
