import { DeliveryStatus } from '../../src/posts/delivery.entity';
import { postStatusOf } from '../../src/posts/post-status';
import { migrate } from '../schema/schema-file';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const FINAL: DeliveryStatus[] = ['published', 'failed', 'canceled'];

/**
 * A finished post's status is written twice: the database's post_status (the post.completed
 * trigger's event says it) and postStatusOf (src/posts/post-status.ts: views read it from
 * deliveries already in memory, on hot paths where a call to the database would cost a round
 * trip). Every combination of final deliveries goes through both, and they must agree.
 */
describe('post_status and postStatusOf agree on every finished post', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
  });
  afterAll(() => database.drop());

  it('for 0 to 3 deliveries of each final status, at least one in all', async () => {
    const rows = await database.query<{ published: number; failed: number; canceled: number; status: string }>(
      `SELECT p AS published, f AS failed, c AS canceled, post_status(p, f, c, p + f + c) AS status
         FROM generate_series(0, 3) p, generate_series(0, 3) f, generate_series(0, 3) c
        WHERE p + f + c > 0`,
    );
    expect(rows).toHaveLength(63);
    for (const row of rows) {
      const deliveries = FINAL.flatMap((status) =>
        Array.from({ length: row[status as keyof typeof row] as number }, () => ({ status })),
      );
      expect({ ...row, status: postStatusOf(deliveries) }).toEqual(row);
    }
  });
});
