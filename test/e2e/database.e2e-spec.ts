import { DataSource } from 'typeorm';
import { ADVISORY_LOCK_IDS } from '../../src/database/advisory-locks';
import { Database } from '../../src/database/database';
import { startTestApp, TestApp } from '../support/test-app';

describe('Database (the one way to Postgres for stores and to a transaction for services)', () => {
  let t: TestApp;
  let database: Database;

  beforeAll(async () => {
    t = await startTestApp();
    database = t.app.get(Database);
    await t.app.get(DataSource).query('CREATE TABLE database_probe (id int PRIMARY KEY, label text NOT NULL)');
  });
  afterAll(() => t.close());

  it('answers every command in one shape: the rows returned and the rows changed', async () => {
    expect(await database.execute('INSERT INTO database_probe VALUES (1, $1), (2, $2)', ['one', 'two'])).toEqual({
      rows: [],
      affected: 2,
    });
    expect(await database.execute("UPDATE database_probe SET label = label || '!' RETURNING id", [])).toEqual({
      rows: [{ id: 1 }, { id: 2 }],
      affected: 2,
    });
    expect(await database.execute('DELETE FROM database_probe WHERE id = $1', [99])).toEqual({ rows: [], affected: 0 });
    expect(await database.rows('SELECT id, label FROM database_probe ORDER BY id', [])).toEqual([
      { id: 1, label: 'one!' },
      { id: 2, label: 'two!' },
    ]);
    expect(await database.hot('SELECT label FROM database_probe WHERE id = $1', [2])).toEqual([{ label: 'two!' }]);
  });

  it('runs statements given a transaction in it, and rolls them back with it', async () => {
    const failure = await database
      .transaction(async (transaction) => {
        await database.execute('INSERT INTO database_probe VALUES (3, $1)', ['rolled back'], transaction);
        expect(await database.rows('SELECT label FROM database_probe WHERE id = 3', [], transaction)).toEqual([
          { label: 'rolled back' },
        ]);
        // Outside the transaction the row is not there yet.
        expect(await database.rows('SELECT label FROM database_probe WHERE id = 3', [])).toEqual([]);
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    expect(failure).toBe('roll back');
    expect(await database.rows('SELECT label FROM database_probe WHERE id = 3', [])).toEqual([]);
  });

  it('lets one locked scan through at a time; the other skips', async () => {
    let release!: () => void;
    let entered!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = new Promise<void>((resolve) => (entered = resolve));
    const first = database.lockedScan(ADVISORY_LOCK_IDS.tokenScan, async () => {
      entered(); // the work runs only once the lock is taken
      await held;
      return { scanned: 'first' };
    });
    await holding;
    expect(await database.lockedScan(ADVISORY_LOCK_IDS.tokenScan, async () => ({ scanned: 'second' }))).toEqual({
      ran: false,
    });
    release();
    expect(await first).toEqual({ ran: true, scanned: 'first' });
    expect(await database.lockedScan(ADVISORY_LOCK_IDS.tokenScan, async () => ({ scanned: 'third' }))).toEqual({
      ran: true,
      scanned: 'third',
    });
  });
});
