import { CronJob } from 'cron';
import { PERIODIC_TASKS } from './periodic-tasks';

describe('PERIODIC_TASKS', () => {
  it.each(PERIODIC_TASKS.map((task) => [task.name, task] as const))(
    '%s: its cron fires every `everyMs` (its round is half of that)',
    (_, task) => {
      const cron = CronJob.from({ cronTime: task.cron, timeZone: 'UTC', onTick: () => undefined });
      const times = cron.nextDates(6).map((date) => date.toMillis());
      const gaps = new Set(times.slice(1).map((time, index) => time - times[index]!));
      expect([...gaps]).toEqual([task.everyMs]);
    },
  );

  it('names each round, lock and job once', () => {
    const distinct = (values: unknown[]) => new Set(values).size === values.length;
    expect(distinct(PERIODIC_TASKS.map((task) => task.name))).toBe(true);
    expect(distinct(PERIODIC_TASKS.flatMap((task) => ('lock' in task ? [task.lock] : [])))).toBe(true);
    expect(distinct(PERIODIC_TASKS.flatMap((task) => ('job' in task ? [task.job] : [])))).toBe(true);
  });
});
