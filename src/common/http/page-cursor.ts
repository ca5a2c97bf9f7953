import { ApiException } from '../errors/api-exception';

/**
 * The cursor of a list ordered by (created_at, id), newest first or oldest first: the last row's
 * created_at in microseconds since the epoch (as PostgreSQL keeps it: a cursor in milliseconds
 * would skip rows made in the same millisecond) and its id. Opaque to clients.
 */
export interface PageCursor {
  createdMicros: string;
  id: string;
}

/** SQL giving a created_at column in microseconds since the epoch, as text (for the cursor). */
export function createdMicrosSql(column: string): string {
  return `(extract(epoch FROM ${column}) * 1000000)::bigint::text`;
}

/** The cursor's created_at as a timestamptz, exact to the microsecond. */
function cursorTimeSql(createdParam: string): string {
  return `timestamptz 'epoch' + CAST(${createdParam} AS bigint) * interval '1 microsecond'`;
}

/** SQL for "before the cursor" (newest-first lists), with the cursor's two values as parameters. */
export function beforeCursorSql(
  createdColumn: string,
  idColumn: string,
  createdParam: string,
  idParam: string,
): string {
  return `(${createdColumn}, ${idColumn}) < (${cursorTimeSql(createdParam)}, ${idParam})`;
}

/** SQL for "after the cursor" (oldest-first lists), with the cursor's two values as parameters. */
export function afterCursorSql(createdColumn: string, idColumn: string, createdParam: string, idParam: string): string {
  return `(${createdColumn}, ${idColumn}) > (${cursorTimeSql(createdParam)}, ${idParam})`;
}

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(`${cursor.createdMicros}|${cursor.id}`).toString('base64url');
}

/** The cursor, or a 400 when it is not one this API gave out for ids with this prefix. */
export function decodeCursor(cursor: string, idPrefix: string): PageCursor {
  const [createdMicros, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const wellFormed =
    !!id && !!createdMicros && /^\d{1,17}$/.test(createdMicros) && new RegExp(`^${idPrefix}_[0-9A-Za-z]+$`).test(id);
  // Node's base64url decoder skips characters outside the alphabet and ignores extra parts; only
  // the exact text encodeCursor gives out is accepted, so a mangled cursor is a 400, not some other page.
  if (!wellFormed || encodeCursor({ createdMicros, id }) !== cursor) {
    throw ApiException.validation(
      [{ field: 'cursor', message: 'cursor is not one this API gave out' }],
      'Invalid request: cursor',
    );
  }
  return { createdMicros, id };
}
