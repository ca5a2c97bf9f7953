import { EmulatorRegistry } from '../registry/emulator-registry';

/**
 * Knobs tests and scripts turn through `PUT /emulator/control/settings`. The shared ones are
 * here; each emulated network adds its own by augmenting this interface in its folder and
 * declaring their defaults and rules in its descriptor (`control.settings`).
 */
export interface EmulatorSettings {
  /**
   * Whether the documented limits (X 100 tweets per 15 min, the Instagram publishing quota) are
   * enforced. Off by default so that benchmarks are not throttled; the headers are sent either way.
   */
  enforceRateLimits: boolean;
}

export type SettingRule = (value: unknown) => boolean;

/** One knob: its default, and what a new value must be (`expected` is said when it is not). */
export interface SettingSpec<T> {
  default: T;
  rule: SettingRule;
  expected: string;
}

export type SettingSpecs = { [Name in keyof EmulatorSettings]?: SettingSpec<EmulatorSettings[Name]> };

export const isCount: SettingRule = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000;
export const isPositive: SettingRule = (value) => isCount(value) && (value as number) > 0;
export const isBoolean: SettingRule = (value) => typeof value === 'boolean';
export const COUNT = { rule: isCount, expected: 'an integer ≥ 0' } as const;
export const POSITIVE = { rule: isPositive, expected: 'a positive integer' } as const;
export const BOOLEAN = { rule: isBoolean, expected: 'a boolean' } as const;

const SHARED_SETTINGS: SettingSpecs = {
  enforceRateLimits: { default: false, ...BOOLEAN },
};

/** Every knob the registered networks (and the emulator itself) read. */
function settingSpecs(registry: EmulatorRegistry): Map<string, SettingSpec<unknown>> {
  const specs = new Map<string, SettingSpec<unknown>>();
  for (const source of [...registry.networks.map((network) => network.control?.settings ?? {}), SHARED_SETTINGS]) {
    for (const [name, spec] of Object.entries(source)) {
      if (specs.has(name)) throw new Error(`Two emulated networks declare the setting ${name}`);
      specs.set(name, spec as SettingSpec<unknown>);
    }
  }
  return specs;
}

export function defaultSettings(registry: EmulatorRegistry): EmulatorSettings {
  const settings: Record<string, unknown> = {};
  for (const [name, spec] of settingSpecs(registry)) settings[name] = spec.default;
  // Complete by construction: each network declares a spec for every field it adds to EmulatorSettings.
  return settings as unknown as EmulatorSettings;
}

/** Validates a partial settings object; returns the problems, or the changes to apply. */
export function parseSettingsPatch(registry: EmulatorRegistry, body: unknown): { ok: true; patch: Partial<EmulatorSettings> } | { ok: false; problems: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, problems: ['body must be a JSON object'] };
  const specs = settingSpecs(registry);
  const problems: string[] = [];
  const patch: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const spec = specs.get(name);
    if (!spec) problems.push(`${name}: unknown setting`);
    else if (!spec.rule(value)) problems.push(`${name}: must be ${spec.expected}`);
    else patch[name] = value;
  }
  return problems.length ? { ok: false, problems } : { ok: true, patch: patch as Partial<EmulatorSettings> };
}
