import { Server } from 'node:http';
import request from 'supertest';
import { DrainState } from '../../src/health/drain-state';
import { Readiness } from '../../src/health/readiness';
import { startWorkerHealthServer } from '../../src/health/worker-health-server';
import { startTestApp, TestApp } from '../support/test-app';

describe('Liveness and readiness probes', () => {
  let t: TestApp;
  let workerProbes: Server;

  beforeAll(async () => {
    t = await startTestApp();
    // What main.ts starts for ROLE=worker with HEALTH_PORT set (port 0: any free one).
    workerProbes = await startWorkerHealthServer(t.app.get(Readiness), 0, '127.0.0.1');
  });
  afterAll(async () => {
    workerProbes.close();
    await t.close();
  });

  it('answers /health/live and /health/ready without a key, and /health as before', async () => {
    const live = await request(t.server).get('/health/live');
    expect({ status: live.status, body: live.body }).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await request(t.server).get('/health/ready');
    expect({ status: ready.status, body: ready.body }).toEqual({
      status: 200,
      body: { status: 'ready', database: 'up' },
    });
    const health = await request(t.server).get('/health');
    expect({ status: health.status, body: health.body }).toEqual({
      status: 200,
      body: { status: 'ok', database: 'up' },
    });
  });

  it('documents both probes as public in the OpenAPI document', async () => {
    const doc = (await request(t.server).get('/api/docs.json')).body as {
      paths: Record<string, { get?: { security?: unknown[] } }>;
    };
    for (const path of ['/health', '/health/live', '/health/ready'])
      expect({ path, security: doc.paths[path]?.get?.security }).toEqual({ path, security: [] });
  });

  it('serves only the two probes on a worker’s health port', async () => {
    expect((await request(workerProbes).get('/health/live')).body).toEqual({ status: 'ok' });
    const ready = await request(workerProbes).get('/health/ready');
    expect({ status: ready.status, body: ready.body }).toEqual({
      status: 200,
      body: { status: 'ready', database: 'up' },
    });
    for (const path of ['/health', '/api/v1/social-accounts', '/dashboard', '/emulator/x']) {
      const response = await request(workerProbes).get(path);
      expect({ path, status: response.status, code: response.body.error?.code }).toEqual({
        path,
        status: 404,
        code: 'not_found',
      });
    }
    expect((await request(workerProbes).post('/health/ready')).status).toBe(405);
  });

  // Last: the process stays draining.
  it('answers /health/ready 503 not_ready in the envelope once draining, while /health/live stays 200', async () => {
    t.app.get(DrainState).startDraining();
    const ready = await request(t.server).get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers['retry-after']).toBe('1');
    expect(ready.body).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'not_ready', requestId: expect.any(String) }),
    });
    expect((await request(t.server).get('/health/live')).status).toBe(200);
    const worker = await request(workerProbes).get('/health/ready');
    expect({ status: worker.status, code: worker.body.error?.code }).toEqual({ status: 503, code: 'not_ready' });
  });
});
