import { Injectable } from '@nestjs/common';
import { ApiException } from '../common/errors/api-exception';
import { NetworkAdapter } from './network-adapter';

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
          throw new Error(`Two network adapters claim the id "${name}": ${existing.displayName} and ${adapter.displayName}`);
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

  /** The adapter for a name given by a client (id or alias), or a 404 `unknown_network` listing the supported ids. */
  get(name: string): NetworkAdapter {
    const adapter = this.find(name);
    if (!adapter) {
      throw new ApiException('unknown_network', `Unknown network "${name}". Supported: ${this.ids.join(', ')}`, undefined, 404);
    }
    return adapter;
  }
}
