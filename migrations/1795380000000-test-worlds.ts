import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Test mode: a customer's test world is a customers row of its own (mode 'test'), linked to its
 * live customer. Everything else is scoped by customer_id already, so a test world's accounts,
 * posts, events and webhook are kept apart from the live ones by the same rule that keeps two
 * customers apart. A live customer has at most one test world (UNIQUE live_customer_id), and the
 * test world goes with it (ON DELETE CASCADE). Customer names stay unique among live customers;
 * a test world carries its live customer's name.
 */
export class TestWorlds1795380000000 implements MigrationInterface {
  name = 'TestWorlds1795380000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE customers
        ADD COLUMN mode text NOT NULL DEFAULT 'live' CONSTRAINT customers_mode_known CHECK (mode IN ('live', 'test')),
        ADD COLUMN live_customer_id text CONSTRAINT customers_one_test_world UNIQUE REFERENCES customers (id) ON DELETE CASCADE,
        -- A live row stands alone; a test row always belongs to a live customer (never to itself).
        ADD CONSTRAINT customers_test_world_linked CHECK (
          (mode = 'live' AND live_customer_id IS NULL) OR (mode = 'test' AND live_customer_id IS NOT NULL AND live_customer_id <> id)
        );
      ALTER TABLE customers DROP CONSTRAINT customers_name_key;
      CREATE UNIQUE INDEX customers_live_name_key ON customers (name) WHERE mode = 'live';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Test worlds cannot exist without the columns: they go, with everything in them (cascade).
    await queryRunner.query(`
      DELETE FROM customers WHERE mode = 'test';
      DROP INDEX customers_live_name_key;
      ALTER TABLE customers ADD CONSTRAINT customers_name_key UNIQUE (name);
      ALTER TABLE customers DROP CONSTRAINT customers_test_world_linked, DROP COLUMN live_customer_id, DROP COLUMN mode;
    `);
  }
}
