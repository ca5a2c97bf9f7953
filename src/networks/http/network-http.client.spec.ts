import { HttpService } from '@nestjs/axios';
import axios from 'axios';
import { createServer, Server } from 'node:http';
import { NetworkHttpClient, NetworkUnreachableError } from './network-http.client';

/** A real HTTP server on loopback that answers its headers at once, then one byte a second. */
async function tricklingServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((_, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    const timer = setInterval(() => response.write(' '), 1000);
    response.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/slow`, server };
}

describe('NetworkHttpClient', () => {
  const client = new NetworkHttpClient(new HttpService(axios.create()));

  it('bounds the whole exchange, not only the wait for headers', async () => {
    const { url, server } = await tricklingServer();
    try {
      const started = Date.now();
      await expect(client.send({ method: 'GET', url, timeoutMs: 700 })).rejects.toBeInstanceOf(NetworkUnreachableError);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('refuses an answer larger than the limit', async () => {
    const server = createServer((_, response) => response.end('x'.repeat(10_000)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/big`;
      await expect(client.send({ method: 'GET', url, maxAnswerBytes: 1000 })).rejects.toBeInstanceOf(NetworkUnreachableError);
      expect((await client.send({ method: 'GET', url })).status).toBe(200);
    } finally {
      server.close();
    }
  });
});
