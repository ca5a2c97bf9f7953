import { nextBackgroundRefresh } from './refresh-schedule';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('nextBackgroundRefresh', () => {
  const published = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(published.getTime() + ms);

  it('is hourly in the first 7 days', () => {
    expect(nextBackgroundRefresh(published, at(10 * 60_000))).toEqual(at(10 * 60_000 + HOUR));
    expect(nextBackgroundRefresh(published, at(7 * DAY - 1))).toEqual(at(7 * DAY - 1 + HOUR));
  });

  it('is daily from day 7 to day 30, then stops', () => {
    expect(nextBackgroundRefresh(published, at(7 * DAY))).toEqual(at(8 * DAY));
    expect(nextBackgroundRefresh(published, at(29 * DAY))).toEqual(at(30 * DAY));
    expect(nextBackgroundRefresh(published, at(29 * DAY + 1))).toBeNull();
  });
});
