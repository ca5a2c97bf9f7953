import { DatabaseHealth } from '../database/database-health';
import { DrainState } from './drain-state';
import { Readiness } from './readiness';

function readiness(databaseUp: boolean) {
  const drain = new DrainState();
  const database = { isUp: async () => databaseUp } as DatabaseHealth;
  return { drain, readiness: new Readiness(database, drain) };
}

describe('Readiness', () => {
  it('is ready with the database up and no drain', async () => {
    expect(await readiness(true).readiness.check()).toEqual({ ready: true, database: 'up', draining: false });
  });

  it('is not ready with the database down', async () => {
    expect(await readiness(false).readiness.check()).toEqual({ ready: false, database: 'down', draining: false });
  });

  it('is not ready once draining, whatever the database says', async () => {
    const { drain, readiness: probe } = readiness(true);
    drain.startDraining();
    expect(await probe.check()).toEqual({ ready: false, database: 'up', draining: true });
  });
});
