import { Server } from 'node:http';
import { PortInUseError } from '../../port-in-use';
import { portOf, serveSidePort } from './side-port';

describe('A side port (METRICS_PORT, HEALTH_PORT)', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((server) => server.close()));

  it('answers with its length and no caching, the body left out for HEAD', async () => {
    const server = await serveSidePort('METRICS_PORT', 0, '127.0.0.1', async (request) => ({
      status: 200,
      contentType: 'text/plain',
      body: `seen ${request.url}`,
    }));
    servers.push(server);
    const get = await fetch(`http://127.0.0.1:${portOf(server)}/metrics?x=1`);
    expect([get.status, get.headers.get('cache-control'), await get.text()]).toEqual([
      200,
      'no-store',
      'seen /metrics?x=1',
    ]);
    const head = await fetch(`http://127.0.0.1:${portOf(server)}/metrics`, { method: 'HEAD' });
    expect([head.headers.get('content-length'), await head.text()]).toEqual(['13', '']);
  });

  it('explains a busy port in the words of its setting', async () => {
    const first = await serveSidePort('HEALTH_PORT', 0, '127.0.0.1', async () => ({
      status: 200,
      contentType: 'text/plain',
      body: '',
    }));
    servers.push(first);
    const taken = serveSidePort('HEALTH_PORT', portOf(first), '127.0.0.1', async () => ({
      status: 200,
      contentType: 'text/plain',
      body: '',
    }));
    await expect(taken).rejects.toBeInstanceOf(PortInUseError);
    await expect(taken).rejects.toThrow(/set HEALTH_PORT to a free port/);
  });
});
