import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Values of these variables are never repeated in an error message (they go to logs). */
const SECRET_VARIABLE = /SECRET|KEY|PASSWORD|TOKEN|DATABASE_URL|HEADERS/;

function describe(error: ValidationError): string {
  const rules = Object.values(error.constraints ?? {});
  const shown = error.value !== undefined && !SECRET_VARIABLE.test(error.property);
  const received = shown ? ` (got ${JSON.stringify(String(error.value)).slice(0, 60)})` : '';
  return `${error.property}: ${rules.join('; ')}${received}`;
}

/** Environment variables with empty values removed: `NAME=` in a .env file means "use the default". */
export function presentVariables(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

/**
 * Reads the variables a schema class declares (class-validator rules, defaults as initialisers)
 * from the environment. Throws ConfigError naming every bad variable.
 */
export function validateEnvironment<T extends object>(
  schema: new () => T,
  env: Readonly<Record<string, string | undefined>>,
): T {
  const values = plainToInstance(schema, presentVariables(env), { exposeDefaultValues: true });
  const errors = validateSync(values, { whitelist: false });
  if (errors.length > 0) throw new ConfigError(errors.map(describe));
  return values;
}
