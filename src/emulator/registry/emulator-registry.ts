import { EmulatedNetworkDescriptor, NetworkDependency } from './emulated-network';

/** "a, b or c": how the control API lists the networks it accepts. */
function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/**
 * The emulated networks one emulator serves, in registration order. Built once; a clash of ids,
 * aliases or path prefixes, or a network registered before one it depends on, is refused at once
 * (a mistake in the list, not something to discover from a request).
 */
export class EmulatorRegistry {
  private readonly byName = new Map<string, EmulatedNetworkDescriptor>();

  constructor(readonly networks: readonly EmulatedNetworkDescriptor[]) {
    const prefixes = new Set<string>();
    for (const network of networks) {
      for (const name of [network.id, ...network.aliases]) {
        if (this.byName.has(name)) throw new Error(`Two emulated networks claim the name "${name}"`);
        this.byName.set(name, network);
      }
      if (prefixes.has(network.pathPrefix) || network.pathPrefix === '/control') throw new Error(`The emulator path ${network.pathPrefix} is taken`);
      prefixes.add(network.pathPrefix);
      for (const dependency of network.dependsOn ?? []) {
        if (this.byName.get(dependency.network)?.id !== dependency.network || dependency.network === network.id) {
          throw new Error(`The emulated network ${network.id} depends on ${dependency.network}, which must be registered before it`);
        }
      }
    }
  }

  get ids(): string[] {
    return this.networks.map((network) => network.id);
  }

  /** "facebook, instagram or x". */
  describeIds(): string {
    return listed(this.ids);
  }

  /** The network for a name from a test or script: its id or an alias, in any case. */
  find(name: unknown): EmulatedNetworkDescriptor | undefined {
    return typeof name === 'string' ? this.byName.get(name.trim().toLowerCase()) : undefined;
  }

  /** What other networks serve on this one's hosts (Instagram's publishing endpoints on Facebook's Graph). */
  routesRidingOn(id: string): Array<Required<NetworkDependency>['routes']> {
    return this.networks.flatMap((network) => (network.dependsOn ?? []).filter((dependency) => dependency.network === id && dependency.routes).map((dependency) => dependency.routes!));
  }
}
