import { Inject, Injectable } from '@nestjs/common';
import { LookupAddress } from 'node:dns';
import { BlockList, isIP, LookupFunction } from 'node:net';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { BoundedResolver } from './dns/bounded-resolver';
import { OWN_ADDRESS_REASON, OwnEndpoints } from './own-endpoints';

/** Resolutions one customer may have in flight at once, over all its requests in this process. */
const PER_CUSTOMER_RESOLUTIONS = 5;
const DEFAULT_DNS = { servers: [] as string[], timeoutMs: 2_000 };

/**
 * One resolver per setting for the whole process (UrlSafety is provided by several modules), so
 * its cache and per-customer limit are shared by webhooks, posts and downloads alike.
 */
const resolvers = new Map<string, BoundedResolver>();
function sharedResolver(dns: AppConfig['dns'] | undefined): BoundedResolver {
  const settings = dns ?? DEFAULT_DNS;
  const key = `${settings.servers.join(',')}|${settings.timeoutMs}`;
  let resolver = resolvers.get(key);
  if (!resolver)
    resolvers.set(
      key,
      (resolver = new BoundedResolver({ ...settings, perOwnerConcurrency: PER_CUSTOMER_RESOLUTIONS })),
    );
  return resolver;
}

/** Addresses a customer-chosen URL must not reach: loopback, private, link-local, carrier NAT, unspecified. */
const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['192.0.0.0', 24],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-compatible, NAT64 and 6to4 forms can carry a private IPv4 address inside.
  ['::', 96],
  ['64:ff9b::', 96],
  // NAT64 for local use (RFC 8215): the network behind it is the operator's own.
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  // Site-local (deprecated by RFC 3879, still routed inside some networks).
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');

/** IPv4-mapped IPv6 addresses (::ffff:0:0/96), however spelt: ::ffff:127.0.0.1, ::ffff:7f00:1, 0:0:0:0:0:ffff:7f00:1. */
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/** The IPv4 address an IPv4-mapped IPv6 address carries. */
function mappedIpv4(address: string): string {
  // The URL parser writes IPv6 in its shortest form, the mapped part as two hex groups.
  const groups = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(new URL(`http://[${address}]/`).hostname);
  if (!groups) return '0.0.0.0';
  const [high, low] = [parseInt(groups[1]!, 16), parseInt(groups[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // An IPv4 address written as IPv6 is judged as the IPv4 it is.
  if (family === 6 && IPV4_MAPPED.check(address, 'ipv6')) return FORBIDDEN.check(mappedIpv4(address), 'ipv4');
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Raised when a connection or a redirect would reach a forbidden address (code EADDRFORBIDDEN). */
export class ForbiddenAddressError extends Error {
  readonly code = 'EADDRFORBIDDEN';
  constructor(host: string) {
    super(`${host} is, or resolves to, a private or loopback address`);
    this.name = 'ForbiddenAddressError';
  }
}

/** How a URL fails: its form (not absolute, not http(s), credentials), a private address, or a name that does not resolve. */
export type UrlProblem = 'malformed' | 'private' | 'unresolvable';

export type UrlVerdict = { ok: true } | { ok: false; problem: UrlProblem; reason: string };

/** Names the setting that allows it, so a developer pointing at a local server knows what to change. */
export const PRIVATE_ADDRESS_REASON =
  'must not point at a private or loopback address (allowed for local development with ALLOW_PRIVATE_URLS=true, which production refuses)';

/**
 * Checks URLs a customer chooses (media, webhooks) before the service fetches them: http(s) only,
 * and no private, loopback or link-local address, by literal or through what the name resolves to,
 * unless ALLOW_PRIVATE_URLS is set for local use.
 */
@Injectable()
export class UrlSafety {
  private readonly resolver: BoundedResolver;
  private readonly own: OwnEndpoints;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.resolver = sharedResolver(config.dns);
    this.own = new OwnEndpoints(config);
  }

  /** `owner` (the customer) bounds how many names one customer has resolved at once. */
  async check(raw: string, owner = ''): Promise<UrlVerdict> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { ok: false, problem: 'malformed', reason: 'must be an absolute URL' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { ok: false, problem: 'malformed', reason: 'must use http or https' };
    if (url.username || url.password) return { ok: false, problem: 'malformed', reason: 'must not carry credentials' };
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = OwnEndpoints.portOf(url);
    // The service itself is refused even where private addresses are allowed (development).
    const itself: UrlVerdict = { ok: false, problem: 'private', reason: OWN_ADDRESS_REASON };
    if (this.own.isOwn(host, port)) return itself;
    if (this.config.allowPrivateUrls) return (await this.resolvesToSelf(host, port, owner)) ? itself : { ok: true };
    if (host === 'localhost' || host.endsWith('.localhost'))
      return { ok: false, problem: 'private', reason: PRIVATE_ADDRESS_REASON };
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : await this.resolver.resolve(host, owner);
    } catch {
      return { ok: false, problem: 'unresolvable', reason: 'has a host name that does not resolve' };
    }
    if (addresses.length === 0 || addresses.some(isForbiddenAddress)) {
      return { ok: false, problem: 'private', reason: PRIVATE_ADDRESS_REASON };
    }
    if (addresses.some((address) => this.own.isOwnAddress(address, port))) return itself;
    return { ok: true };
  }

  /** A name (not an address) at the port the service listens on, resolving to where it listens. */
  private async resolvesToSelf(host: string, port: number, owner: string): Promise<boolean> {
    if (isIP(host) !== 0 || port !== this.config.port) return false;
    try {
      return (await this.resolver.resolve(host, owner)).some((address) => this.own.isOwnAddress(address, port));
    } catch {
      return false;
    }
  }

  /**
   * A `lookup` for node:http(s) requests that refuses forbidden addresses when the connection is
   * made, so a name cannot pass check() with a public address and then connect to a private one
   * (DNS rebinding). Undefined when private URLs are allowed.
   */
  connectLookup(): LookupFunction | undefined {
    if (this.config.allowPrivateUrls) return undefined;
    return ((hostname: string, options: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
      const host = hostname.replace(/^\[|\]$/g, '');
      // Not through dns.lookup either (see BoundedResolver): a name is resolved with the same
      // deadline and cache as check(); localhost is refused by name, as check() does.
      const resolved: Promise<string[]> =
        isIP(host) !== 0
          ? Promise.resolve([host])
          : host === 'localhost' || host.endsWith('.localhost')
            ? Promise.reject(new ForbiddenAddressError(hostname))
            : this.resolver.resolve(host);
      resolved.then(
        (found) => {
          if (found.length === 0 || found.some(isForbiddenAddress))
            return callback(new ForbiddenAddressError(hostname));
          const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
          const addresses: LookupAddress[] = found
            .map((address) => ({ address, family: isIP(address) }))
            .filter((entry) => wanted === 0 || entry.family === wanted);
          if (addresses.length === 0)
            return callback(
              Object.assign(new Error(`${hostname}: no address of family ${wanted}`), { code: 'ENOTFOUND' }),
            );
          if (options.all) return callback(null, addresses);
          return callback(null, addresses[0]!.address, addresses[0]!.family);
        },
        (error: unknown) => callback(error),
      );
    }) as LookupFunction;
  }

  /**
   * For an HTTP client that follows redirects: refuses a hop to a literal private address or to
   * localhost (names are checked by connectLookup when the hop connects; a literal address is not
   * looked up at all). Undefined when private URLs are allowed.
   */
  redirectGuard(): (hop: {
    hostname?: string | null;
    port?: string | number | null;
    protocol?: string | null;
  }) => void {
    return (hop) => {
      const host = (hop.hostname ?? '').replace(/^\[|\]$/g, '');
      const port = OwnEndpoints.portOf({ protocol: hop.protocol ?? 'http:', port: String(hop.port ?? '') });
      // Never to the service itself, even where private addresses are allowed (development).
      if (this.own.isOwn(host, port)) throw new ForbiddenAddressError(host);
      if (this.config.allowPrivateUrls) return;
      if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isForbiddenAddress(host)))
        throw new ForbiddenAddressError(host);
    };
  }
}
