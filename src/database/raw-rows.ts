import { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * For hot paths that read several entities in one hand-written statement: the select list of an
 * entity's columns under a prefix, and the entity built back from such a row. The column list
 * comes from the entity's own metadata, so the statement cannot drift from the entity.
 */
export function prefixedColumns(
  dataSource: DataSource,
  entity: EntityTarget<ObjectLiteral>,
  tableAlias: string,
  prefix: string,
): string {
  return dataSource
    .getMetadata(entity)
    .columns.map((column) => `${tableAlias}.${column.databaseName} AS "${prefix}_${column.databaseName}"`)
    .join(', ');
}

export function fromPrefixedRow<T extends ObjectLiteral>(
  dataSource: DataSource,
  entity: EntityTarget<T>,
  row: Record<string, unknown>,
  prefix: string,
): T {
  const metadata = dataSource.getMetadata(entity);
  const built = metadata.create() as T;
  for (const column of metadata.columns)
    (built as Record<string, unknown>)[column.propertyName] = row[`${prefix}_${column.databaseName}`];
  return built;
}
