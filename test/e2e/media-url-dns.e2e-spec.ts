import { createSocket, Socket } from 'node:dgram';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { connectAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const TENANT = 'tenant-dns';
const DNS_TIMEOUT_MS = 400;

/**
 * The names in customers' media URLs, resolved against a name server that never answers (as an
 * attacker's domain with a silent name server would): each name gives up at DNS_TIMEOUT_MS, a
 * post names at most 20 hosts, and nobody else's requests wait meanwhile.
 */
describe('Media URL names: bounded resolution', () => {
  let silent: Socket;
  let queries = 0;
  let t: TestApp & { baseUrl: string };
  let attacker: TestCustomer;
  let neighbour: TestCustomer;
  let account: string;

  const hosts = (count: number, label: string) =>
    Array.from({ length: count }, (_, index) => ({ url: `https://m${index}.${label}.silent.example/a.jpg` }));
  const validate = (media: Array<{ url: string }>) =>
    request(t.server)
      .post('/api/v1/posts/validate')
      .set('Authorization', `Bearer ${attacker.apiKey}`)
      // A thread of containers of up to 10 media each: each container is within its own limits.
      .send({
        tenant_id: TENANT,
        accounts: [account],
        containers: Array.from({ length: Math.ceil(media.length / 10) }, (_, index) => ({
          content: `part ${index + 1}`,
          media: media.slice(index * 10, index * 10 + 10),
        })),
      });

  beforeAll(async () => {
    silent = createSocket('udp4');
    silent.on('message', () => queries++);
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    t = await startEmulatedApp({
      env: { ALLOW_PRIVATE_URLS: 'false', DNS_SERVERS: `127.0.0.1:${port}`, DNS_TIMEOUT_MS: String(DNS_TIMEOUT_MS) },
    });
    attacker = await t.createCustomer();
    neighbour = await t.createCustomer();
    account = (await connectAccount(t, attacker, 'x', TENANT)).id;
  });
  afterAll(async () => {
    await t?.close();
    silent?.close();
  });

  it('refuses a post whose media URLs name more than 20 hosts, saying so, before resolving any', async () => {
    const before = queries;
    const response = await validate(hosts(21, 'many'));
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([
      { field: 'containers', message: expect.stringMatching(/21 different hosts; at most 20 per post/) },
    ]);
    expect(queries).toBe(before);
  });

  it('gives up on 20 silent names within the bound, and another customer is not kept waiting', async () => {
    const asked = queries;
    const started = Date.now();
    const verdict = validate(hosts(20, 'slow')).then((response) => ({ response, ms: Date.now() - started }));
    // Meanwhile (the silent names are being asked) another customer sets up a webhook (an address
    // literal: no DNS of its own).
    await until('the silent names to be asked', () => queries > asked, 5_000, 10);
    const neighbourStarted = Date.now();
    const webhook = await request(t.server)
      .put('/api/v1/webhooks')
      .set('Authorization', `Bearer ${neighbour.apiKey}`)
      .send({ url: 'https://1.1.1.1/hooks', webhook_secret: 'whsec-neighbour-0123456789abcdef' });
    const neighbourMs = Date.now() - neighbourStarted;
    expect(webhook.status).toBe(200);
    expect(neighbourMs).toBeLessThan(1_500);

    const { response, ms } = await verdict;
    expect(response.status).toBe(200);
    const rules = (response.body.data.problems as Array<{ rule: string }>).map((problem) => problem.rule);
    expect(rules.filter((rule) => rule === 'media_url_unresolvable')).toHaveLength(20);
    // 20 names, 5 at a time for one customer, each giving up at DNS_TIMEOUT_MS: 4 rounds, plus slack.
    expect(ms).toBeLessThan(4 * DNS_TIMEOUT_MS + 3_000);
    expect(queries).toBeGreaterThan(0);
  });

  it('refuses a private media URL, naming the setting that allows it locally (and fetches nothing)', async () => {
    const response = await request(t.server)
      .post('/api/v1/posts/validate')
      .set('Authorization', `Bearer ${attacker.apiKey}`)
      .send({
        tenant_id: TENANT,
        accounts: [account],
        containers: [{ content: 'x', media: [{ url: 'https://10.0.0.5/a.jpg' }] }],
      });
    expect(response.status).toBe(200);
    expect(response.body.data.problems).toEqual([
      {
        field: 'containers[0].media[0].url',
        rule: 'media_url_private',
        message: expect.stringMatching(/private or loopback.*ALLOW_PRIVATE_URLS=true/),
      },
    ]);
    expect(response.body.data.warnings).toEqual([]);
  });

  it('remembers a name that did not resolve for a while instead of asking again', async () => {
    const before = queries;
    const response = await validate(hosts(3, 'slow'));
    expect(response.status).toBe(200);
    expect(queries).toBe(before);
  });
});
