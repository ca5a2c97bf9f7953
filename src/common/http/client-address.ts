import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client's address that per-address throttles (dashboard sign-in, unknown API keys) count by. An IPv4 address as it is (an
 * IPv4-mapped IPv6 address as its IPv4 form); an IPv6 address by its /64, because one subscriber
 * usually holds a whole /64 and could otherwise take a fresh address for every guess.
 */
export function throttleAddress(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = expandIPv6(address);
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    const [high, low] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros ("::" expanded; a dotted IPv4 tail as two groups). */
function expandIPv6(address: string): string[] {
  let text = address;
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...middle, ...tailGroups].map((group) => parseInt(group, 16).toString(16));
}
