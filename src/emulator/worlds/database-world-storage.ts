import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { ApiKeysService } from '../../auth';
import { ConnectStore } from '../../connect';
import { hashSecret } from '../../connect';
import { Database } from '../../database';
import type { Transaction } from '../../database';
import { TestWorldApps } from '../../networks';
import { AppCredentials } from '../../networks';
import { ServingEmulatorState } from '../registry/emulated-network';
import { EmulatorState } from '../state/emulator-state';
import { EmulatorSnapshot, snapshotOf, stateFromSnapshot } from '../state/state-snapshot';
import { isWorldId } from '../../networks';
import { EmulatorWorldsStore } from './emulator-worlds.store';
import { KeyWorld, WorldStorage } from './world-storage';

/**
 * Test worlds in PostgreSQL: one emulator_worlds row per world, its whole state as JSON. A request
 * locks its world's row for its transaction (SELECT … FOR UPDATE), so requests of one world run one
 * after another across every instance, and worlds never wait on each other; within an instance
 * they wait their turn in memory first (WorldAdmission), so at most one connection per world and
 * instance waits on the lock. The row is made, with the seeded start, on the world's first request.
 */
@Injectable()
export class DatabaseWorldStorage implements WorldStorage {
  /**
   * The transaction of the world request running: the consent page's check of its state runs in it,
   * so a request never needs a second pool connection while it holds one (which, with every
   * connection held by such requests, would wait forever).
   */
  private readonly openTransaction = new AsyncLocalStorage<Transaction>();

  constructor(
    private readonly database: Database,
    private readonly worlds: EmulatorWorldsStore,
    private readonly connectState: ConnectStore,
    private readonly apiKeys: ApiKeysService,
    private readonly worldApps: TestWorldApps,
    /** The default world: only its registry (the networks served) is used here. */
    private readonly template: EmulatorState,
  ) {}

  async withWorld<T>(world: string, work: (state: ServingEmulatorState) => Promise<T>): Promise<T> {
    const app = this.worldApps.appOf(world);
    const served = await this.database.transaction(async (transaction) => {
      const snapshot = isWorldId(world)
        ? ((await this.worlds.lockedSnapshot(world, transaction)) ?? (await this.seeded(world, transaction)))
        : undefined;
      if (!snapshot) return { found: false as const };
      const state = this.loaded(world, snapshot, app);
      const before = JSON.stringify(snapshotOf(state, [app.clientId]));
      const result = await this.openTransaction.run(transaction, () => work(state));
      const after = JSON.stringify(snapshotOf(state, [app.clientId]));
      // Only a request that changed the world writes it: reads (and refused calls) take no row version.
      if (after !== before) await this.worlds.save(world, after, transaction);
      return { found: true as const, result };
    });
    if (served.found) return served.result;
    // No such world: a new world's state stands in, never stored, so the answer is the one an
    // existing world gives the same (wrong) credentials, and never tells which worlds exist.
    const standIn = snapshotOf(new EmulatorState({ registry: this.template.registry, world }));
    return work(this.loaded(world, standIn, app));
  }

  /** The world's state from its snapshot, its own app known to it (its secret derives from the current key, never stored). */
  private loaded(world: string, snapshot: EmulatorSnapshot, app: AppCredentials): ServingEmulatorState {
    const state = stateFromSnapshot(this.template.registry, snapshot, { world }) as ServingEmulatorState;
    state.apps.closeToStrangers();
    state.apps.register(app.clientId, app.clientSecret);
    return state;
  }

  async startedConnect(world: string, oauthState: string): Promise<boolean> {
    if (oauthState.length > 200) return false;
    return this.connectState.isOpenAttempt(hashSecret(oauthState), world, this.openTransaction.getStore());
  }

  async worldOfKey(presentedKey: string): Promise<KeyWorld> {
    const caller = await this.apiKeys.authenticate(presentedKey);
    if (!caller) return undefined;
    return caller.mode === 'test' ? { mode: 'test', world: caller.customerId } : { mode: 'live' };
  }

  /** Makes the world's row if the id is a test world's (two first requests at once make one), then locks it. */
  private async seeded(world: string, transaction: Transaction): Promise<EmulatorSnapshot | undefined> {
    await this.worlds.seed(
      world,
      snapshotOf(new EmulatorState({ registry: this.template.registry, world })),
      transaction,
    );
    return this.worlds.lockedSnapshot(world, transaction);
  }
}
