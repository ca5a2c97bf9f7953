import { requestedRange } from './byte-range';

describe('requestedRange', () => {
  it('reads a closed, an open and a suffix range', () => {
    expect(requestedRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(requestedRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=95-200', 100)).toEqual({ start: 95, end: 99 });
  });

  it('answers the whole file for no header, several ranges or another unit', () => {
    expect(requestedRange(undefined, 100)).toBeUndefined();
    expect(requestedRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(requestedRange('items=0-1', 100)).toBeUndefined();
  });

  it('says when a range starts past the end', () => {
    expect(requestedRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 100)).toBe('unsatisfiable');
  });
});
