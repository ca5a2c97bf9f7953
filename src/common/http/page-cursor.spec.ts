import { ApiException } from '../errors/api-exception';
import { decodeCursor, encodeCursor } from './page-cursor';

describe('page cursors', () => {
  const cursor = { createdMicros: '1795288968631123', id: 'acc_3kTMd9fQe2xV7bLp1sWq0Z' };

  it('decodes what it encodes, as opaque URL-safe text', () => {
    const encoded = encodeCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(encoded, 'acc')).toEqual(cursor);
  });

  function refusal(text: string, idPrefix = 'acc'): unknown {
    try {
      decodeCursor(text, idPrefix);
    } catch (error) {
      return error;
    }
    return undefined;
  }

  it.each([
    ['garbage', 'not a cursor'],
    ['empty text', ''],
    ['a cursor of another list (other id prefix)', encodeCursor({ ...cursor, id: 'pst_abc' })],
    ['a time that is not a number', Buffer.from(`soon|${cursor.id}`).toString('base64url')],
    ['a time too long to be one', Buffer.from(`1${'0'.repeat(17)}|${cursor.id}`).toString('base64url')],
    ['a third part', Buffer.from(`${cursor.createdMicros}|${cursor.id}|more`).toString('base64url')],
    ['characters outside base64url added', `${encodeCursor(cursor)}!!`],
    ['padding added', `${encodeCursor(cursor)}=`],
  ])('refuses %s with a validation error naming cursor', (_, text) => {
    const error = refusal(text);
    expect(error).toBeInstanceOf(ApiException);
    expect((error as ApiException).code).toBe('validation_failed');
    expect((error as ApiException).details).toEqual([
      { field: 'cursor', message: 'cursor is not one this API gave out' },
    ]);
  });
});
