import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { FOREIGN_READS, OwnedTable, TABLE_OWNERS } from './table-owners';

/**
 * Every table has one owning module, and only that module's stores name it in SQL (see
 * table-owners.ts). SQL is found as it is written here: an upper-case FROM, JOIN, INTO, UPDATE or
 * TABLE before a table's name, in any non-test file under src/ outside src/database.
 */
const SRC = join(__dirname, '..');
const schema = readFileSync(join(SRC, '..', 'db', 'schema.sql'), 'utf8');
const tables = Object.keys(TABLE_OWNERS) as OwnedTable[];
const mention = new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\\s+(?:public\\.)?(${tables.join('|')})\\b`, 'g');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Each file (relative to src/, with /) and the owned tables its SQL names. */
function mentions(): Map<string, Set<OwnedTable>> {
  const found = new Map<string, Set<OwnedTable>>();
  for (const path of sourceFiles(SRC)) {
    const file = relative(SRC, path).split(sep).join('/');
    if (file.startsWith('database/')) continue;
    const named = new Set([...readFileSync(path, 'utf8').matchAll(mention)].map((match) => match[1] as OwnedTable));
    if (named.size) found.set(file, named);
  }
  return found;
}

const isStore = (file: string): boolean => /\.(store|sql)\.ts$/.test(file);

describe('each table has one home', () => {
  it('every table of db/schema.sql has an owning module, and every owned table exists', () => {
    const inSchema = [...schema.matchAll(/^CREATE TABLE (?:public\.)?([a-z_]+) /gm)].map((match) => match[1]).sort();
    expect(inSchema).toEqual([...tables].sort());
  });

  it("only the owning module's stores name a table in SQL, and foreign reads are declared", () => {
    const strays: string[] = [];
    for (const [file, named] of mentions()) {
      const module = file.split('/')[0];
      for (const table of named) {
        if (isStore(file) && TABLE_OWNERS[table] === module) continue;
        if (FOREIGN_READS.some((read) => read.store === file && read.table === table)) continue;
        strays.push(`src/${file} names ${table} (owned by ${TABLE_OWNERS[table]})`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('every declared foreign read is a store that still makes it', () => {
    const found = mentions();
    const stale = FOREIGN_READS.filter((read) => !isStore(read.store) || !found.get(read.store)?.has(read.table));
    expect(stale).toEqual([]);
  });
});
