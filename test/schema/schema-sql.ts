import { ColumnDef, SchemaCatalog, TableDef } from './schema-catalog';

export const SCHEMA_FILE_HEADER = `-- The database schema the migrations make, as one file to read: every table with its columns,
-- constraints and indexes, every function and every trigger as they stand after the last migration.
--
-- Generated: run \`npm run db:schema\` after adding a migration, and commit the result. Do not edit
-- by hand; an e2e test (test/e2e/schema-dump.e2e-spec.ts) fails when this file and the migrations
-- disagree. The migrations (migrations/) remain what changes a database; this file only shows the
-- result. It is read from PostgreSQL's catalog (test/schema/schema-catalog.ts), in a stable order.
`;

/** As pg_dump does: function bodies may name tables defined further down. */
const PREAMBLE = 'SET check_function_bodies = false;';

function columnLine(column: ColumnDef, width: number): string {
  const parts = [column.name.padEnd(width), column.type];
  if (column.collation) parts.push(`COLLATE ${column.collation}`);
  if (column.generated) parts.push(`GENERATED ALWAYS AS (${column.generated}) STORED`);
  if (column.default !== null) parts.push(`DEFAULT ${column.default}`);
  if (column.notNull) parts.push('NOT NULL');
  return parts.join(' ');
}

/**
 * Tables in the order their foreign keys allow (a table after those it refers to, by name among
 * equals), so the file also runs as a script; a foreign key in a cycle is added after all tables.
 */
function orderTables(tables: TableDef[]): TableDef[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TableDef[] = [];
  const placed = new Set<string>();
  const remaining = new Set(byName.keys());
  while (remaining.size) {
    const ready = [...remaining]
      .filter((name) =>
        byName
          .get(name)!
          .constraints.every(
            (c) => c.kind !== 'f' || !c.references || c.references === name || placed.has(c.references),
          ),
      )
      .sort();
    // A cycle: take the first by name; its foreign keys to tables not yet placed are added later.
    const next = ready[0] ?? [...remaining].sort()[0];
    ordered.push(byName.get(next)!);
    placed.add(next);
    remaining.delete(next);
  }
  return ordered;
}

function tableSql(table: TableDef, placed: Set<string>, deferred: string[]): string {
  const width = Math.max(...table.columns.map((column) => column.name.length));
  const lines = table.columns.map((column) => columnLine(column, width));
  for (const constraint of table.constraints) {
    const line = `CONSTRAINT ${constraint.name} ${constraint.definition}`;
    if (
      constraint.kind === 'f' &&
      constraint.references &&
      constraint.references !== table.name &&
      !placed.has(constraint.references)
    )
      deferred.push(`ALTER TABLE ${table.name} ADD ${line};`);
    else lines.push(line);
  }
  const options = table.options?.length ? ` WITH (${table.options.join(', ')})` : '';
  const statements = [
    `CREATE ${table.unlogged ? 'UNLOGGED ' : ''}TABLE ${table.name} (\n${lines.map((line) => `  ${line}`).join(',\n')}\n)${options};`,
    ...table.indexes.map((index) => `${index.definition};`),
  ];
  return statements.join('\n');
}

function section(title: string, blocks: string[]): string[] {
  return blocks.length ? [`-- ${title}`, ...blocks] : [];
}

/** The catalog as SQL: header, extensions, enums, sequences, tables (with indexes), views, functions, triggers. */
export function schemaSql(catalog: SchemaCatalog): string {
  const placed = new Set<string>();
  const deferred: string[] = [];
  const tables = orderTables(catalog.tables).map((table) => {
    const sql = tableSql(table, placed, deferred);
    placed.add(table.name);
    return sql;
  });
  const sequences = catalog.sequences.map(
    (s) =>
      `CREATE SEQUENCE ${s.name} AS ${s.dataType} START WITH ${s.start} INCREMENT BY ${s.increment} ` +
      `MINVALUE ${s.min} MAXVALUE ${s.max} CACHE ${s.cache}${s.cycle ? ' CYCLE' : ''};`,
  );
  const ownedSequences = catalog.sequences
    .filter((s) => s.ownedBy)
    .map((s) => `ALTER SEQUENCE ${s.name} OWNED BY ${s.ownedBy};`);
  const triggers = catalog.tables.flatMap((table) => table.triggers).map((trigger) => `${trigger.definition};`);
  const blocks = [
    SCHEMA_FILE_HEADER.trimEnd(),
    PREAMBLE,
    ...section(
      'Extensions',
      catalog.extensions.map((name) => `CREATE EXTENSION IF NOT EXISTS ${name};`),
    ),
    ...section(
      'Enumerated types',
      catalog.enums.map(
        (e) => `CREATE TYPE ${e.name} AS ENUM (${e.labels.map((l) => `'${l.replace(/'/g, "''")}'`).join(', ')});`,
      ),
    ),
    ...section('Sequences', sequences),
    ...section('Tables, each with its constraints and indexes', tables),
    ...section('Foreign keys that close a cycle', deferred),
    ...section('Sequences owned by a column (serial)', ownedSequences),
    ...section(
      'Views',
      catalog.views.map((view) => `CREATE VIEW ${view.name} AS\n${view.definition.trimEnd().replace(/;$/, '')};`),
    ),
    ...section(
      'Functions',
      catalog.functions.map((f) => `${f.definition.trimEnd()};`),
    ),
    ...section('Triggers, by table', triggers),
  ];
  return `${blocks.join('\n\n')}\n`;
}
