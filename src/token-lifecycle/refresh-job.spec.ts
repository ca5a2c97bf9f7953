import { parseRefreshPayload, refreshJobKey } from './refresh-job';

describe('refresh job', () => {
  it('reads the account id from the payload, and refuses a payload without one', () => {
    expect(parseRefreshPayload({ accountId: 'acc_1' })).toEqual({ accountId: 'acc_1' });
    for (const payload of [null, 'acc_1', {}, { accountId: '' }, { accountId: 7 }])
      expect(() => parseRefreshPayload(payload)).toThrow(/accountId/);
  });

  it('keys the job by account, so one account has one waiting refresh', () => {
    expect(refreshJobKey('acc_1')).toBe('refresh:acc_1');
  });
});
