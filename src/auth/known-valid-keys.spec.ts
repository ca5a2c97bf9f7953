import { KnownValidKeys } from './known-valid-keys';

describe('KnownValidKeys', () => {
  it('remembers hashes until forgotten, and forgets the oldest beyond its size', () => {
    const known = new KnownValidKeys(2);
    known.remember('a');
    known.remember('b');
    known.remember('a');
    known.remember('c');
    expect([known.has('a'), known.has('b'), known.has('c')]).toEqual([true, false, true]);
    known.forget('a');
    expect(known.has('a')).toBe(false);
    expect(known.size).toBe(1);
  });
});
