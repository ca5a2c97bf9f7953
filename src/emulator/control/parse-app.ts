import { AppSetup, LoginConfiguration } from '../state/registered-apps';
import { ControlError, objectBody } from './control-error';

/** An app to register, as `POST /emulator/control/apps` takes it. */
export interface AppRegistration {
  clientId: string;
  clientSecret: string;
  /** Undefined when the body sets nothing up: the app is then a plain one. */
  setup?: AppSetup;
}

const MAX_CONFIGURATIONS = 20;
const MAX_PERMISSIONS = 50;

function configuration(value: unknown, at: string, problems: string[]): LoginConfiguration | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`${at} must be an object { id, permissions }`);
    return undefined;
  }
  const { id, permissions } = value as Record<string, unknown>;
  if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id))
    problems.push(`${at}.id must be 1-64 letters, digits, _ or -`);
  const valid =
    Array.isArray(permissions) &&
    permissions.length > 0 &&
    permissions.length <= MAX_PERMISSIONS &&
    permissions.every((permission) => typeof permission === 'string' && /^[a-z_]{1,64}$/.test(permission));
  if (!valid) problems.push(`${at}.permissions must be 1-${MAX_PERMISSIONS} permission names`);
  return typeof id === 'string' && valid ? { id, permissions: [...new Set(permissions as string[])] } : undefined;
}

/**
 * `{ clientId, clientSecret, requireAppSecretProof?, loginConfigurations?: [{ id, permissions }] }`:
 * an app as its network's developer console has it. The permissions of a configuration are checked
 * when its dialog is shown, as the other scopes are.
 */
export function parseAppRegistration(body: unknown): AppRegistration {
  const fields = objectBody(body);
  const { clientId, clientSecret, requireAppSecretProof, loginConfigurations } = fields;
  if (typeof clientId !== 'string' || !clientId || typeof clientSecret !== 'string' || !clientSecret)
    throw new ControlError('clientId and clientSecret are required strings.');
  const problems: string[] = [];
  if (requireAppSecretProof !== undefined && typeof requireAppSecretProof !== 'boolean')
    problems.push('requireAppSecretProof must be true or false');
  const configurations: LoginConfiguration[] = [];
  if (loginConfigurations !== undefined) {
    if (!Array.isArray(loginConfigurations) || loginConfigurations.length > MAX_CONFIGURATIONS)
      problems.push(`loginConfigurations must be a list of at most ${MAX_CONFIGURATIONS}`);
    else
      loginConfigurations.forEach((value, index) => {
        const parsed = configuration(value, `loginConfigurations[${index}]`, problems);
        if (parsed && configurations.some((other) => other.id === parsed.id))
          problems.push(`loginConfigurations[${index}].id repeats ${parsed.id}`);
        else if (parsed) configurations.push(parsed);
      });
  }
  if (problems.length) throw new ControlError('Invalid app.', problems);
  const setUp = requireAppSecretProof === true || configurations.length > 0;
  return {
    clientId,
    clientSecret,
    ...(setUp
      ? { setup: { requireAppSecretProof: requireAppSecretProof === true, loginConfigurations: configurations } }
      : {}),
  };
}
