import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:net';
import { freePort } from '../support/free-port';
import { assertServiceBuilt, childEnv, ServiceProcess, startServiceProcess } from '../support/service-process';
import { createTestDatabase, TestDatabase } from '../support/test-database';

function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * METRICS_PORT as main.ts serves it (real processes from dist/): an API process and a worker each
 * answer /metrics on their own port, the API's port does not, and a taken port is one line naming
 * METRICS_PORT.
 */
describe('METRICS_PORT in the built service (real processes)', () => {
  let db: TestDatabase;
  let env: NodeJS.ProcessEnv;
  const started: ServiceProcess[] = [];

  beforeAll(async () => {
    assertServiceBuilt();
    db = await createTestDatabase();
    env = childEnv({
      DATABASE_URL: db.url,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    });
  }, 120_000);
  afterAll(async () => {
    for (const service of started) await service.stop();
    await db?.drop();
  });

  it('serves /metrics on METRICS_PORT from an API and a worker process, never on the API port', async () => {
    const [port, apiMetrics, workerMetrics, health] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const api = startServiceProcess({
      ...env,
      ROLE: 'api',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      METRICS_PORT: String(apiMetrics),
    });
    started.push(api);
    await api.waitFor('Listening');
    const worker = startServiceProcess({
      ...env,
      ROLE: 'worker',
      HEALTH_PORT: String(health),
      METRICS_PORT: String(workerMetrics),
    });
    started.push(worker);
    await worker.waitFor('Worker running');

    expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
    const fromApi = await (await fetch(`http://127.0.0.1:${apiMetrics}/metrics`)).text();
    expect(fromApi).toContain('sps_http_requests_total{method="GET",route="/health/live",status="200"} 1');
    expect(fromApi).toContain('process_cpu_user_seconds_total');
    const fromWorker = await (await fetch(`http://127.0.0.1:${workerMetrics}/metrics`)).text();
    expect(fromWorker).toMatch(/^sps_workers [1-9]/m);
    expect(fromWorker).toContain('sps_queue_due{lane="publish"}');
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${health}/metrics`)).status).toBe(404);
    expect(api.output()).toContain('"metricsPort":' + apiMetrics);
  }, 120_000);

  it('a taken METRICS_PORT: one line naming the port and METRICS_PORT, exit code 1', async () => {
    const metricsPort = await freePort();
    const blocker = await occupy(metricsPort);
    try {
      const port = await freePort();
      const service = startServiceProcess({
        ...env,
        ROLE: 'api',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        METRICS_PORT: String(metricsPort),
      });
      const code = await new Promise<number | null>((resolve) => service.child.once('exit', resolve));
      const failure = service
        .output()
        .split('\n')
        .filter((line) => line && !line.startsWith('{'));
      expect(code).toBe(1);
      expect(failure).toEqual([
        expect.stringMatching(new RegExp(`^Failed to start: .*port ${metricsPort}.*\\bMETRICS_PORT\\b`)),
      ]);
    } finally {
      blocker.close();
    }
  }, 120_000);
});
