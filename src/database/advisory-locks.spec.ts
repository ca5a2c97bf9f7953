import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADVISORY_LOCK_IDS, SQL_FUNCTION_ADVISORY_LOCKS } from './advisory-locks';

const ROOT = join(__dirname, '..', '..');
const INT4_MAX = 2 ** 31 - 1;

/** The arguments of every advisory lock call (pg_advisory_lock, pg_try_advisory_xact_lock, ...) in `text`. */
function advisoryLockKeys(text: string): string[] {
  const keys: string[] = [];
  for (const match of text.matchAll(/pg_(?:try_)?advisory_(?:xact_)?lock(?:_shared)?\(/g)) {
    const start = match.index + match[0].length;
    let depth = 1;
    let end = start;
    while (depth > 0 && end < text.length) {
      if (text[end] === '(') depth++;
      if (text[end] === ')') depth--;
      end++;
    }
    keys.push(text.slice(start, end - 1).trim());
  }
  return keys;
}

/** The functions of db/schema.sql, by name: each from its CREATE to the next. */
function schemaFunctions(): Map<string, string> {
  const schema = readFileSync(join(ROOT, 'db', 'schema.sql'), 'utf8');
  const parts = schema.split(/^(?=CREATE OR REPLACE FUNCTION )/m).slice(1);
  return new Map(parts.map((part) => [/^CREATE OR REPLACE FUNCTION public\.(\w+)\(/.exec(part)![1], part]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('advisory lock registry', () => {
  const ids = Object.values(ADVISORY_LOCK_IDS);

  it('gives every lock taken from TypeScript its own key', () => {
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps those keys above the int4 range, where no SQL function's hashtext() key can fall", () => {
    for (const id of ids) {
      expect(Number.isSafeInteger(id)).toBe(true);
      expect(id).toBeGreaterThan(INT4_MAX);
    }
  });

  it('gives every lock taken in SQL its own key', () => {
    const keys = Object.values(SQL_FUNCTION_ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists exactly the advisory locks the schema dump takes, each in the function it is listed under', () => {
    const taken: Record<string, string[]> = {};
    for (const [name, body] of schemaFunctions()) {
      const keys = advisoryLockKeys(body);
      if (keys.length) taken[name] = keys;
    }
    const listed = Object.fromEntries(Object.entries(SQL_FUNCTION_ADVISORY_LOCKS).map(([name, key]) => [name, [key]]));
    expect(taken).toEqual(listed);
  });

  it('leaves no key written at a call site in src: the calls take the registry key as a parameter', () => {
    const written = sourceFiles(join(ROOT, 'src')).flatMap((file) =>
      advisoryLockKeys(readFileSync(file, 'utf8'))
        .filter((key) => !/^\$\d+$/.test(key))
        .map((key) => `${file}: ${key}`),
    );
    expect(written).toEqual([]);
  });
});
