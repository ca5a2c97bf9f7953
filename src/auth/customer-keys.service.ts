import { Injectable } from '@nestjs/common';
import type { CustomerMode } from '../customers';
import { TestWorldsService } from '../customers';
import { ApiKey } from './api-key.entity';
import { ApiKeysService, CreatedApiKey } from './api-keys.service';

/** A key with the world it acts in. */
export interface KeyWithMode {
  key: ApiKey;
  mode: CustomerMode;
}

/**
 * A customer's keys in both its worlds, as the people who manage them see them (the operator CLI,
 * the dashboard): one list, each key with its mode; a test key is made in the test world, which
 * is made on the way when it does not exist yet.
 */
@Injectable()
export class CustomerKeysService {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly worlds: TestWorldsService,
  ) {}

  async create(
    liveCustomerId: string,
    mode: CustomerMode,
    name?: string,
  ): Promise<CreatedApiKey & { mode: CustomerMode; worldId: string }> {
    const worldId = mode === 'test' ? (await this.worlds.testWorldOf(liveCustomerId)).id : liveCustomerId;
    return { ...(await this.keys.create(worldId, name)), mode, worldId };
  }

  /** Every key of the live customer and of its test world, oldest first. */
  async list(liveCustomerId: string): Promise<KeyWithMode[]> {
    const worlds = await this.worlds.worldsOf(liveCustomerId);
    const perWorld = await Promise.all(
      worlds.map(async (world) => (await this.keys.list(world.id)).map((key) => ({ key, mode: world.mode }))),
    );
    return perWorld.flat().sort((a, b) => a.key.createdAt.getTime() - b.key.createdAt.getTime());
  }

  /** One key of either world; 404 for any other customer's key, as for an unknown one. */
  async get(liveCustomerId: string, keyId: string): Promise<KeyWithMode> {
    const worlds = await this.worlds.worldsOf(liveCustomerId);
    const key = await this.keys.getAmong(
      worlds.map((world) => world.id),
      keyId,
    );
    return { key, mode: worlds.find((world) => world.id === key.customerId)!.mode };
  }

  /** Revokes one key of either world; 404 for any other customer's key. */
  async revoke(liveCustomerId: string, keyId: string): Promise<ApiKey> {
    const { key } = await this.get(liveCustomerId, keyId);
    return this.keys.revoke(key.id, key.customerId);
  }
}
