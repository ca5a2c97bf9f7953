/** Knobs tests and scripts turn through `PUT /emulator/control/settings`. */
export interface EmulatorSettings {
  /** Instagram Login code exchange answer: documented `{"data":[…]}` or the observed flat object. */
  instagramTokenShape: 'documented' | 'flat';
  /** Items per page of /me/accounts when the caller gives no `limit`; small so paging is exercised. */
  facebookPageSize: number;
  /** Status reads a Page video answers `processing` before `ready`. */
  facebookVideoPolls: number;
  /** Status polls a video container answers IN_PROGRESS before FINISHED. */
  instagramVideoPolls: number;
  /** Minimum time a video container stays IN_PROGRESS, whatever the polls. */
  instagramVideoProcessingMs: number;
  /** `config.quota_total` of content_publishing_limit. */
  instagramQuotaTotal: number;
  /** STATUS polls an X video answers pending/in_progress before succeeded. */
  xVideoPolls: number;
  /**
   * Whether the documented limits (X 100 tweets per 15 min, the Instagram publishing quota) are
   * enforced. Off by default so that benchmarks are not throttled; the headers are sent either way.
   */
  enforceRateLimits: boolean;
  /** X refuses a tweet whose text equals one of the user's recent tweets, as the real one does. */
  xDuplicateDetection: boolean;
}

export function defaultSettings(): EmulatorSettings {
  return {
    instagramTokenShape: 'documented',
    facebookPageSize: 2,
    facebookVideoPolls: 1,
    instagramVideoPolls: 2,
    instagramVideoProcessingMs: 0,
    instagramQuotaTotal: 50,
    xVideoPolls: 2,
    enforceRateLimits: false,
    xDuplicateDetection: true,
  };
}

type Rule = (value: unknown) => boolean;
const isCount: Rule = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000;
const isPositive: Rule = (value) => isCount(value) && (value as number) > 0;
const isBoolean: Rule = (value) => typeof value === 'boolean';

const RULES: Record<keyof EmulatorSettings, { rule: Rule; expected: string }> = {
  instagramTokenShape: { rule: (value) => value === 'documented' || value === 'flat', expected: "'documented' or 'flat'" },
  facebookPageSize: { rule: isPositive, expected: 'a positive integer' },
  facebookVideoPolls: { rule: isCount, expected: 'an integer ≥ 0' },
  instagramVideoPolls: { rule: isCount, expected: 'an integer ≥ 0' },
  instagramVideoProcessingMs: { rule: isCount, expected: 'an integer ≥ 0' },
  instagramQuotaTotal: { rule: isPositive, expected: 'a positive integer' },
  xVideoPolls: { rule: isCount, expected: 'an integer ≥ 0' },
  enforceRateLimits: { rule: isBoolean, expected: 'a boolean' },
  xDuplicateDetection: { rule: isBoolean, expected: 'a boolean' },
};

/** Validates a partial settings object; returns the problems, or the changes to apply. */
export function parseSettingsPatch(body: unknown): { ok: true; patch: Partial<EmulatorSettings> } | { ok: false; problems: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, problems: ['body must be a JSON object'] };
  const problems: string[] = [];
  const patch: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const rule = RULES[name as keyof EmulatorSettings];
    if (!rule) problems.push(`${name}: unknown setting`);
    else if (!rule.rule(value)) problems.push(`${name}: must be ${rule.expected}`);
    else patch[name] = value;
  }
  return problems.length ? { ok: false, problems } : { ok: true, patch: patch as Partial<EmulatorSettings> };
}
