// YouTube's quota day: it resets at midnight Pacific Time (determine_quota_cost), so a day is the
// date in America/Los_Angeles, 23, 24 or 25 hours long around the changes of summer time.
import { youTubeApiRules } from './youtube-rules';

const TIME_ZONE = youTubeApiRules().quota.timeZone;
const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

function pacific(at: number): { year: number; month: number; day: number; hour: number } {
  const found = Object.fromEntries(parts.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  return { year: Number(found.year), month: Number(found.month), day: Number(found.day), hour: Number(found.hour) };
}

/** The quota day `at` falls in (`YYYY-MM-DD`, Pacific) and when it ends (the next midnight Pacific, ms). */
export function youTubeQuotaDay(at: number): { day: string; endsAt: number } {
  const { year, month, day } = pacific(at);
  const label = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  // Midnight Pacific is 07:00 or 08:00 UTC (PDT or PST): the one that reads as hour 0 there.
  for (const offsetHours of [7, 8]) {
    const candidate = Date.UTC(year, month - 1, day + 1, offsetHours);
    const seen = pacific(candidate);
    if (seen.hour === 0 && seen.day !== day) return { day: label, endsAt: candidate };
  }
  throw new Error(`No midnight in ${TIME_ZONE} after ${new Date(at).toISOString()}`);
}
