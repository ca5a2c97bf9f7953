import { ApiException } from '../common/errors/api-exception';
import { decodeCommentCursor, encodeCommentCursor } from './comment-cursor';

describe('comment cursors', () => {
  it("carries the network's cursor for the same delivery", () => {
    const cursor = encodeCommentCursor('dlv_A1', 'QVFIUm5ldHdvcms');
    expect(decodeCommentCursor(cursor, 'dlv_A1')).toBe('QVFIUm5ldHdvcms');
  });

  it('refuses a cursor of another delivery, or one that is not ours, as a validation error', () => {
    const cursor = encodeCommentCursor('dlv_A1', 'next');
    for (const [value, delivery] of [
      [cursor, 'dlv_B2'],
      ['not-a-cursor', 'dlv_A1'],
      [Buffer.from('["dlv_A1",""]').toString('base64url'), 'dlv_A1'],
    ] as const) {
      expect(() => decodeCommentCursor(value, delivery)).toThrow(ApiException);
    }
  });
});
