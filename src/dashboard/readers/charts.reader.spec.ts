import { postsByDay, webhookDays } from './charts.reader';

describe('charts reader', () => {
  const days = ['2026-11-25', '2026-11-26'];

  it("counts posts by day and the status derived from their deliveries' statuses, every day present", () => {
    expect(
      postsByDay(days, [
        { day: '2026-11-25', statuses: ['published'], count: 2 },
        { day: '2026-11-25', statuses: ['failed', 'published'], count: 1 },
        { day: '2026-11-25', statuses: ['failed'], count: 1 },
        // Made after the window was computed: not shown rather than a day of its own.
        { day: '2026-11-27', statuses: ['published'], count: 5 },
      ]),
    ).toEqual([
      { day: '2026-11-25', counts: { published: 2, partially_published: 1, failed: 1 } },
      { day: '2026-11-26', counts: {} },
    ]);
  });

  it('gives every day of the window, zeros and no median where no attempt was made', () => {
    expect(webhookDays(days, [{ day: '2026-11-26', attempts: 4, succeeded: 3, medianMs: 12.5 }])).toEqual([
      { day: '2026-11-25', attempts: 0, succeeded: 0, medianMs: null },
      { day: '2026-11-26', attempts: 4, succeeded: 3, medianMs: 12.5 },
    ]);
  });
});
