import { randomBytes } from 'node:crypto';
import { KeyRing } from '../common/crypto/key-ring';
import { SecretBox } from '../common/crypto/secret-box';
import { TokenVault } from './token-vault';

/** What a network binds an account's tokens to (a DPoP key) is sealed with them, for that account only. */
describe('TokenVault: the token binding', () => {
  const vault = new TokenVault(new SecretBox(new KeyRing({ id: 'k1', key: randomBytes(32) })));

  it('seals the binding with the tokens and opens it again', () => {
    const sealed = vault.seal('acc_1', { accessToken: 'a', refreshToken: 'r', tokenBinding: '{"key":"private"}' });
    expect(sealed.tokenBindingEncrypted).toMatch(/^v1\./);
    expect(sealed.tokenBindingEncrypted).not.toContain('private');
    expect(vault.open('acc_1', sealed, null)).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      userAccessToken: undefined,
      tokenBinding: '{"key":"private"}',
      expiresAt: undefined,
    });
    // Moved to another account's row, it does not open.
    expect(() => vault.open('acc_2', sealed, null)).toThrow();
  });

  it('keeps no binding for tokens that have none', () => {
    const sealed = vault.seal('acc_1', { accessToken: 'a' });
    expect(sealed.tokenBindingEncrypted).toBeNull();
    expect(vault.open('acc_1', sealed, null)).not.toHaveProperty('tokenBinding');
  });
});
