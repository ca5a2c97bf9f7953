import { networkInterfaces } from 'node:os';
import { isIP } from 'node:net';
import type { AppConfig } from '../config';

/** Why a URL at the service itself is refused, whatever ALLOW_PRIVATE_URLS says. */
export const OWN_ADDRESS_REASON =
  "must not point at this service itself (its own address and port, or PUBLIC_URL's); to post a file uploaded here, give its media id";

type Listening = Pick<AppConfig, 'host' | 'port' | 'publicUrl'>;

function portOf(url: { protocol: string; port: string }): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

function bare(host: string): string {
  return host.replace(/^\[|\]$/g, '').toLowerCase();
}

function isLoopbackOrUnspecified(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  const address = mapped ? mapped[1]! : host;
  if (isIP(address) === 4) return address.startsWith('127.') || address === '0.0.0.0';
  return address === '::1' || address === '::';
}

/**
 * The service's own endpoints: what it listens on (HOST:PORT; with an unspecified HOST, every
 * local interface and loopback at PORT) and PUBLIC_URL's host and port. A customer's webhook or
 * media URL must never reach them: a request from the service to itself would be made without the
 * customer's key, and in development settings its keyless emulator control API (reset, faults)
 * listens there.
 */
export class OwnEndpoints {
  private readonly publicHost: string | undefined;
  private readonly publicPort: number | undefined;

  constructor(private readonly listening: Listening) {
    if (listening.publicUrl && URL.canParse(listening.publicUrl)) {
      const url = new URL(listening.publicUrl);
      this.publicHost = bare(url.hostname);
      this.publicPort = portOf(url);
    }
  }

  /** True when `host` (a name or an address) at `port` is this service, as far as the name itself tells. */
  isOwn(rawHost: string, port: number): boolean {
    const host = bare(rawHost);
    if (port === this.publicPort) {
      if (host === this.publicHost) return true;
      // PUBLIC_URL on a loopback name (development): every loopback spelling reaches the same server.
      if (this.publicHost !== undefined && isLoopbackOrUnspecified(this.publicHost) && isLoopbackOrUnspecified(host))
        return true;
    }
    if (port !== this.listening.port) return false;
    return this.isListeningHost(host);
  }

  /** True when an address a name resolved to, at `port`, is where the service listens. */
  isOwnAddress(address: string, port: number): boolean {
    return this.isOwn(address, port);
  }

  /** The URL's port, default ports included. */
  static portOf(url: { protocol: string; port: string }): number {
    return portOf(url);
  }

  private isListeningHost(host: string): boolean {
    if (isLoopbackOrUnspecified(host)) return true;
    const listenHost = bare(this.listening.host ?? '');
    if (host === listenHost) return true;
    // Listening on every interface: each of this machine's addresses reaches it.
    if (listenHost === '0.0.0.0' || listenHost === '::' || listenHost === '')
      return Object.values(networkInterfaces()).some((entries) =>
        (entries ?? []).some((entry) => bare(entry.address) === host),
      );
    return false;
  }
}
