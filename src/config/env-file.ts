import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './validate-environment';

/**
 * Loads a `.env` file into the environment before the configuration is read, for `npm start`,
 * `npm run start:dev`, the worker and the CLI alike. Variables already set in the environment win
 * over the file. `ENV_FILE` names another file (it must then exist); `ENV_FILE=` (empty) loads none.
 * Returns the path of the file loaded, if any.
 */
export function loadEnvFile(
  env: NodeJS.ProcessEnv = process.env,
  load: (path: string) => void = (path) => process.loadEnvFile(path),
): string | undefined {
  const named = env.ENV_FILE;
  if (named === '') return undefined;
  const path = resolve(named ?? '.env');
  if (!existsSync(path)) {
    if (named === undefined) return undefined;
    throw new ConfigError([`ENV_FILE: ${path} does not exist`]);
  }
  load(path);
  return path;
}
