import request from 'supertest';
import { MIGRATIONS } from '../../migrations';
import { createTestDatabase } from '../support/test-database';
import { FreezableProxy } from '../support/tcp-proxy';
import { startTestApp, TestApp } from '../support/test-app';
import { until } from '../support/until';

describe('Database: migrations across instances, and a database that stops answering', () => {
  it('migrates once when several instances boot against one empty database at the same time', async () => {
    const db = await createTestDatabase();
    const apps: TestApp[] = await Promise.all([1, 2, 3].map(() => startTestApp({ databaseUrl: db.url })));
    try {
      const migrations = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
      expect(migrations.map((m) => m.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
      for (const t of apps) expect((await request(t.server).get('/health')).status).toBe(200);
    } finally {
      for (const t of apps) await t.close();
      await db.drop();
    }
  });

  describe('when Postgres hangs instead of refusing', () => {
    let t: TestApp;
    let proxy: FreezableProxy;
    let apiKey: string;

    beforeAll(async () => {
      const db = await createTestDatabase();
      const target = new URL(db.url);
      proxy = new FreezableProxy(target.hostname, Number(target.port));
      await proxy.start();
      const throughProxy = new URL(db.url);
      throughProxy.port = String(proxy.port);
      t = await startTestApp({ databaseUrl: throughProxy.toString(), env: { DATABASE_QUERY_TIMEOUT_MS: '1500' } });
      t.db.drop = async () => db.drop();
      apiKey = (await t.createCustomer()).apiKey;
    });
    afterAll(async () => {
      await t.app.close();
      await proxy.stop();
      await t.db.drop();
    });

    const list = () =>
      request(t.server).get('/api/v1/social-accounts?tenantId=t').set('Authorization', `Bearer ${apiKey}`);

    it('answers 503 within the query timeout rather than hanging, and recovers after', async () => {
      expect((await list()).status).toBe(200);
      proxy.freeze();

      const started = Date.now();
      const during = await list();
      expect(during.status).toBe(503);
      expect(during.body.error.code).toBe('database_unavailable');
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await request(t.server).get('/health')).status).toBe(503);

      proxy.thaw();
      const after = await until(
        'the API to answer again',
        async () => {
          const response = await list();
          return response.status === 200 && response;
        },
        10_000,
        250,
      );
      expect(after.status).toBe(200);
    });
  });
});
