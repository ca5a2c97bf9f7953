import { isRecord, numberField } from '../http/json-fields';

/** When a rate-limited Graph call gives no usable hint, try again after this long. */
export const DEFAULT_GRAPH_BACKOFF_MS = 15 * 60_000;
/** Graph's app-level limit is counted over a rolling hour; once at 100 %, the whole window must pass. */
const APP_USAGE_WINDOW_MS = 60 * 60_000;

function parseJsonHeader(value: string | undefined): unknown {
  if (!value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * The longest `estimated_time_to_regain_access` (minutes) of X-Business-Use-Case-Usage:
 * `{"<id>":[{"type","call_count","total_cputime","total_time","estimated_time_to_regain_access"}]}`.
 */
function businessUseCaseWaitMs(header: string | undefined): number | undefined {
  const usage = parseJsonHeader(header);
  if (!isRecord(usage)) return undefined;
  const minutes = Object.values(usage)
    .flatMap((entries) => (Array.isArray(entries) ? entries : [entries]))
    .filter(isRecord)
    .map((entry) => numberField(entry, 'estimated_time_to_regain_access'))
    .filter((value): value is number => value !== undefined && value > 0);
  return minutes.length ? Math.max(...minutes) * 60_000 : undefined;
}

/** X-App-Usage `{"call_count","total_cputime","total_time"}` in percent: at 100 % or more, wait out the hour. */
function appUsageWaitMs(header: string | undefined): number | undefined {
  const usage = parseJsonHeader(header);
  if (!isRecord(usage)) return undefined;
  const percents = ['call_count', 'total_cputime', 'total_time']
    .map((key) => numberField(usage, key))
    .filter((value): value is number => value !== undefined);
  return percents.some((percent) => percent >= 100) ? APP_USAGE_WINDOW_MS : undefined;
}

/**
 * When a rate-limited Graph call may be tried again: from X-Business-Use-Case-Usage when it names a
 * wait, else from X-App-Usage, else after a default back-off. Header names are lowercase.
 */
export function graphRetryAt(headers: Readonly<Record<string, string>>, now: Date): Date {
  const waitMs =
    businessUseCaseWaitMs(headers['x-business-use-case-usage']) ??
    appUsageWaitMs(headers['x-app-usage']) ??
    DEFAULT_GRAPH_BACKOFF_MS;
  return new Date(now.getTime() + waitMs);
}
