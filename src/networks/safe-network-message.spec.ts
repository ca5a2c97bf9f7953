import { safeNetworkMessage } from './safe-network-message';

describe('safeNetworkMessage', () => {
  it('removes access tokens, app secrets and codes a network quotes back', () => {
    const secrets = [
      `EAAB${'x7Yq'.repeat(40)}`,
      `IGQVJ${'Wk9_a3Ft'.repeat(8)}`,
      'd41d8cd98f00b204e9800998ecf8427e',
      `AQD${'r7-Lm2'.repeat(10)}`,
      `sps_test_${'k3Jz'.repeat(8)}`,
      'abcdefghijklmnopqrstuvwxyzabcdefgh',
    ];
    for (const secret of secrets) {
      const message = safeNetworkMessage(`Invalid value ${secret} given`);
      expect({ secret, message }).toEqual({ secret, message: 'Invalid value [redacted] given' });
    }
  });

  it('keeps the name of a missing permission, which is what the reader needs to act on', () => {
    expect(safeNetworkMessage('(#10) Commenting requires the instagram_business_manage_comments permission')).toBe(
      '(#10) Commenting requires the instagram_business_manage_comments permission',
    );
    expect(safeNetworkMessage('(#200) Requires pages_manage_engagement and pages_read_user_content_permission_x')).toBe(
      '(#200) Requires pages_manage_engagement and pages_read_user_content_permission_x',
    );
  });

  it('bounds the length and folds whitespace', () => {
    expect(safeNetworkMessage('a\n\n b')).toBe('a b');
    expect(safeNetworkMessage('word '.repeat(100))).toHaveLength(300);
  });
});
