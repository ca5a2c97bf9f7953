import { FastifyRequest } from 'fastify';
import { absoluteUrl, requestPath } from '../http/public-url';
import { Params } from '../http/request-params';
import { graphErrors } from './graph-errors';

export interface GraphPage<T> {
  data: T[];
  paging?: { cursors: { before: string; after: string }; next?: string; previous?: string };
}

/** The id of an item that has one (nodes do), which a cursor is anchored to. */
function idOf(item: unknown): string | undefined {
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Where each item of a list stands in the order it was written (the published log's sequence),
 * and which way the list runs: lets a cursor whose item is gone still find its place.
 */
export interface PageOrder {
  sequences: readonly number[];
  newestFirst: boolean;
}

/**
 * A cursor names the item it stands at, as Graph's do, so items written or removed before it
 * between two reads shift nothing. When that item is gone, its place in the list's order (given
 * `order`) or, failing that, its old position stands in.
 */
function encodeCursor(index: number, item: unknown, order: PageOrder | undefined): string {
  const sequence = order?.sequences[index];
  return Buffer.from(`cursor:${index}:${sequence ?? ''}:${idOf(item) ?? ''}`).toString('base64url');
}

/** Where a cursor's item is, or would be were it still there (`present` false). */
function decodeCursor(
  cursor: string,
  items: readonly unknown[],
  order: PageOrder | undefined,
): { index: number; present: boolean } {
  const match = /^cursor:(\d{1,9}):(\d{0,15}):(.{0,200})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw graphErrors.invalidParameter('The cursor is not valid');
  const [, position, sequence, id] = match;
  const anchored = id ? items.findIndex((item) => idOf(item) === id) : -1;
  if (anchored >= 0) return { index: anchored, present: true };
  if (order && sequence) {
    const at = Number(sequence);
    const before = order.sequences.filter((other) => (order.newestFirst ? other > at : other < at)).length;
    return { index: before, present: false };
  }
  return { index: Number(position), present: true };
}

/** The cursors of a page holding items[start..end]. */
function pageCursors(items: readonly unknown[], start: number, end: number, order: PageOrder | undefined) {
  return { before: encodeCursor(start, items[start], order), after: encodeCursor(end, items[end], order) };
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
  order?: PageOrder,
): GraphPage<T> {
  const limit = params.limit === undefined ? defaultLimit : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw graphErrors.invalidParameter('limit must be an integer between 1 and 100');
  let start = 0;
  let stop = items.length;
  if (params.after) {
    const after = decodeCursor(params.after, items, order);
    start = after.present ? after.index + 1 : after.index;
  } else if (params.before) {
    // The page that ends just before the cursor's item.
    stop = decodeCursor(params.before, items, order).index;
    start = Math.max(0, stop - limit);
  }
  const data = items.slice(start, Math.min(start + limit, stop));
  if (data.length === 0) return { data };
  const end = start + data.length - 1;
  const cursors = pageCursors(items, start, end, order);
  return {
    data,
    paging: {
      cursors,
      ...(start > 0 ? { previous: linkWith(request, params, publicUrl, { before: cursors.before }) } : {}),
      ...(end + 1 < items.length ? { next: linkWith(request, params, publicUrl, { after: cursors.after }) } : {}),
    },
  };
}

/** How many entries an edge expanded inside a node's fields holds before it pages, as Graph's do. */
export const NESTED_EDGE_LIMIT = 25;

/**
 * An edge expanded in a node's fields (`replies{…}`): its first entries, and when there are more
 * the `after` cursor to read on with on the edge itself (`GET /{id}/replies?after=…`).
 */
export function nestedPage<T>(items: readonly T[], edgeUrl: string, order?: PageOrder): GraphPage<T> {
  const data = items.slice(0, NESTED_EDGE_LIMIT);
  if (data.length === 0) return { data };
  const end = data.length - 1;
  const cursors = pageCursors(items, 0, end, order);
  return {
    data,
    paging: {
      cursors,
      ...(items.length > data.length ? { next: `${edgeUrl}?after=${cursors.after}` } : {}),
    },
  };
}
