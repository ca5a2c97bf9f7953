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

export const isCount: SettingRule = (value) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000;
export const isPositive: SettingRule = (value) => isCount(value) && (value as number) > 0;
export const isBoolean: SettingRule = (value) => typeof value === 'boolean';
export const COUNT = { rule: isCount, expected: 'an integer ≥ 0' } as const;
export const POSITIVE = { rule: isPositive, expected: 'a positive integer' } as const;
export const BOOLEAN = { rule: isBoolean, expected: 'a boolean' } as const;

/** The knobs of the emulator itself, not of one network. */
export const SHARED_SETTINGS: SettingSpecs = {
  enforceRateLimits: { default: false, ...BOOLEAN },
};
