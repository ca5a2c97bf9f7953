import { Server } from 'node:http';
import request from 'supertest';
import { Database } from '../../src/database';
import { ServiceMetrics, startMetricsServer } from '../../src/observability';
import { RefreshAccountTokenTask } from '../../src/token-lifecycle/refresh-account-token.task';
import { connectAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { freePort } from '../support/free-port';
import { startMediaServer } from '../support/media-server';
import { awaitingRetry, createPost, makeDueNow, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';
import { WebhookReceiver } from '../support/webhook-receiver';

const TENANT = 'tenant-prometheus';
const SECRET = 'whsec-test-0123456789abcdef';

/** One sample line of the exposition: its family, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1]!, label[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/**
 * METRICS_PORT, over real HTTP against the emulator: after a publish (one rate-limited first, so
 * retried), a failure, a webhook attempt and a token refresh, the metrics port shows each family
 * with its labels, the labels bounded (route templates, no ids); the API's port has no /metrics.
 */
describe('Prometheus metrics on METRICS_PORT (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let metricsServer: Server;
  let metricsPort: number;
  let receiver: WebhookReceiver;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let customer: TestCustomer;
  const ids: string[] = [];

  const emulator = (path: string, body: unknown) =>
    fetch(`${t.baseUrl}/emulator/control${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const scrape = async () => {
    const answer = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    return answer.text();
  };
  const find = (all: Sample[], name: string, labels: Record<string, string>) =>
    all.filter((sample) => sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v));

  beforeAll(async () => {
    metricsPort = await freePort();
    media = await startMediaServer();
    t = await startEmulatedApp({
      env: { ALLOW_PRIVATE_URLS: 'true', METRICS_PORT: String(metricsPort), WEBHOOK_TIMEOUT_MS: '2000' },
    });
    // What main.ts starts when METRICS_PORT is set.
    metricsServer = await startMetricsServer(t.app.get(ServiceMetrics), metricsPort, '127.0.0.1');
    receiver = await WebhookReceiver.started();
    customer = await t.createCustomer();
    ids.push(customer.id);
    const put = await request(t.server)
      .put('/api/v1/webhooks')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({ url: receiver.url, webhook_secret: SECRET });
    expect(put.status).toBe(200);
  });
  afterAll(async () => {
    metricsServer?.close();
    await receiver?.down();
    await t?.close();
    await media?.close();
  });

  it('finds every family with its labels after a publish, a failure, a webhook attempt and a refresh; none on the API port', async () => {
    // A publish the network first refuses for its rate limit (retried), then takes.
    const good = await connectAccount(t, customer, 'x', TENANT, { freshUser: true });
    ids.push(good.id, good.networkAccountId);
    expect(
      (await emulator('/faults', { network: 'x', accountId: good.networkAccountId, fault: 'rate_limited', count: 1 }))
        .status,
    ).toBe(201);
    const accepted = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [good.id],
      containers: [{ content: 'Counted by Prometheus', media: [{ url: media.url('photo.jpg') }] }],
    });
    expect(accepted.status).toBe(202);
    const postId = (accepted.body as { data: { id: string; deliveries: Array<{ id: string }> } }).data.id;
    const deliveryId = (accepted.body as { data: { deliveries: Array<{ id: string }> } }).data.deliveries[0]!.id;
    ids.push(postId, deliveryId);
    await awaitingRetry(t, deliveryId, 'rate_limited');
    await makeDueNow(t, deliveryId);
    expect((await settledPost(t, customer, postId)).status).toBe('published');

    // A failure: the network no longer takes the other account's token (the account expires).
    const bad = await connectAccount(t, customer, 'x', TENANT, { freshUser: true });
    ids.push(bad.id, bad.networkAccountId);
    expect(
      (await emulator('/faults', { network: 'x', accountId: bad.networkAccountId, fault: 'token_revoked' })).status,
    ).toBe(201);
    const refused = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [bad.id],
      containers: [{ content: 'Refused' }],
    });
    expect((await settledPost(t, customer, (refused.body as { data: { id: string } }).data.id)).status).toBe('failed');

    // A token refresh: the good account's token is due, and the task refreshes it.
    await t.db.query("UPDATE connected_accounts SET token_expires_at = now() + interval '10 minutes' WHERE id = $1", [
      good.id,
    ]);
    await t.app.get(RefreshAccountTokenTask).run({ accountId: good.id });

    // The webhook attempts of those events (post.published and others) reach the receiver.
    await until('a webhook attempt', () => receiver.receipts.length > 0);
    await until('the attempt counted', async () =>
      (await scrape()).includes('sps_webhook_attempts_total{outcome="delivered"}'),
    );

    // Two statements the database refuses: one through TypeORM, one as a hot prepared statement.
    const database = t.app.get(Database);
    await expect(database.rows('SELECT 1 FROM no_such_table', [])).rejects.toThrow();
    await expect(database.hot('SELECT 1 FROM no_such_table', [])).rejects.toThrow();

    const text = await scrape();
    const all = samples(text);
    const has = (name: string, labels: Record<string, string> = {}) =>
      expect({ name, labels, found: find(all, name, labels).length > 0 }).toEqual({ name, labels, found: true });
    const positive = (name: string, labels: Record<string, string>) => {
      const total = find(all, name, labels).reduce((sum, sample) => sum + sample.value, 0);
      expect({ name, labels, positive: total > 0 }).toEqual({ name, labels, positive: true });
    };

    positive('sps_http_requests_total', { method: 'POST', route: '/api/v1/posts', status: '202' });
    positive('sps_http_requests_total', { method: 'GET', route: '/api/v1/posts/:id', status: '200' });
    has('sps_http_request_duration_seconds_bucket', { method: 'POST', route: '/api/v1/posts', le: '+Inf' });
    positive('sps_deliveries_total', { network: 'x', outcome: 'published' });
    positive('sps_deliveries_total', { network: 'x', outcome: 'retried' });
    positive('sps_deliveries_total', { network: 'x', outcome: 'failed' });
    positive('sps_delivery_latency_seconds_count', { network: 'x' });
    positive('sps_network_requests_total', { network: 'x', operation: 'publish', outcome: 'ok' });
    positive('sps_network_requests_total', { network: 'x', outcome: 'rate_limited' });
    positive('sps_network_requests_total', { network: 'x', operation: 'upload', outcome: 'ok' });
    positive('sps_network_requests_total', { network: 'x', operation: 'refresh', outcome: 'ok' });
    positive('sps_network_requests_total', { network: 'x', operation: 'exchange', outcome: 'ok' });
    has('sps_network_request_duration_seconds_bucket', { network: 'x', operation: 'publish', le: '+Inf' });
    positive('sps_network_rate_limited_total', { network: 'x' });
    for (const lane of ['publish', 'webhook', 'job']) {
      has('sps_queue_due', { lane });
      has('sps_queue_oldest_due_seconds', { lane });
    }
    positive('sps_webhook_attempts_total', { outcome: 'delivered' });
    positive('sps_webhook_attempt_duration_seconds_count', {});
    positive('sps_token_refreshes_total', { network: 'x', outcome: 'refreshed' });
    positive('sps_accounts_expired_total', { network: 'x' });
    positive('sps_db_pool_connections', { state: 'idle' });
    has('sps_db_pool_connections', { state: 'active' });
    has('sps_db_pool_connections', { state: 'waiting' });
    expect(find(all, 'sps_db_query_errors_total', {})[0]!.value).toBeGreaterThanOrEqual(2);
    has('sps_db_up');
    expect(find(all, 'sps_db_up', {})[0]!.value).toBe(1);
    has('sps_worker_heartbeat_age_seconds');
    positive('sps_workers', {});
    // prom-client's process metrics.
    positive('process_cpu_user_seconds_total', {});
    has('nodejs_eventloop_lag_seconds');

    // Bounded labels: no customer, account, post or delivery id anywhere in the exposition.
    for (const id of ids) expect({ id, found: text.includes(id) }).toEqual({ id, found: false });
    // Every route label is a template or `unmatched`.
    for (const sample of all.filter((s) => s.labels.route !== undefined))
      expect(sample.labels.route).toMatch(/^(unmatched|\/[\w\-/.:{}*]*)$/);

    // Nothing on the API's port: /metrics is a route it does not have.
    const onApi = await request(t.server).get('/metrics');
    expect(onApi.status).toBe(404);
    expect(onApi.text).not.toContain('sps_');
    // And the metrics port serves nothing else.
    const elsewhere = await fetch(`http://127.0.0.1:${metricsPort}/api/v1/posts`);
    expect(elsewhere.status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status).toBe(405);
  });
});
