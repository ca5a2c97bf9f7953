import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
/** The virtual environment `npm run sdk:python:setup` (and .ci/run) makes, with the SDK installed editable. */
export const PYTHON_VENV = join(ROOT, '.venv-python');
export const PYTHON = join(PYTHON_VENV, 'bin', 'python');
export const SETUP_COMMAND = 'npm run sdk:python:setup';

/** CI must run the Python SDK's tests; a developer without the environment sees them skipped, and why. */
export function pythonSdkRequired(): boolean {
  return process.env.REQUIRE_PYTHON_SDK === '1' || process.env.CI === 'true' || process.env.CI === '1';
}

export function pythonSdkInstalled(): boolean {
  return existsSync(PYTHON);
}

export interface PythonOutcome {
  code: number | null;
  output: string;
}

/**
 * Runs the environment's Python (`-m pytest ...`, a script) in a process of its own, without
 * blocking this one (the service it calls runs here), and answers its exit code and output (stdout
 * then stderr, interleaved as they came) once it ends or is killed.
 */
export function runPython(args: string[], env: Record<string, string>, timeoutMs: number): Promise<PythonOutcome> {
  return new Promise((resolve) => {
    const child = spawn(PYTHON, args, {
      cwd: ROOT,
      env: { ...process.env, ...env, PYTHONDONTWRITEBYTECODE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeoutMs} ms)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The Python block of the SDK README's "Quickstart" section, as written there. */
export function readmeQuickstart(): string {
  const readme = readFileSync(join(ROOT, 'sdk', 'python', 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quickstart'));
  const block = /```python\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('sdk/python/README.md has no python block under "## Quickstart"');
  return block[1];
}
