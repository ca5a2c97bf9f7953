import { AppConfig } from '../config';
import { ConfigError } from '../config';
import { AppCredentials, AppLoginOptions } from './network-adapter';

/** Where the emulator answers, when it is on: NETWORK_EMULATOR_URL, else the one the service mounts. */
export function emulatorBaseUrl(config: AppConfig): string {
  return config.emulatorUrl ?? `${config.publicUrl}/emulator`;
}

/**
 * Where test worlds' traffic goes: the emulator this service mounts, always (even when live traffic
 * goes to one running elsewhere, NETWORK_EMULATOR_URL), since only it keeps the test worlds.
 */
export function testWorldEmulatorUrl(config: AppConfig): string {
  return `${config.publicUrl}/emulator`;
}

/**
 * Whether a network talks to the built-in emulator: always with NETWORK_EMULATOR=on, never with
 * off, and with auto (the default) when the service has no credentials of its own for the network,
 * unless NODE_ENV is production.
 */
export function isEmulated(config: AppConfig, serviceApp: AppCredentials | undefined): boolean {
  if (config.emulatorMode === 'on') return true;
  if (config.emulatorMode === 'off') return false;
  return !serviceApp && config.nodeEnv !== 'production';
}

/** A service-wide app from two variables that must be set together (or not at all). */
export function serviceAppFrom(
  variables: { id: string; secret: string },
  values: { id: string | undefined; secret: string | undefined },
): AppCredentials | undefined {
  if (!values.id && !values.secret) return undefined;
  if (!values.id || !values.secret) {
    const missing = values.id ? variables.secret : variables.id;
    throw new ConfigError([`${missing}: required when ${values.id ? variables.id : variables.secret} is set`]);
  }
  return { clientId: values.id, clientSecret: values.secret };
}

/** The app credentials the built-in emulator accepts when a customer has none of its own. */
export const EMULATOR_APP: AppCredentials = { clientId: 'emulator-app', clientSecret: 'emulator-app-secret' };

/** The variables naming a service-wide app's settings (see AppLoginOptions). */
export interface AppOptionVariables {
  loginConfigId: string;
  requireAppSecretProof: string;
  businessAccess: string;
}

/**
 * The service-wide app with its settings from the environment. A setting describes an app, so it
 * is refused without one; `refusedBecause` says why a network cannot take any (undefined: it can).
 */
export function withAppOptions(
  app: AppCredentials | undefined,
  variables: AppOptionVariables & { app: string },
  values: { loginConfigId?: string; requireAppSecretProof: 'true' | 'false'; businessAccess: 'true' | 'false' },
  refusedBecause?: string,
): AppCredentials | undefined {
  const options: AppLoginOptions = {
    ...(values.loginConfigId ? { loginConfigId: values.loginConfigId } : {}),
    ...(values.requireAppSecretProof === 'true' ? { requireAppSecretProof: true } : {}),
    ...(values.businessAccess === 'true' ? { businessAccess: true } : {}),
  };
  const set = (Object.keys(options) as (keyof AppLoginOptions)[]).map((option) => variables[option]);
  if (set.length === 0) return app;
  if (refusedBecause) throw new ConfigError(set.map((name) => `${name}: ${refusedBecause}`));
  if (!app)
    throw new ConfigError(set.map((name) => `${name}: describes the service-wide app; set ${variables.app} too`));
  return { ...app, ...options };
}

/** A Meta network's service-wide app variables, named `<PREFIX>_APP_ID`, `<PREFIX>_LOGIN_CONFIG_ID` and so on. */
export type MetaAppVariables<Prefix extends string> = {
  [Name in `${Prefix}_APP_ID` | `${Prefix}_APP_SECRET` | `${Prefix}_LOGIN_CONFIG_ID`]?: string;
} & { [Name in `${Prefix}_REQUIRE_APP_SECRET_PROOF` | `${Prefix}_BUSINESS_ACCESS`]: 'true' | 'false' };

/** The service-wide app of a Meta network (Facebook, Instagram) with its Meta settings, from its variables. */
export function metaServiceApp<Prefix extends string>(
  prefix: Prefix,
  env: MetaAppVariables<Prefix>,
  refusedBecause?: string,
): AppCredentials | undefined {
  const name = (suffix: string) => `${prefix}_${suffix}`;
  const variables = {
    id: name('APP_ID'),
    secret: name('APP_SECRET'),
    loginConfigId: name('LOGIN_CONFIG_ID'),
    requireAppSecretProof: name('REQUIRE_APP_SECRET_PROOF'),
    businessAccess: name('BUSINESS_ACCESS'),
  };
  // The mapped type checked the caller's names; read by the names made from the prefix.
  const values = env as Partial<Record<string, string>>;
  const isOn = (variable: string) => (values[variable] === 'true' ? 'true' : 'false');
  return withAppOptions(
    serviceAppFrom(variables, { id: values[variables.id], secret: values[variables.secret] }),
    { ...variables, app: variables.id },
    {
      loginConfigId: values[variables.loginConfigId],
      requireAppSecretProof: isOn(variables.requireAppSecretProof),
      businessAccess: isOn(variables.businessAccess),
    },
    refusedBecause,
  );
}
