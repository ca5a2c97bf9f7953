import { Resolver } from 'node:dns';
import { HostsFile } from './hosts-file';

/** How names of customer-chosen URLs are resolved: where, how long a try may take, how long an answer is kept. */
export interface BoundedResolverSettings {
  /** Name servers (`ip` or `ip:port`); empty: the system's (from /etc/resolv.conf). */
  servers: readonly string[];
  /** The most one name may take, all tries included; then it counts as not resolving. */
  timeoutMs: number;
  /** Resolutions one owner (a customer) may have in flight at once; more wait their turn. */
  perOwnerConcurrency: number;
  /** The hosts file read before asking name servers (as getaddrinfo does); default /etc/hosts. */
  hostsFile?: string;
}

/** A name that does not resolve, or did not within the time allowed. */
export class UnresolvableNameError extends Error {
  readonly code = 'ENOTFOUND';
  constructor(host: string, why: string) {
    super(`${host} does not resolve (${why})`);
    this.name = 'UnresolvableNameError';
  }
}

/** An answer is kept this long; a failure less long, so a name that appears is soon usable. */
const ANSWER_TTL_MS = 30_000;
const FAILURE_TTL_MS = 10_000;
/** Past this many names the oldest are dropped (a customer can name many hosts, one at a time). */
const MAX_CACHED = 10_000;

type Cached = { expiresAt: number; addresses: string[] } | { expiresAt: number; error: UnresolvableNameError };

/**
 * Resolves names with c-ares (node:dns `Resolver`: resolve4 + resolve6) rather than `dns.lookup`,
 * which runs getaddrinfo on libuv's shared pool of four threads: names whose name server never
 * answers would otherwise hold those threads for many seconds each and stall every other lookup
 * and file operation in the process. Each name has a deadline, answers are cached briefly,
 * concurrent resolutions of one name share one query, and each owner has a bounded number in flight.
 */
export class BoundedResolver {
  private readonly resolver: Resolver;
  private readonly cache = new Map<string, Cached>();
  private readonly inFlight = new Map<string, Promise<string[]>>();
  private readonly owners = new Map<string, { running: number; waiting: Array<() => void> }>();
  private readonly hosts: HostsFile;

  constructor(private readonly settings: BoundedResolverSettings) {
    // c-ares doubles the timeout on each try: two tries of a third of the deadline fit within it.
    this.resolver = new Resolver({ timeout: Math.max(1, Math.floor(settings.timeoutMs / 3)), tries: 2 });
    if (settings.servers.length) this.resolver.setServers([...settings.servers]);
    this.hosts = new HostsFile(settings.hostsFile ?? '/etc/hosts');
  }

  /**
   * The name's IPv4 and IPv6 addresses (at least one), or UnresolvableNameError. `owner` (a
   * customer) limits how many of its names are resolved at once; '' is not limited.
   */
  async resolve(host: string, owner = ''): Promise<string[]> {
    // `name.` is the same name, fully qualified.
    const name = host.toLowerCase().replace(/\.$/, '');
    // The hosts file first, as getaddrinfo would: a name it maps (to loopback, say) is judged by that.
    const listed = this.hosts.addressesOf(name);
    if (listed) return listed;
    const cached = this.cache.get(name);
    if (cached && cached.expiresAt > Date.now()) {
      if ('error' in cached) throw cached.error;
      return cached.addresses;
    }
    return this.inFlight.get(name) ?? this.withOwnerSlot(owner, () => this.startOrJoin(name));
  }

  /**
   * Joins a query of the name already under way, or starts one. Registered only once it runs (in
   * the owner's slot), so a name waiting in one customer's queue never holds up another's.
   */
  private startOrJoin(name: string): Promise<string[]> {
    const cached = this.cache.get(name);
    if (cached && cached.expiresAt > Date.now())
      return 'error' in cached ? Promise.reject(cached.error) : Promise.resolve(cached.addresses);
    const shared = this.inFlight.get(name);
    if (shared) return shared;
    const query = this.query(name).finally(() => this.inFlight.delete(name));
    this.inFlight.set(name, query);
    return query;
  }

  private async query(name: string): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new UnresolvableNameError(name, `no answer within ${this.settings.timeoutMs} ms`)),
        this.settings.timeoutMs,
      );
    });
    try {
      const [v4, v6] = await Promise.race([Promise.all([this.family(name, 4), this.family(name, 6)]), deadline]);
      const addresses = [...v4, ...v6];
      if (addresses.length === 0) throw new UnresolvableNameError(name, 'no address');
      this.remember(name, { expiresAt: Date.now() + ANSWER_TTL_MS, addresses });
      return addresses;
    } catch (error) {
      const failure =
        error instanceof UnresolvableNameError ? error : new UnresolvableNameError(name, (error as Error).message);
      this.remember(name, { expiresAt: Date.now() + FAILURE_TTL_MS, error: failure });
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }

  /** One family's addresses; a name with only the other family's answers here with none. */
  private family(name: string, family: 4 | 6): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const done = (error: NodeJS.ErrnoException | null, addresses: string[]): void => {
        if (!error) return resolve(addresses);
        if (error.code === 'ENODATA') return resolve([]);
        reject(error);
      };
      if (family === 4) this.resolver.resolve4(name, done);
      else this.resolver.resolve6(name, done);
    });
  }

  private remember(name: string, entry: Cached): void {
    this.cache.delete(name);
    this.cache.set(name, entry);
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
  }

  private async withOwnerSlot<T>(owner: string, work: () => Promise<T>): Promise<T> {
    // No owner (a delivery's connection, a webhook attempt): those are already limited per customer
    // where they are queued, and one shared queue here would let one customer hold up everyone.
    if (owner === '') return work();
    let slots = this.owners.get(owner);
    if (!slots) this.owners.set(owner, (slots = { running: 0, waiting: [] }));
    const own = slots;
    if (own.running >= this.settings.perOwnerConcurrency) await new Promise<void>((go) => own.waiting.push(go));
    else own.running++;
    try {
      return await work();
    } finally {
      const next = own.waiting.shift();
      // The slot passes straight to the next in line; the owner's entry goes when nobody is left.
      if (next) next();
      else if (--own.running === 0) this.owners.delete(owner);
    }
  }
}
