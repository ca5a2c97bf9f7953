import { ApiKeyCache } from './api-key-cache';

import { AuthenticatedCustomer } from './authenticated-customer';

const alice: AuthenticatedCustomer = {
  customerId: 'cus_a',
  customerName: 'alice',
  apiKeyId: 'key_a',
  mode: 'live',
  liveCustomerId: 'cus_a',
};
const bob: AuthenticatedCustomer = {
  customerId: 'cus_b',
  customerName: 'bob',
  apiKeyId: 'key_b',
  mode: 'test',
  liveCustomerId: 'cus_b_live',
};

describe('ApiKeyCache', () => {
  let now: number;
  const cache = (size = 10) => {
    const made = new ApiKeyCache(() => now, 1_000, size);
    made.setListening(true);
    return made;
  };
  beforeEach(() => (now = 0));

  it('remembers a valid key for its time to live, then asks again', () => {
    const keys = cache();
    keys.set('hash-a', alice, keys.generation);
    now = 999;
    expect(keys.get('hash-a')).toEqual(alice);
    now = 1_000;
    expect(keys.get('hash-a')).toBeUndefined();
  });

  it('forgets a revoked key at once, and only that one', () => {
    const keys = cache();
    keys.set('hash-a', alice, keys.generation);
    keys.set('hash-b', bob, keys.generation);
    keys.forgetKey('key_a');
    expect(keys.get('hash-a')).toBeUndefined();
    expect(keys.get('hash-b')).toEqual(bob);
  });

  it('trusts nothing from memory while revocations cannot be heard', () => {
    const keys = cache();
    keys.set('hash-a', alice, keys.generation);
    keys.setListening(false);
    expect(keys.get('hash-a')).toBeUndefined();
    keys.set('hash-a', alice, keys.generation);
    expect(keys.get('hash-a')).toBeUndefined();
    // Listening again: what was known before the gap is gone (a revocation may have been missed).
    keys.setListening(true);
    expect(keys.get('hash-a')).toBeUndefined();
  });

  it('does not remember what a lookup read before a revocation it did not see', () => {
    const keys = cache();
    const readAt = keys.generation;
    // The key is revoked (heard) while the lookup is between its read and its answer.
    keys.forgetKey('key_a');
    keys.set('hash-a', alice, readAt);
    expect(keys.get('hash-a')).toBeUndefined();
  });

  it('keeps at most its size, forgetting the oldest first', () => {
    const keys = cache(2);
    keys.set('hash-a', alice, keys.generation);
    keys.set('hash-b', bob, keys.generation);
    keys.set('hash-c', { ...bob, apiKeyId: 'key_c' }, keys.generation);
    expect(keys.get('hash-a')).toBeUndefined();
    expect(keys.get('hash-b')).toEqual(bob);
    expect(keys.get('hash-c')).toBeDefined();
  });
});
