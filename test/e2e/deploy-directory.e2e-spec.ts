import { Server } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// The YAML parser @nestjs/swagger already brings along (as deployment-files.e2e-spec.ts uses it).
import { loadAll } from 'js-yaml';
import request from 'supertest';
import { loadConfig } from '../../src/config/load-config';
import { Readiness } from '../../src/health/readiness';
import { startWorkerHealthServer } from '../../src/health/worker-health-server';
import { ServiceMetrics, startMetricsServer } from '../../src/observability';
import { freePort } from '../support/free-port';
import { KNOWN_SETTINGS } from '../support/known-settings';
import { startTestApp, TestApp } from '../support/test-app';

const DEPLOY = join(__dirname, '..', '..', 'deploy');
const read = (file: string) => readFileSync(join(DEPLOY, file), 'utf8');

interface Probe {
  httpGet: { path: string; port: string | number };
}
interface Container {
  name: string;
  env?: Array<{ name: string; value: string }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  ports: Array<{ name: string; containerPort: number }>;
  livenessProbe: Probe;
  readinessProbe: Probe;
  resources?: { requests?: { cpu?: string } };
}
interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  spec: {
    selector?: { matchLabels?: Record<string, string> } & Record<string, unknown>;
    template?: {
      metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
      spec: { containers: Container[] };
    };
    scaleTargetRef?: { kind: string; name: string };
    metrics?: Array<{ resource?: { name: string } }>;
    ports?: Array<{ targetPort: string }>;
    minAvailable?: number;
  };
}

const manifests = readdirSync(join(DEPLOY, 'kubernetes'))
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) => loadAll(read(join('kubernetes', file))) as Manifest[]);
const ofKind = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);
const configMap = ofKind('ConfigMap')[0]!;
const deployment = (role: 'api' | 'worker') =>
  ofKind('Deployment').find(
    (manifest) => manifest.spec.template!.metadata.labels['app.kubernetes.io/component'] === role,
  )!;
const containerOf = (role: 'api' | 'worker') => deployment(role).spec.template!.spec.containers[0]!;
/** What the process is started with: the ConfigMap, the secrets an operator provides, the container's own env. */
const environmentOf = (role: 'api' | 'worker') => ({
  ...configMap.data,
  DATABASE_URL: 'postgres://sps:secret@db.internal:5432/social_publishing',
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  ...Object.fromEntries((containerOf(role).env ?? []).map(({ name, value }) => [name, value])),
});
const portNumber = (container: Container, port: string | number) =>
  typeof port === 'number' ? port : container.ports.find((named) => named.name === port)?.containerPort;

/** Metric names in a PromQL expression (Prometheus' own `up` aside). */
const metricNames = (expr: string) => [...expr.matchAll(/\b((?:sps|process|nodejs)_[a-z0-9_]+)\b/g)].map((m) => m[1]!);

describe('deploy/: Kubernetes manifests, Prometheus alerts, Grafana dashboard', () => {
  let t: TestApp;
  let metricsServer: Server;
  let workerProbes: Server;
  /** Every family a running app serves on METRICS_PORT, with its type. */
  const families = new Map<string, string>();

  beforeAll(async () => {
    const metricsPort = await freePort();
    t = await startTestApp({ env: { METRICS_PORT: String(metricsPort) } });
    metricsServer = await startMetricsServer(t.app.get(ServiceMetrics), metricsPort, '127.0.0.1');
    workerProbes = await startWorkerHealthServer(t.app.get(Readiness), 0, '127.0.0.1');
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) families.set(name!, type!);
  });
  afterAll(async () => {
    metricsServer?.close();
    workerProbes?.close();
    await t?.close();
  });

  /** True when the name is a family served, or a histogram's or summary's series. */
  const served = (name: string) => {
    if (families.has(name)) return true;
    const base = name.replace(/_(bucket|sum|count)$/, '');
    return base !== name && ['histogram', 'summary'].includes(families.get(base) ?? '');
  };

  describe('kubernetes/', () => {
    it.each(['api', 'worker'] as const)('%s: every variable set is a setting the service knows', (role) => {
      const set = [...Object.keys(configMap.data ?? {}), ...(containerOf(role).env ?? []).map((entry) => entry.name)];
      expect(set.filter((variable) => !KNOWN_SETTINGS.has(variable))).toEqual([]);
      expect(containerOf(role).envFrom).toEqual([
        { configMapRef: { name: configMap.metadata.name } },
        { secretRef: { name: expect.any(String) as string } },
      ]);
    });

    it.each(['api', 'worker'] as const)(
      '%s: the settings are valid for production, with the metrics port exposed and annotated',
      (role) => {
        const config = loadConfig(environmentOf(role));
        expect(config).toMatchObject({ nodeEnv: 'production', role });
        const container = containerOf(role);
        expect(portNumber(container, 'metrics')).toBe(config.metricsPort);
        const annotations = deployment(role).spec.template!.metadata.annotations ?? {};
        expect(annotations['prometheus.io/port']).toBe(String(config.metricsPort));
        expect(annotations['prometheus.io/path']).toBe('/metrics');
        // The HPA scales on CPU utilisation, which needs a CPU request.
        expect(container.resources?.requests?.cpu).toBeDefined();
      },
    );

    it("the API's probes ask routes the API serves, on the port it listens on", async () => {
      const container = containerOf('api');
      const config = loadConfig(environmentOf('api'));
      for (const probe of [container.livenessProbe, container.readinessProbe]) {
        expect(portNumber(container, probe.httpGet.port)).toBe(config.port);
        expect((await request(t.server).get(probe.httpGet.path)).status).toBe(200);
      }
      expect([container.livenessProbe.httpGet.path, container.readinessProbe.httpGet.path]).toEqual([
        '/health/live',
        '/health/ready',
      ]);
    });

    it("the worker's probes ask its health server (HEALTH_PORT), the only HTTP it serves besides its metrics", async () => {
      const container = containerOf('worker');
      const config = loadConfig(environmentOf('worker'));
      expect(config.healthPort).toBeDefined();
      for (const probe of [container.livenessProbe, container.readinessProbe]) {
        expect(portNumber(container, probe.httpGet.port)).toBe(config.healthPort);
        expect((await request(workerProbes).get(probe.httpGet.path)).status).toBe(200);
      }
      expect([container.livenessProbe.httpGet.path, container.readinessProbe.httpGet.path]).toEqual([
        '/health/live',
        '/health/ready',
      ]);
    });

    it('each deployment has a CPU autoscaler and a disruption budget that select it; the service exposes only the API port', () => {
      for (const role of ['api', 'worker'] as const) {
        const { metadata, spec } = deployment(role);
        const hpa = ofKind('HorizontalPodAutoscaler').filter((m) => m.spec.scaleTargetRef?.name === metadata.name);
        expect(hpa).toHaveLength(1);
        expect(hpa[0]!.spec.scaleTargetRef!.kind).toBe('Deployment');
        expect(hpa[0]!.spec.metrics?.map((metric) => metric.resource?.name)).toEqual(['cpu']);
        const pdb = ofKind('PodDisruptionBudget').filter((m) =>
          Object.entries(m.spec.selector?.matchLabels ?? {}).every(([k, v]) => spec.template!.metadata.labels[k] === v),
        );
        expect(pdb).toHaveLength(1);
        expect(pdb[0]!.spec.minAvailable).toBeGreaterThanOrEqual(1);
        expect(spec.selector?.matchLabels).toEqual(spec.template!.metadata.labels);
      }
      const services = ofKind('Service');
      expect(services.map((service) => service.spec.ports?.map((port) => port.targetPort))).toEqual([['http']]);
    });
  });

  describe('prometheus/alerts.yml', () => {
    const groups = (
      loadAll(read('prometheus/alerts.yml'))[0] as {
        groups: Array<{ rules: Array<{ alert: string; expr: string; annotations?: { summary?: string } }> }>;
      }
    ).groups;
    const rules = groups.flatMap((group) => group.rules);

    it('gives every rule a reason, and names each once', () => {
      expect(rules.length).toBeGreaterThanOrEqual(8);
      for (const rule of rules)
        expect({ alert: rule.alert, summary: (rule.annotations?.summary ?? '').length > 20 }).toEqual({
          alert: rule.alert,
          summary: true,
        });
      expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);
    });

    it('covers what the issue asks for: backlog age, failure ratios, webhooks beyond retries, refreshes, the database, heartbeats', () => {
      const exprs = rules.map((rule) => rule.expr).join('\n');
      for (const family of [
        'sps_queue_oldest_due_seconds',
        'sps_network_requests_total',
        'sps_webhook_events_failed_total',
        'sps_token_refreshes_total',
        'sps_db_up',
        'sps_worker_heartbeat_age_seconds',
      ])
        expect(exprs).toContain(family);
    });

    it('names only metrics a running app serves', () => {
      const missing = rules.flatMap((rule) => metricNames(rule.expr)).filter((name) => !served(name));
      expect(missing).toEqual([]);
      expect(families.size).toBeGreaterThan(20);
    });
  });

  describe('grafana/dashboard.json', () => {
    const dashboard = JSON.parse(read('grafana/dashboard.json')) as {
      panels: Array<{ type: string; title: string; targets?: Array<{ expr: string }> }>;
    };
    const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));

    it('names only metrics a running app serves', () => {
      expect(exprs.length).toBeGreaterThan(20);
      expect(exprs.flatMap(metricNames).filter((name) => !served(name))).toEqual([]);
    });

    it('charts every sps_ family the app serves', () => {
      const charted = new Set(exprs.flatMap(metricNames).map((name) => name.replace(/_(bucket|sum|count)$/, '')));
      expect([...families.keys()].filter((name) => name.startsWith('sps_') && !charted.has(name))).toEqual([]);
    });
  });
});
