import { DataSource, QueryFailedError } from 'typeorm';
import { PreparedStatements } from '../../src/database/prepared-statements';
import { startTestApp, TestApp } from '../support/test-app';

describe('PreparedStatements (hot statements planned once per connection)', () => {
  let t: TestApp;
  let statements: PreparedStatements;
  let dataSource: DataSource;

  beforeAll(async () => {
    t = await startTestApp();
    statements = t.app.get(PreparedStatements);
    dataSource = t.app.get(DataSource);
    await dataSource.query('CREATE TABLE prepared_probe (id int PRIMARY KEY, label text NOT NULL)');
  });
  afterAll(() => t.close());

  const preparedNames = async () =>
    (
      await statements.query<{ name: string; statement: string }>(
        "SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'hot_%'",
        [],
      )
    ).map((row) => row.statement);

  it('runs a statement outside a transaction as a named prepared statement', async () => {
    const sql = 'INSERT INTO prepared_probe (id, label) VALUES ($1, $2) RETURNING id, label';
    expect(await statements.query(sql, [1, 'one'])).toEqual([{ id: 1, label: 'one' }]);
    expect(await statements.query(sql, [2, 'two'])).toEqual([{ id: 2, label: 'two' }]);
    // Sequential calls reuse the pool's most recent idle connection, where it was prepared.
    expect(await preparedNames()).toContain(sql);
  });

  it("runs inside the caller's transaction on its connection", async () => {
    await dataSource
      .transaction(async (manager) => {
        await statements.query('INSERT INTO prepared_probe (id, label) VALUES ($1, $2)', [3, 'rolled back'], manager);
        expect(await statements.query('SELECT label FROM prepared_probe WHERE id = $1', [3], manager)).toEqual([
          { label: 'rolled back' },
        ]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await statements.query('SELECT label FROM prepared_probe WHERE id = $1', [3])).toEqual([]);
  });

  it('reports a failed statement as TypeORM does, with the driver error', async () => {
    const failure = await statements
      .query('INSERT INTO prepared_probe (id, label) VALUES ($1, $2)', [1, 'again'])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect((failure as QueryFailedError & { driverError: { code: string } }).driverError.code).toBe('23505');
  });

  it('survives a column added under it when it names its columns (why hot statements never select *)', async () => {
    const named = 'SELECT id, label FROM prepared_probe WHERE id = $1';
    const star = 'SELECT * FROM prepared_probe WHERE id = $1';
    expect(await statements.query(named, [1])).toEqual([{ id: 1, label: 'one' }]);
    expect(await statements.query(star, [1])).toEqual([{ id: 1, label: 'one' }]);
    await dataSource.query('ALTER TABLE prepared_probe ADD COLUMN added text');
    expect(await statements.query(named, [1])).toEqual([{ id: 1, label: 'one' }]);
    const broken = await statements.query(star, [1]).catch((error: unknown) => error);
    expect(String((broken as Error).message)).toContain('cached plan must not change result type');
  });
});
