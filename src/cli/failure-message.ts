import { ApiException } from '../common/errors/api-exception';
import { ConfigError } from '../config';
import { LocalDatabaseError } from '../database';
import { DatabaseUnreachable } from './database-reachable';
import { SecretCancelled } from './read-secret';
import { UsageError } from './commands';

export interface Failure {
  message: string;
  exitCode: number;
}

/**
 * What the operator reads when a command fails: one line (and the details of invalid input), never a
 * stack trace for a mistake or an unreachable database. Usage mistakes exit 2, everything else 1.
 */
export function failureMessage(error: unknown, showStack: boolean): Failure {
  if (error instanceof UsageError)
    return { message: `Error: ${error.message} (--help lists the commands)`, exitCode: 2 };
  if (error instanceof ApiException) {
    const details = (error.details ?? []).map((detail) => `\n  - ${detail.field}: ${detail.message}`).join('');
    return { message: `Error: ${error.message}${details}`, exitCode: 1 };
  }
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseUnreachable ||
    error instanceof LocalDatabaseError ||
    error instanceof SecretCancelled
  )
    return { message: `Error: ${error.message}`, exitCode: 1 };
  const message = error instanceof Error ? error.message : String(error);
  if (showStack && error instanceof Error && error.stack) return { message: `Failed: ${error.stack}`, exitCode: 1 };
  return { message: `Failed: ${message} (LOG_LEVEL=debug shows where)`, exitCode: 1 };
}
