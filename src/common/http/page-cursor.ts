import { ApiException } from '../errors/api-exception';

/**
 * The cursor of a newest-first list: the last row's created_at in microseconds since the epoch (as
 * PostgreSQL keeps it: a cursor in milliseconds would skip rows made in the same millisecond) and
 * its id. Opaque to clients.
 */
export interface PageCursor {
  createdMicros: string;
  id: string;
}

/** SQL giving a created_at column in microseconds since the epoch, as text (for the cursor). */
export function createdMicrosSql(column: string): string {
  return `(extract(epoch FROM ${column}) * 1000000)::bigint::text`;
}

/** SQL for "before the cursor", with the cursor's two values as parameters. */
export function beforeCursorSql(createdColumn: string, idColumn: string, createdParam: string, idParam: string): string {
  return `(${createdColumn}, ${idColumn}) < (timestamptz 'epoch' + CAST(${createdParam} AS bigint) * interval '1 microsecond', ${idParam})`;
}

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(`${cursor.createdMicros}|${cursor.id}`).toString('base64url');
}

/** The cursor, or a 400 when it is not one this API gave out for ids with this prefix. */
export function decodeCursor(cursor: string, idPrefix: string): PageCursor {
  const [createdMicros, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!id || !createdMicros || !/^\d{1,17}$/.test(createdMicros) || !new RegExp(`^${idPrefix}_[0-9A-Za-z]+$`).test(id)) {
    throw ApiException.validation([{ field: 'cursor', message: 'cursor is not one this API gave out' }]);
  }
  return { createdMicros, id };
}
