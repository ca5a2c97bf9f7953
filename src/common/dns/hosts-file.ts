import { readFileSync, statSync } from 'node:fs';

/** How long the file's contents are trusted before its modification time is looked at again. */
const RECHECK_MS = 30_000;

/**
 * The names a hosts file (/etc/hosts) maps, read as getaddrinfo reads it before asking name
 * servers: node's c-ares `Resolver` does not read it, and a name the machine maps to loopback must
 * still be judged by that address. The file is small and local; it is read again when it changes.
 */
export class HostsFile {
  private entries = new Map<string, string[]>();
  private checkedAt = 0;
  private modifiedMs = -1;

  constructor(private readonly path: string) {}

  /** The addresses the file gives `name` (lower case, no trailing dot); undefined when it names none. */
  addressesOf(name: string): string[] | undefined {
    this.refresh();
    return this.entries.get(name);
  }

  private refresh(): void {
    const now = Date.now();
    if (now - this.checkedAt < RECHECK_MS) return;
    this.checkedAt = now;
    let modifiedMs: number;
    try {
      modifiedMs = statSync(this.path).mtimeMs;
    } catch {
      this.entries = new Map();
      return;
    }
    if (modifiedMs === this.modifiedMs) return;
    this.modifiedMs = modifiedMs;
    const entries = new Map<string, string[]>();
    for (const line of readFileSync(this.path, 'utf8').split('\n')) {
      const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
      if (!address || names.length === 0) continue;
      for (const raw of names) {
        const name = raw.toLowerCase().replace(/\.$/, '');
        entries.set(name, [...(entries.get(name) ?? []), address]);
      }
    }
    this.entries = entries;
  }
}
