import { ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createInterface } from 'node:readline';
import request from 'supertest';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';
import { WebhookReceiver } from '../support/webhook-receiver';

interface ReceiverLine {
  listening?: number;
  outcome?: 'accepted' | 'duplicate' | 'refused' | 'handled';
  eventId?: string;
  reason?: string;
}

/** examples/webhook-receiver/server.js as a customer runs it: its own process, its JSON lines read back. */
async function runExampleReceiver(
  secret: string,
): Promise<{ child: ChildProcess; url: string; lines: ReceiverLine[] }> {
  const child = spawn(process.execPath, ['examples/webhook-receiver/server.js'], {
    env: { ...process.env, WEBHOOK_SECRET: secret, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: ReceiverLine[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => lines.push(JSON.parse(line) as ReceiverLine));
  const port = await until(
    'the example receiver to listen',
    async () => lines.find((line) => line.listening)?.listening,
  );
  return { child, url: `http://127.0.0.1:${port}/hooks`, lines };
}

describe('The example webhook receiver, against the service', () => {
  let t: TestApp;
  let tap: WebhookReceiver;
  let example: Awaited<ReturnType<typeof runExampleReceiver>>;
  let customer: TestCustomer;
  let secret: string;

  const bearer = () => ({ Authorization: `Bearer ${customer.apiKey}` });
  const post = (headers: Record<string, string>, raw: Buffer) =>
    fetch(example.url, { method: 'POST', headers, body: raw });

  beforeAll(async () => {
    tap = await WebhookReceiver.started();
    t = await startTestApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    customer = await t.createCustomer();
    // A secret the service makes, first pointed at a tap that keeps a genuine delivery's bytes.
    secret = (await request(t.server).put('/api/v1/webhooks').set(bearer()).send({ url: tap.url })).body.data
      .webhookSecret as string;
    example = await runExampleReceiver(secret);
  });
  afterAll(async () => {
    example.child.kill();
    await t.close();
    await tap.down();
  });

  it('accepts genuine deliveries, refuses a tampered one, a stale one and does not handle a replay twice', async () => {
    const captured = await request(t.server).post('/api/v1/webhooks/test').set(bearer());
    const genuine = tap.receiptsOf(captured.body.data.eventId)[0]!;
    const headersOf = (names: string[]) =>
      Object.fromEntries(names.map((name) => [name, String(genuine.headers[name])]));
    const signed = headersOf([
      'content-type',
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
      'x-service-signature',
    ]);

    // The service delivers to the example itself.
    expect(
      (await request(t.server).put('/api/v1/webhooks').set(bearer()).send({ url: example.url, webhook_secret: secret }))
        .status,
    ).toBe(200);
    const direct = await request(t.server).post('/api/v1/webhooks/test').set(bearer());
    expect(direct.body.data).toEqual(expect.objectContaining({ delivered: true, statusCode: 204 }));
    await until('the example to handle it', async () =>
      example.lines.some((line) => line.outcome === 'handled' && line.eventId === direct.body.data.eventId),
    );

    // The captured genuine delivery is accepted once; the same request again is a duplicate, not handled again.
    expect((await post(signed, genuine.raw)).status).toBe(204);
    expect((await post(signed, genuine.raw)).status).toBe(204);
    await until(
      'both outcomes',
      async () =>
        example.lines.filter((line) => line.eventId === genuine.body.id && line.outcome !== 'handled').length >= 2,
    );
    expect(
      example.lines
        .filter((line) => line.eventId === genuine.body.id)
        .map((line) => line.outcome)
        .sort(),
    ).toEqual(['accepted', 'duplicate', 'handled']);

    // A changed body fails both signatures.
    const tampered = Buffer.from(genuine.raw.toString('utf8').replace('"livemode":true', '"livemode":false'));
    expect((await post(signed, tampered)).status).toBe(401);

    // A delivery signed correctly but 10 minutes old is refused: a replay cannot be made later.
    const old = String(Math.floor(Date.now() / 1000) - 600);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const staleSignature = `v1,${createHmac('sha256', key).update(`${genuine.body.id}.${old}.`).update(genuine.raw).digest('base64')}`;
    expect(
      (await post({ ...signed, 'webhook-timestamp': old, 'webhook-signature': staleSignature }, genuine.raw)).status,
    ).toBe(401);
    expect(example.lines.filter((line) => line.outcome === 'refused').map((line) => line.reason)).toEqual([
      'webhook-signature does not match',
      'stale or bad timestamp',
    ]);
  });
});
