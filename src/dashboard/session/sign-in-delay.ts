/** Failures allowed before any wait: a few typos cost nothing. */
export const FREE_FAILURES = { email: 3, ip: 10 } as const;
const MAX_DELAY_SECONDS = 15 * 60;

/**
 * How long sign-in stays closed after the given number of consecutive failures: nothing for the
 * free ones, then 2 s, 4 s, 8 s … doubling up to 15 minutes.
 */
export function signInDelaySeconds(failures: number, free: number): number {
  const over = failures - free;
  if (over <= 0) return 0;
  return Math.min(2 ** Math.min(over, 20), MAX_DELAY_SECONDS);
}
