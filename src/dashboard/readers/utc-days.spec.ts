import { utcDays } from './utc-days';

describe('utcDays', () => {
  it('counts back from the UTC day of now, oldest first, from the start of the first day', () => {
    // 00:30 on the 1st of March in UTC is still the 28th of February west of Greenwich: UTC decides.
    const { days, since } = utcDays(new Date('2026-03-01T00:30:00Z'), 3);
    expect(days).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(since.toISOString()).toBe('2026-02-27T00:00:00.000Z');
  });

  it('gives 30 distinct days across a month end', () => {
    const { days } = utcDays(new Date('2026-11-26T23:59:59Z'), 30);
    expect(days).toHaveLength(30);
    expect(new Set(days).size).toBe(30);
    expect(days[0]).toBe('2026-10-28');
    expect(days[29]).toBe('2026-11-26');
  });
});
