import { ApiException } from '../common/errors/api-exception';

/**
 * Our cursor wraps the network's (Graph's `after`, X's `next_token`) with the delivery it belongs
 * to, so that a cursor of one delivery is never sent to another's network call.
 */
export function encodeCommentCursor(deliveryId: string, networkCursor: string): string {
  return Buffer.from(JSON.stringify([deliveryId, networkCursor])).toString('base64url');
}

export function decodeCommentCursor(cursor: string, deliveryId: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    parsed[0] !== deliveryId ||
    typeof parsed[1] !== 'string' ||
    !parsed[1]
  )
    throw ApiException.validation([{ field: 'cursor', message: 'cursor is not a nextCursor of this delivery' }]);
  return parsed[1];
}
