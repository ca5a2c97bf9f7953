import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import type { AppConfig } from '../config';
import type { Clock } from '../common/clock/clock';
import type { UrlSafety } from '../common/url-safety';
import { DELIVERED_BODY_GRACE_MS, WebhookSender } from './webhook-sender';

/** A receiver that sends its status and headers at once, then `body` and never ends the answer. */
function stallingReceiver(status: number, body: string): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(status, { 'Content-Type': 'text/plain' });
    response.write(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('WebhookSender: the answer of an attempt', () => {
  const servers: Server[] = [];
  afterAll(() =>
    servers.forEach((server) => {
      server.closeAllConnections();
      server.close();
    }),
  );
  const sender = new WebhookSender(
    { webhooks: { timeoutMs: 8000 } } as AppConfig,
    { check: async () => ({ ok: true }), connectLookup: () => undefined } as unknown as UrlSafety,
    { now: () => new Date() } as Clock,
  );
  const send = async (server: Server) =>
    sender.send({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
      secret: 'whsec_test',
      eventId: 'evt_1',
      body: '{"type":"post.published"}',
    });

  it('counts a 2xx whose body stalls as delivered, with the bytes that came, long before the timeout', async () => {
    const server = await stallingReceiver(200, 'accepted, still thinking');
    servers.push(server);
    const result = await send(server);
    expect(result).toEqual(
      expect.objectContaining({ statusCode: 200, error: null, responsePrefix: 'accepted, still thinking' }),
    );
    expect(result.durationMs).toBeLessThan(8000);
    expect(result.durationMs).toBeGreaterThanOrEqual(DELIVERED_BODY_GRACE_MS - 50);
  });

  it('reads a failure until the timeout, as before: a 500 that stalls is an attempt with no answer', async () => {
    const fast = new WebhookSender(
      { webhooks: { timeoutMs: 1500 } } as AppConfig,
      { check: async () => ({ ok: true }), connectLookup: () => undefined } as unknown as UrlSafety,
      { now: () => new Date() } as Clock,
    );
    const server = await stallingReceiver(500, 'oops');
    servers.push(server);
    const result = await fast.send({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
      secret: 'whsec_test',
      eventId: 'evt_2',
      body: '{}',
    });
    expect(result).toEqual(expect.objectContaining({ statusCode: null, error: 'No answer within 1500 ms' }));
  });
});
