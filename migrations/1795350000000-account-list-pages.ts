import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account list is paged by keyset: WHERE customer_id, tenant_id AND (created_at, id) > cursor,
 * ORDER BY created_at, id, LIMIT. The foundation's (customer_id, tenant_id, created_at) stops short
 * of id, so the planner read all of a tenant's accounts, filtered them by the cursor and sorted
 * them for every page (EXPLAIN); with id in the index a page reads its own rows, in order. The new
 * index does all the old one did, so the old one goes.
 *
 * Plain CREATE INDEX, in the migration's transaction: connected_accounts is small next to the
 * posts, and CONCURRENTLY cannot run inside a transaction.
 */
export class AccountListPages1795350000000 implements MigrationInterface {
  name = 'AccountListPages1795350000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX connected_accounts_tenant_page_idx ON connected_accounts (customer_id, tenant_id, created_at, id);
      DROP INDEX connected_accounts_tenant_idx;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX connected_accounts_tenant_idx ON connected_accounts (customer_id, tenant_id, created_at);
      DROP INDEX connected_accounts_tenant_page_idx;
    `);
  }
}
