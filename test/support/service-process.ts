import { ChildProcess, execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..', '..');
const TS_NODE = ['-r', 'ts-node/register/transpile-only'];

/** The environment of a child service: ours, minus whatever would point it at the test database. */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...overrides };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_ADMIN_URL;
  delete env.ENCRYPTION_KEY;
  return env;
}

export interface ServiceProcess {
  child: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `src/main.ts` as its own process, as `npm start` would (from source, without a build). */
export function startServiceProcess(env: NodeJS.ProcessEnv): ServiceProcess {
  const child = spawn(process.execPath, [...TS_NODE, 'src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs the operator CLI (`src/cli/main.ts`) and returns its standard output. */
export async function runCliProcess(env: NodeJS.ProcessEnv, ...argv: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [...TS_NODE, 'src/cli/main.ts', ...argv], { cwd: ROOT, env });
  return stdout;
}
