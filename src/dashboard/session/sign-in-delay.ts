/** Failed sign-ins (for one email address from one client address) that cost nothing: a few typos. */
export const FREE_FAILURES = 3;
const MAX_DELAY_SECONDS = 15 * 60;
/** A count with no failure for this long starts again from zero (and its row is purged). */
export const QUIET_PERIOD_HOURS = 24;

/**
 * How long sign-in stays closed after the given number of consecutive failures: nothing while
 * they are fewer than the free ones, then 2 s, 4 s, 8 s … doubling up to 15 minutes.
 */
export function signInDelaySeconds(failures: number, free = FREE_FAILURES): number {
  const over = failures - free + 1;
  if (over <= 0) return 0;
  return Math.min(2 ** Math.min(over, 20), MAX_DELAY_SECONDS);
}

/**
 * The delay after 0, 1, 2 … failures, up to the first that reaches the maximum (the last entry
 * stands for every count beyond): so the database can apply the rule without a second copy of it.
 */
export function signInDelayTable(free = FREE_FAILURES): number[] {
  const table = [signInDelaySeconds(0, free)];
  while (table[table.length - 1]! < MAX_DELAY_SECONDS) table.push(signInDelaySeconds(table.length, free));
  return table;
}
