import { Injectable } from '@nestjs/common';
import { Database } from '../../database';
import type { Transaction } from '../../database';
import { EmulatorSnapshot } from '../state/state-snapshot';

/** One emulator_worlds row per test world (its id is the test customer's), its whole state as JSON. The only way to that table. */
@Injectable()
export class EmulatorWorldsStore {
  constructor(private readonly database: Database) {}

  /** The world's state, its row locked for the transaction (requests of one world run one after another); undefined when it has no row. */
  async lockedSnapshot(world: string, transaction: Transaction): Promise<EmulatorSnapshot | undefined> {
    const [row] = await this.database.rows<{ state: EmulatorSnapshot }>(
      'SELECT state FROM emulator_worlds WHERE world_id = $1 FOR UPDATE',
      [world],
      transaction,
    );
    return row?.state;
  }

  /**
   * Makes the world's row with `state` if `world` is a test customer's id and it has none yet
   * (two first requests at once make one). Reads customers in the same statement: a row exists
   * only for a test customer, whatever happens to the customer meanwhile.
   */
  async seed(world: string, state: EmulatorSnapshot, transaction: Transaction): Promise<void> {
    await this.database.execute(
      `INSERT INTO emulator_worlds (world_id, state, updated_at)
       SELECT id, $2::jsonb, now() FROM customers WHERE id = $1 AND mode = 'test'
       ON CONFLICT (world_id) DO NOTHING`,
      [world, JSON.stringify(state)],
      transaction,
    );
  }

  /** Keeps the world's new state (JSON text, as the caller compared it). */
  async save(world: string, stateJson: string, transaction: Transaction): Promise<void> {
    await this.database.execute(
      'UPDATE emulator_worlds SET state = $2::jsonb, updated_at = now() WHERE world_id = $1',
      [world, stateJson],
      transaction,
    );
  }
}
