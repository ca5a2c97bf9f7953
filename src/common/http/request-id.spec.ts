import { requestIdFor } from './request-id';

describe('requestIdFor', () => {
  it('keeps a sane incoming id', () => expect(requestIdFor('abc-123:x.y_z')).toBe('abc-123:x.y_z'));
  it.each([
    [undefined],
    [''],
    ['has space'],
    ['<script>'],
    ['x'.repeat(129)],
    [['a', 'b']],
    [`sps_${'k'.repeat(43)}`],
    [`sps_test_${'k'.repeat(43)}`],
  ])('replaces %p with a fresh id', (incoming) => {
    expect(requestIdFor(incoming)).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
  });
});
