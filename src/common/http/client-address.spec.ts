import { throttleAddress } from './client-address';

describe('throttleAddress', () => {
  it('keeps an IPv4 address, and takes an IPv4-mapped IPv6 address as IPv4', () => {
    expect(throttleAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(throttleAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(throttleAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = throttleAddress('2001:db8:0:1::1');
    expect(key).toBe('2001:db8:0:1::/64');
    expect(throttleAddress('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(throttleAddress('2001:DB8:0:1:a:b:c:d%eth0')).toBe(key);
    expect(throttleAddress('2001:db8:0:2::1')).not.toBe(key);
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
  });
});
