import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface LintResult {
  /** redocly's exit status: 0 when there is no error (warnings do not fail it). */
  status: number | null;
  errors: number;
  warnings: number;
  /** What redocly printed, for the failure message. */
  output: string;
}

const ROOT = join(__dirname, '..', '..');

/** Runs the repository's @redocly/cli on an OpenAPI file, with redocly.yaml at the root. */
export function redoclyLint(file: string): LintResult {
  const run = spawnSync(
    process.execPath,
    [
      require.resolve('@redocly/cli/bin/cli.js'),
      'lint',
      file,
      '--config',
      join(ROOT, 'redocly.yaml'),
      '--format',
      'stylish',
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      // No usage reports or update checks from a test run.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    },
  );
  const output = `${run.stdout}${run.stderr}`;
  const count = (kind: string) => (output.match(new RegExp(`^\\s+\\d+:\\d+\\s+${kind}\\s`, 'gm')) ?? []).length;
  return { status: run.status, errors: count('error'), warnings: count('warning'), output };
}
