import { mustLookFirst, retryRefusal } from './retry-refusal';

describe('retryRefusal', () => {
  it('accepts a failed delivery whose account is active', () => {
    expect(retryRefusal({ status: 'failed' }, { status: 'active' })).toBeUndefined();
  });

  it.each(['scheduled', 'pending', 'publishing', 'published', 'canceled', 'deleting', 'deleted'] as const)(
    'refuses a %s delivery with delivery_not_failed, whatever its account',
    (status) => {
      expect(retryRefusal({ status }, { status: 'active' })).toEqual({
        code: 'delivery_not_failed',
        message: `The delivery is ${status}: only a failed delivery can be retried`,
      });
    },
  );

  it.each(['expired', 'disconnected'] as const)('refuses a failed delivery of an %s account', (status) => {
    expect(retryRefusal({ status: 'failed' }, { status })).toEqual({
      code: 'account_not_active',
      message: expect.stringContaining(`account is ${status}; reconnect it`),
    });
  });

  it('refuses a failed delivery whose account is gone', () => {
    expect(retryRefusal({ status: 'failed' }, null)?.code).toBe('account_not_active');
  });
});

describe('mustLookFirst', () => {
  it('looks on the network when an earlier attempt began, and not for a delivery never begun', () => {
    expect(mustLookFirst({ attempts: 1 })).toBe(true);
    expect(mustLookFirst({ attempts: 8 })).toBe(true);
    expect(mustLookFirst({ attempts: 0 })).toBe(false);
  });
});
