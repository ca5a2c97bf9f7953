import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { LocalDatabase, startLocalDatabase } from '../../src/database/embedded/local-database';
import { freePort } from '../support/free-port';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

/**
 * This file runs its own PostgreSQL server, so that stopping it does not disturb the other test
 * files; the service under test runs through the outage.
 */
describe('Health and database outages', () => {
  let dataDir: string;
  let port: number;
  let postgres: LocalDatabase;
  let t: TestApp;
  let customer: TestCustomer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sps-health-pg-'));
    chmodSync(dataDir, 0o755);
    port = await freePort();
    postgres = await startLocalDatabase({ dataDir, port });
    t = await startTestApp({ databaseUrl: postgres.url });
    customer = await t.createCustomer();
  });
  afterAll(async () => {
    await t.app.close();
    await postgres.stop();
    await t.db.drop();
  });

  const health = () => request(t.server).get('/health');
  const listAccounts = () =>
    request(t.server).get('/api/v1/social-accounts?tenantId=t').set('Authorization', `Bearer ${customer.apiKey}`);

  it('reports up, then down while Postgres is stopped, then up again by itself', async () => {
    const before = await health();
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ status: 'ok', database: 'up' });
    expect((await listAccounts()).status).toBe(200);

    await postgres.stop();

    const during = await health();
    expect(during.status).toBe(503);
    expect(during.body).toEqual({ status: 'unavailable', database: 'down' });

    const apiDuring = await listAccounts();
    expect(apiDuring.status).toBe(503);
    expect(apiDuring.body).toEqual({
      success: false,
      error: { code: 'database_unavailable', message: expect.any(String), requestId: expect.any(String) },
    });
    expect(apiDuring.headers['retry-after']).toBe('5');

    postgres = await startLocalDatabase({ dataDir, port });

    const after = await until('/health to answer 200', async () => {
      const response = await health();
      return response.status === 200 && response;
    });
    expect(after.body).toEqual({ status: 'ok', database: 'up' });
    const apiAfter = await until('the API to answer 200', async () => {
      const response = await listAccounts();
      return response.status === 200 && response;
    });
    expect(apiAfter.body).toEqual({ success: true, data: [], pagination: { nextCursor: null } });
  });
});
