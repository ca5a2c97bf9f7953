import { request as httpRequest } from 'node:http';
import { Logger } from '@nestjs/common';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { requestAuthUrl, startEmulatedApp } from '../support/connect-flow';
import { capturingLogger } from '../support/log-capture';
import { TestApp, TestCustomer } from '../support/test-app';

interface LogLine {
  level: string;
  msg: string;
  requestId?: string;
  reqId?: string;
  context?: string;
}

const REDIRECT = 'https://app.example.com/connected';

/** Every line logged while serving a request names the request, down to the services' own lines. */
describe('Request-scoped logging', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  const logs = capturingLogger();
  const lines = (): LogLine[] =>
    logs
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    t = await startEmulatedApp({
      logger: logs.logger,
      // A route that logs from inside its handler after a JSON body was read: the body is read in
      // the socket's context, the case where the request's context is easiest to lose.
      beforeRoutes: (adapter) =>
        adapter.getInstance().post('/logging-probe', async (request) => {
          await new Promise((resolve) => setImmediate(resolve));
          new Logger('Probe').warn({ msg: 'probe handled', body: request.body });
          return { ok: true };
        }),
    });
    customer = await t.createCustomer();
    await t.app.get(RedirectUrlsService).add(customer.id, REDIRECT);
  });
  afterAll(async () => {
    await fetch(`${t.baseUrl}/emulator/control/faults`, { method: 'DELETE' });
    await t.close();
  });

  it("a service's warning while serving a callback carries that request's id, as does the request's own line", async () => {
    await fetch(`${t.baseUrl}/emulator/control/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ network: 'x', fault: 'server_error' }),
    });
    const authUrl = new URL(
      (await requestAuthUrl(t, customer.apiKey, { network: 'x', tenantId: 'logged', redirectUri: REDIRECT })).body.data
        .auth_url,
    );
    authUrl.searchParams.set('emulator_auto', 'approve');
    const callbackUrl = (await fetch(authUrl, { redirect: 'manual' })).headers.get('location')!;
    const callback = await fetch(callbackUrl, { redirect: 'manual', headers: { 'X-Request-Id': 'req-callback-1' } });
    expect(new URL(callback.headers.get('location')!).searchParams.get('error')).toBe('network_error');

    const warning = lines().find((line) => line.msg === 'Connecting failed at the network');
    expect(warning).toMatchObject({ level: 'warn', requestId: 'req-callback-1' });
    const ofCallback = lines().filter((line) => line.requestId === 'req-callback-1' || line.reqId === 'req-callback-1');
    expect(ofCallback.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['Connecting failed at the network', 'request']),
    );
    for (const line of ofCallback) expect(line.requestId).toBe('req-callback-1');
  });

  it('a line logged by a handler after the JSON body was read carries the id, and requests never share one', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        fetch(`${t.baseUrl}/logging-probe`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Request-Id': `req-probe-${n}` },
          body: JSON.stringify({ n }),
        }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const probes = lines().filter((line) => line.msg === 'probe handled') as Array<LogLine & { body: { n: number } }>;
    expect(probes).toHaveLength(3);
    for (const probe of probes) expect(probe.requestId).toBe(`req-probe-${probe.body.n}`);
  });

  it('the id holds when the body arrives in pieces, well after the headers', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const outgoing = httpRequest(`${t.baseUrl}/logging-probe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'req-probe-slow', 'Content-Length': 9 },
      });
      outgoing.on('response', (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      outgoing.on('error', reject);
      outgoing.flushHeaders();
      setTimeout(() => outgoing.write('{"n":'), 50);
      setTimeout(() => outgoing.end('"4"}'), 100);
    });
    expect(status).toBe(200);
    expect(
      lines().find(
        (line) =>
          line.msg === 'probe handled' &&
          line.requestId !== undefined &&
          (line as LogLine & { body: { n: string } }).body.n === '4',
      ),
    ).toBeDefined();
    expect(
      lines()
        .filter((line) => line.msg === 'probe handled')
        .every((line) => line.requestId?.startsWith('req-probe')),
    ).toBe(true);
  });

  it('lines written outside any request carry no request id', () => {
    new Logger('Outside').warn('not serving anything');
    expect(lines().find((line) => line.msg === 'not serving anything')).not.toHaveProperty('requestId');
  });
});
