import { RegisteredNetwork } from '../registry/registered-network';
import { EmulatorSettings, SettingSpec, SHARED_SETTINGS } from './settings';

/** Every knob the registered networks (and the emulator itself) read, with its default and rule. */
function settingSpecs(networks: readonly RegisteredNetwork[]): Map<string, SettingSpec<unknown>> {
  const specs = new Map<string, SettingSpec<unknown>>();
  for (const source of [...networks.map((network) => network.control?.settings ?? {}), SHARED_SETTINGS]) {
    for (const [name, spec] of Object.entries(source)) {
      if (specs.has(name)) throw new Error(`Two emulated networks declare the setting ${name}`);
      specs.set(name, spec as SettingSpec<unknown>);
    }
  }
  return specs;
}

export function defaultSettings(networks: readonly RegisteredNetwork[]): EmulatorSettings {
  const settings: Record<string, unknown> = {};
  for (const [name, spec] of settingSpecs(networks)) settings[name] = spec.default;
  // Complete by construction: each network declares a spec for every field it adds to EmulatorSettings.
  return settings as unknown as EmulatorSettings;
}

/** Validates a partial settings object; returns the problems, or the changes to apply. */
export function parseSettingsPatch(
  networks: readonly RegisteredNetwork[],
  body: unknown,
): { ok: true; patch: Partial<EmulatorSettings> } | { ok: false; problems: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, problems: ['body must be a JSON object'] };
  const specs = settingSpecs(networks);
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
