import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RunningServer {
  pid: number;
  port: number;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (postgres runs as `postgres` under root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The PostgreSQL server running on a data directory, read from the `postmaster.pid` it keeps there
 * (its first line is the server's pid, its fourth the port it listens on); undefined when there is
 * none or the file is left over from a server that is gone.
 */
export function runningServer(databaseDir: string): RunningServer | undefined {
  let lines: string[];
  try {
    lines = readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  return isAlive(pid) ? { pid, port } : undefined;
}
