import { ApiException } from '../../common/errors/api-exception';
import { APP_OPTIONS, NetworkAdapter } from '../network-adapter';
import { checkedAppOptions } from './network-app-options';

const meta = { displayName: 'Facebook', appOptions: APP_OPTIONS } as unknown as NetworkAdapter;
const x = { displayName: 'X' } as unknown as NetworkAdapter;

describe('checkedAppOptions', () => {
  it('keeps the settings given, trimmed, and drops those off', () => {
    expect(
      checkedAppOptions(meta, { loginConfigId: ' 1234567890 ', requireAppSecretProof: true, businessAccess: false }),
    ).toEqual({ loginConfigId: '1234567890', requireAppSecretProof: true });
    expect(checkedAppOptions(meta, { loginConfigId: '' })).toEqual({});
  });

  it('refuses a setting the network does not have, and a configuration id that is not one', () => {
    expect(() => checkedAppOptions(x, { businessAccess: true })).toThrow(ApiException);
    expect(checkedAppOptions(x, { businessAccess: false, loginConfigId: '' })).toEqual({});
    expect(() => checkedAppOptions(meta, { loginConfigId: 'config-1' })).toThrow(ApiException);
  });
});
