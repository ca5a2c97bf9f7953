import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A persistent network emulator per test world: the world's whole emulator state (test users,
 * codes and tokens with their ages, objects, faults, the published record, settings) as one JSON
 * document, so a restart or another instance sees the same world. Requests of a world lock its row.
 * The row goes with the test world (ON DELETE CASCADE).
 */
export class EmulatorWorlds1795390000000 implements MigrationInterface {
  name = 'EmulatorWorlds1795390000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE emulator_worlds (
        world_id text PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
        state jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE emulator_worlds');
  }
}
