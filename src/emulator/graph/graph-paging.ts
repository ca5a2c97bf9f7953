import { FastifyRequest } from 'fastify';
import { absoluteUrl, requestPath } from '../http/public-url';
import { Params } from '../http/request-params';
import { graphErrors } from './graph-errors';

export interface GraphPage<T> {
  data: T[];
  paging?: { cursors: { before: string; after: string }; next?: string; previous?: string };
}

const encodeCursor = (index: number) => Buffer.from(`cursor:${index}`).toString('base64url');

function decodeCursor(cursor: string): number {
  const match = /^cursor:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw graphErrors.invalidParameter('The cursor is not valid');
  return Number(match[1]);
}

function linkWith(
  request: FastifyRequest,
  params: Params,
  publicUrl: string | undefined,
  cursor: { after?: string; before?: string },
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (name !== 'after' && name !== 'before') query.set(name, value);
  if (cursor.after) query.set('after', cursor.after);
  if (cursor.before) query.set('before', cursor.before);
  return absoluteUrl(request, `${requestPath(request)}?${query.toString()}`, publicUrl);
}

/**
 * One page of an edge, cursor-paginated as Graph does: `limit`, `after`/`before` cursors, and
 * absolute `next`/`previous` links that repeat the call's parameters (access_token included, as
 * the real ones do).
 */
export function graphPage<T>(
  request: FastifyRequest,
  params: Params,
  items: readonly T[],
  defaultLimit: number,
  publicUrl?: string,
): GraphPage<T> {
  const limit = params.limit === undefined ? defaultLimit : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw graphErrors.invalidParameter('limit must be an integer between 1 and 100');
  let start = 0;
  if (params.after) start = decodeCursor(params.after) + 1;
  else if (params.before) start = Math.max(0, decodeCursor(params.before) - limit);
  const data = items.slice(start, start + limit);
  if (data.length === 0) return { data };
  const end = start + data.length - 1;
  const cursors = { before: encodeCursor(start), after: encodeCursor(end) };
  return {
    data,
    paging: {
      cursors,
      ...(start > 0 ? { previous: linkWith(request, params, publicUrl, { before: cursors.before }) } : {}),
      ...(end + 1 < items.length ? { next: linkWith(request, params, publicUrl, { after: cursors.after }) } : {}),
    },
  };
}
