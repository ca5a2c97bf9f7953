import { listInWords } from '../../common/text/list-in-words';
import { RegisteredNetwork } from './registered-network';

/**
 * The emulated networks one emulator serves, in registration order. Built once; a clash of ids,
 * aliases or path prefixes, or a network registered before one it depends on, is refused at once
 * (a mistake in the list, not something to discover from a request).
 */
export class EmulatorRegistry<Network extends RegisteredNetwork = RegisteredNetwork> {
  private readonly byName = new Map<string, Network>();

  constructor(readonly networks: readonly Network[]) {
    const prefixes = new Set<string>();
    for (const network of networks) {
      for (const name of [network.id, ...network.aliases]) {
        if (this.byName.has(name)) throw new Error(`Two emulated networks claim the name "${name}"`);
        this.byName.set(name, network);
      }
      if (prefixes.has(network.pathPrefix) || network.pathPrefix === '/control')
        throw new Error(`The emulator path ${network.pathPrefix} is taken`);
      prefixes.add(network.pathPrefix);
      for (const dependency of network.dependsOn ?? []) {
        if (this.byName.get(dependency.network)?.id !== dependency.network || dependency.network === network.id) {
          throw new Error(
            `The emulated network ${network.id} depends on ${dependency.network}, which must be registered before it`,
          );
        }
      }
    }
  }

  get ids(): string[] {
    return this.networks.map((network) => network.id);
  }

  /** "facebook, instagram or x". */
  describeIds(): string {
    return listInWords(this.ids);
  }

  /** The network for a name from a test or script: its id or an alias, in any case. */
  find(name: unknown): Network | undefined {
    return typeof name === 'string' ? this.byName.get(name.trim().toLowerCase()) : undefined;
  }
}
