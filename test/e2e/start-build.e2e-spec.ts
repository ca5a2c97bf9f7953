import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { childEnv } from '../support/service-process';

const ROOT = join(__dirname, '..', '..');

/** `npm start` as a user types it; an invalid PORT makes the service itself stop at once after the build step. */
async function npmStart(): Promise<string> {
  const outcome = await promisify(execFile)('npm', ['start'], {
    cwd: ROOT,
    env: childEnv({ PORT: 'not-a-port', npm_config_update_notifier: 'false' }),
  }).catch((error: { stdout: string; stderr: string }) => error);
  return `${outcome.stdout}${outcome.stderr}`;
}

/** A second `npm start` with no source changed must not spend 20-55 s recompiling the project. */
describe('npm start builds only what changed (real npm)', () => {
  it('a second start with nothing changed runs no tsc and leaves dist/ as it was', async () => {
    const first = await npmStart();
    expect(first).toContain('PORT'); // the service ran and refused the setting: the build step passed
    const builtMain = join(ROOT, 'dist', 'src', 'main.js');
    const before = statSync(builtMain).mtimeMs;

    const second = await npmStart();
    expect(second).not.toMatch(/tsc -p/);
    expect(second).toContain('dist/ is up to date');
    expect(statSync(builtMain).mtimeMs).toBe(before);
  }, 180_000);
});
