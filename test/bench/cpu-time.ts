/**
 * CPU time spent by processes, from Linux's /proc: a measure that holds on a busy machine, where
 * rates and latencies do not. Used to report CPU milliseconds per delivery for each process.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface ProcStat {
  pid: number;
  parent: number;
  /** user + system time of the process and of its children it has waited for, in ms */
  cpuMs: number;
}

function procStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((index) => Number(fields[index]));
    return { pid, parent: Number(fields[1]), cpuMs: ((utime! + stime! + cutime! + cstime!) * 1000) / TICKS_PER_SECOND };
  } catch {
    return undefined; // gone
  }
}

/** CPU ms used so far by a process and all its living descendants (PostgreSQL's backends). */
export function treeCpuMs(rootPid: number): number {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => procStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== undefined);
  const children = new Map<number, ProcStat[]>();
  for (const stat of all) children.set(stat.parent, [...(children.get(stat.parent) ?? []), stat]);
  let total = 0;
  const visit = (stat: ProcStat | undefined): void => {
    if (!stat) return;
    total += stat.cpuMs;
    for (const child of children.get(stat.pid) ?? []) visit(child);
  };
  visit(all.find((stat) => stat.pid === rootPid));
  return total;
}

/** The postmaster's pid, from its data directory's postmaster.pid. */
export function postmasterPid(dataDirectory: string): number {
  return Number(readFileSync(`${dataDirectory}/postmaster.pid`, 'utf8').split('\n')[0]);
}
