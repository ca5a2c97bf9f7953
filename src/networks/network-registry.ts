import { Injectable } from '@nestjs/common';
import { NetworkAdapter } from './network-adapter';

/** No installed adapter has this id or alias. A controller answering HTTP turns it into its 404. */
export class UnknownNetworkError extends Error {
  constructor(
    readonly requested: string,
    readonly supported: string[],
  ) {
    super(`Unknown network "${requested}". Supported: ${supported.join(', ')}`);
    this.name = 'UnknownNetworkError';
  }
}

/**
 * Every installed network adapter by id and alias. Built once at start; two adapters claiming the
 * same id or alias stop the service from starting.
 */
@Injectable()
export class NetworkRegistry {
  private readonly byName = new Map<string, NetworkAdapter>();

  constructor(readonly adapters: readonly NetworkAdapter[]) {
    for (const adapter of adapters) {
      for (const name of [adapter.id, ...adapter.aliases]) {
        const existing = this.byName.get(name);
        if (existing) {
          throw new Error(
            `Two network adapters claim the id "${name}": ${existing.displayName} and ${adapter.displayName}`,
          );
        }
        this.byName.set(name, adapter);
      }
    }
  }

  /** The ids emitted in `platform`, in installation order. */
  get ids(): string[] {
    return this.adapters.map((adapter) => adapter.id);
  }

  find(name: string): NetworkAdapter | undefined {
    return this.byName.get(name.trim().toLowerCase());
  }

  /** The adapter for a name (id or alias); throws UnknownNetworkError, listing the supported ids, when there is none. */
  get(name: string): NetworkAdapter {
    const adapter = this.find(name);
    if (!adapter) throw new UnknownNetworkError(name, this.ids);
    return adapter;
  }
}
