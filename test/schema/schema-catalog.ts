import { Client } from 'pg';

/**
 * What the migrations leave in the database's `public` schema, read from PostgreSQL's catalog in a
 * stable order (by name), with the server's own deparsed definitions (pg_get_functiondef,
 * pg_get_triggerdef, pg_get_indexdef, pg_get_constraintdef, pg_get_expr).
 *
 * Read from the catalog rather than with pg_dump: the embedded PostgreSQL package ships only
 * initdb, pg_ctl and postgres, CI has nothing but Node, and a system pg_dump older than the server
 * refuses to dump it. Objects of a kind this reader does not print (views, types other than
 * enums, policies, rules, comments...) make it throw, so a migration that adds one cannot leave
 * the dump silently incomplete. Names are quoted where SQL needs it (quote_ident), as they are in
 * the deparsed definitions, so the file also runs as a script.
 */
export interface SchemaCatalog {
  extensions: string[];
  enums: { name: string; labels: string[] }[];
  sequences: SequenceDef[];
  tables: TableDef[];
  views: { name: string; definition: string }[];
  functions: { name: string; identityArguments: string; definition: string }[];
}

export interface SequenceDef {
  name: string;
  dataType: string;
  start: string;
  increment: string;
  min: string;
  max: string;
  cache: string;
  cycle: boolean;
  /** `table.column` that owns it (a serial column), if any. */
  ownedBy: string | null;
}

export interface ColumnDef {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
  /** The generation expression of a GENERATED ALWAYS AS (...) STORED column. */
  generated: string | null;
  collation: string | null;
}

export interface ConstraintDef {
  name: string;
  /** p primary key, u unique, c check, f foreign key, x exclusion. */
  kind: 'p' | 'u' | 'c' | 'f' | 'x';
  definition: string;
  /** The table a foreign key refers to. */
  references: string | null;
}

export interface TableDef {
  name: string;
  unlogged: boolean;
  options: string[] | null;
  columns: ColumnDef[];
  constraints: ConstraintDef[];
  /** Indexes other than those behind a primary key, unique or exclusion constraint: full CREATE INDEX statements. */
  indexes: { name: string; definition: string }[];
  /** Full CREATE TRIGGER statements (user triggers only, not the foreign keys' internal ones). */
  triggers: { name: string; definition: string }[];
}

const SCHEMA = 'public';

/** Refuses what the dump would leave out: better a clear failure than a schema file that hides an object. */
async function refuseUnprintedObjects(client: Client): Promise<void> {
  const checks: [string, string][] = [
    [
      'relations of a kind the dump does not print (partitioned tables, materialized views, composite types, foreign tables)',
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind NOT IN ('r', 'i', 'S', 'v')`,
    ],
    [
      'types other than enums (domains, ranges, composite types)',
      `SELECT t.typname AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = $1 AND t.typtype NOT IN ('b', 'e') AND t.typrelid = 0`,
    ],
    [
      'identity columns',
      `SELECT c.relname || '.' || a.attname AS name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND a.attidentity <> ''`,
    ],
    [
      'row-level security',
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND (c.relrowsecurity OR EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid))`,
    ],
    [
      'rules',
      `SELECT r.rulename AS name FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND r.rulename <> '_RETURN'`,
    ],
    [
      'aggregates, window functions and procedures',
      `SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = $1 AND p.prokind <> 'f'`,
    ],
    [
      'comments (COMMENT ON)',
      `SELECT d.objoid::regclass::text AS name FROM pg_description d JOIN pg_class c ON c.oid = d.objoid
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1
       UNION ALL
       SELECT p.proname FROM pg_description d JOIN pg_proc p ON p.oid = d.objoid
        JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1`,
    ],
    [
      'schemas other than public',
      `SELECT nspname AS name FROM pg_namespace
        WHERE nspname NOT IN ($1, 'information_schema') AND nspname NOT LIKE 'pg\\_%'`,
    ],
  ];
  for (const [what, sql] of checks) {
    const { rows } = await client.query<{ name: string }>(sql, [SCHEMA]);
    if (rows.length)
      throw new Error(
        `The schema holds ${what}, which test/schema/schema-sql.ts does not print yet: ` +
          `${rows.map((row) => row.name).join(', ')}. Teach it to, so db/schema.sql stays complete.`,
      );
  }
}

async function readTable(client: Client, oid: number, name: string, unlogged: boolean, options: string[] | null) {
  const columns = await client.query<ColumnDef>(
    `SELECT quote_ident(a.attname) AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS "notNull",
            CASE WHEN a.attgenerated = '' THEN pg_get_expr(d.adbin, d.adrelid) END AS default,
            CASE WHEN a.attgenerated <> '' THEN pg_get_expr(d.adbin, d.adrelid) END AS generated,
            CASE WHEN a.attcollation <> t.typcollation THEN quote_ident(col.collname) END AS collation
       FROM pg_attribute a
       JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       LEFT JOIN pg_collation col ON col.oid = a.attcollation
      WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [oid],
  );
  // NOT NULL is printed with its column (PostgreSQL 18 also lists it here, as kind 'n').
  const constraints = await client.query<ConstraintDef>(
    `SELECT quote_ident(conname) AS name, contype AS kind, pg_get_constraintdef(oid) AS definition,
            CASE WHEN contype = 'f' THEN confrelid::regclass::text END AS references
       FROM pg_constraint
      WHERE conrelid = $1 AND contype IN ('p', 'u', 'c', 'f', 'x')
      ORDER BY array_position(ARRAY['p', 'u', 'c', 'f', 'x']::"char"[], contype), conname`,
    [oid],
  );
  const indexes = await client.query<{ name: string; definition: string }>(
    `SELECT quote_ident(i.relname) AS name, pg_get_indexdef(i.oid) AS definition
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = $1
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                         WHERE c.conindid = x.indexrelid AND c.conrelid = x.indrelid AND c.contype IN ('p', 'u', 'x'))
      ORDER BY i.relname`,
    [oid],
  );
  const triggers = await client.query<{ name: string; definition: string }>(
    `SELECT quote_ident(tgname) AS name, pg_get_triggerdef(oid, true) AS definition
       FROM pg_trigger WHERE tgrelid = $1 AND NOT tgisinternal ORDER BY tgname`,
    [oid],
  );
  return {
    name,
    unlogged,
    options,
    columns: columns.rows,
    constraints: constraints.rows,
    indexes: indexes.rows,
    triggers: triggers.rows,
  };
}

/** Reads the catalog of the database at `url` (one connection, one read-only transaction). */
export async function readSchemaCatalog(url: string): Promise<SchemaCatalog> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // Names inside definitions are printed unqualified when `public` is on the path, whatever the
    // connection's own settings; pg_get_functiondef names the function with its schema regardless.
    await client.query(`SET LOCAL search_path = ${SCHEMA}`);
    await refuseUnprintedObjects(client);

    const extensions = await client.query<{ name: string }>(
      `SELECT extname AS name FROM pg_extension WHERE extname <> 'plpgsql' ORDER BY extname`,
    );
    const enums = await client.query<{ name: string; labels: string[] }>(
      `SELECT quote_ident(t.typname) AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder) AS labels
         FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace JOIN pg_enum e ON e.enumtypid = t.oid
        WHERE n.nspname = $1 GROUP BY t.typname ORDER BY t.typname`,
      [SCHEMA],
    );
    const sequences = await client.query<SequenceDef>(
      `SELECT quote_ident(c.relname) AS name, format_type(s.seqtypid, NULL) AS "dataType", s.seqstart::text AS start,
              s.seqincrement::text AS increment, s.seqmin::text AS min, s.seqmax::text AS max,
              s.seqcache::text AS cache, s.seqcycle AS cycle,
              (SELECT quote_ident(t.relname) || '.' || quote_ident(a.attname) FROM pg_depend d
                 JOIN pg_class t ON t.oid = d.refobjid
                 JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
                WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'a') AS "ownedBy"
         FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 ORDER BY c.relname`,
      [SCHEMA],
    );
    const relations = await client.query<{
      oid: number;
      name: string;
      kind: string;
      unlogged: boolean;
      options: string[] | null;
    }>(
      `SELECT c.oid, quote_ident(c.relname) AS name, c.relkind AS kind, c.relpersistence = 'u' AS unlogged, c.reloptions AS options
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'v') ORDER BY c.relname`,
      [SCHEMA],
    );
    const tables: TableDef[] = [];
    const views: { name: string; definition: string }[] = [];
    for (const relation of relations.rows) {
      if (relation.kind === 'v') {
        const { rows } = await client.query<{ definition: string }>(
          'SELECT pg_get_viewdef($1::oid, true) AS definition',
          [relation.oid],
        );
        views.push({ name: relation.name, definition: rows[0].definition });
      } else {
        tables.push(await readTable(client, relation.oid, relation.name, relation.unlogged, relation.options));
      }
    }
    const functions = await client.query<{ name: string; identityArguments: string; definition: string }>(
      `SELECT p.proname AS name, pg_get_function_identity_arguments(p.oid) AS "identityArguments",
              pg_get_functiondef(p.oid) AS definition
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = $1
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
        ORDER BY p.proname, 2`,
      [SCHEMA],
    );
    await client.query('COMMIT');
    return {
      extensions: extensions.rows.map((row) => row.name),
      enums: enums.rows,
      sequences: sequences.rows,
      tables,
      views,
      functions: functions.rows,
    };
  } finally {
    await client.end();
  }
}
