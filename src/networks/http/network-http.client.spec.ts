import { HttpService } from '@nestjs/axios';
import axios from 'axios';
import { createServer, Server } from 'node:http';
import { UrlSafety } from '../../common/url-safety';
import { AppConfig } from '../../config/app-config';
import {
  fetchStream,
  ForbiddenMediaAddressError,
  NetworkHttpClient,
  NetworkUnreachableError,
} from './network-http.client';

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
      await expect(client.send({ method: 'GET', url, timeoutMs: 700 }, 'x')).rejects.toBeInstanceOf(
        NetworkUnreachableError,
      );
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('PUTs raw bytes with their content type, and answers the headers (an upload part and its ETag)', async () => {
    let received: { method?: string; type?: string; body: Buffer } = { body: Buffer.alloc(0) };
    const server = createServer((request, response) => {
      const pieces: Buffer[] = [];
      request.on('data', (piece: Buffer) => pieces.push(piece));
      request.on('end', () => {
        received = { method: request.method, type: request.headers['content-type'], body: Buffer.concat(pieces) };
        response.writeHead(200, { ETag: '"part-1"' }).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/upload`;
      const bytes = Buffer.from([0, 1, 2, 250, 251, 252]);
      const answer = await client.send(
        {
          method: 'PUT',
          url,
          bytes: { data: bytes, contentType: 'application/octet-stream' },
        },
        'x',
      );
      expect(received).toEqual({ method: 'PUT', type: 'application/octet-stream', body: bytes });
      expect(answer.headers.etag).toBe('"part-1"');
    } finally {
      server.close();
    }
  });

  it('refuses an answer larger than the limit', async () => {
    const server = createServer((_, response) => response.end('x'.repeat(10_000)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/big`;
      await expect(client.send({ method: 'GET', url, maxAnswerBytes: 1000 }, 'x')).rejects.toBeInstanceOf(
        NetworkUnreachableError,
      );
      expect((await client.send({ method: 'GET', url }, 'x')).status).toBe(200);
    } finally {
      server.close();
    }
  });
});

describe('fetchStream: its deadline counts the time spent waiting for the medium, not the time spent elsewhere', () => {
  const http = new HttpService(axios.create());
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('lets its reader take longer than the deadline between reads', async () => {
    const server = createServer((_, response) =>
      response.writeHead(200, { 'Content-Length': 3 * 65536 }).end(Buffer.alloc(3 * 65536)),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const download = await fetchStream(
        http,
        `http://127.0.0.1:${(server.address() as { port: number }).port}/a.mp4`,
        1_000_000,
        {},
        200,
      );
      let read = 0;
      for await (const piece of download.body) {
        read += piece.length;
        await sleep(150);
      }
      expect(read).toBe(3 * 65536);
    } finally {
      server.close();
    }
  });

  it('fails once an origin trickling its bytes has used the deadline up', async () => {
    // Its headers and a first byte at once, then a byte a second.
    const server = createServer((_, response) => {
      response.writeHead(200, { 'Content-Length': 1000 }).write('x');
      const timer = setInterval(() => response.write('x'), 1000);
      response.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const download = await fetchStream(
        http,
        `http://127.0.0.1:${(server.address() as { port: number }).port}/slow.mp4`,
        1_000_000,
        {},
        700,
      );
      const reading = (async () => {
        for await (const piece of download.body) void piece;
      })();
      const failure = await reading.catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(NetworkUnreachableError);
      expect((failure as Error).message).toMatch(/within 700ms of waiting/);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('NetworkHttpClient.download, where private addresses are not allowed', () => {
  const strict = new UrlSafety({ allowPrivateUrls: false } as AppConfig);
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/hop')
        return void response.writeHead(302, { Location: `http://127.0.0.1:${port}/secret.jpg` }).end();
      response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end('secret');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => server.close());

  it('refuses a name that resolves to a loopback address when it connects', async () => {
    const client = new NetworkHttpClient(new HttpService(axios.create()), strict);
    await expect(client.download(`http://localhost:${port}/a.jpg`, 1000)).rejects.toBeInstanceOf(
      ForbiddenMediaAddressError,
    );
    await expect(client.openDownload(`http://localhost:${port}/a.jpg`, 1000)).rejects.toBeInstanceOf(
      ForbiddenMediaAddressError,
    );
  });

  it('refuses a redirect to a literal loopback address', async () => {
    // The first hop is let through (a lookup that allows anything), as a public CDN would be.
    class FirstHopAllowed extends UrlSafety {
      override connectLookup(): undefined {
        return undefined;
      }
    }
    const client = new NetworkHttpClient(
      new HttpService(axios.create()),
      new FirstHopAllowed({ allowPrivateUrls: false } as AppConfig),
    );
    await expect(client.download(`http://localhost:${port}/hop`, 1000)).rejects.toBeInstanceOf(
      ForbiddenMediaAddressError,
    );
    await expect(client.openDownload(`http://localhost:${port}/hop`, 1000)).rejects.toBeInstanceOf(
      ForbiddenMediaAddressError,
    );
    // Without the guard, the same redirect is followed to the private address.
    const unguarded = new NetworkHttpClient(new HttpService(axios.create()));
    expect((await unguarded.download(`http://localhost:${port}/hop`, 1000)).bytes.toString()).toBe('secret');
  });
});
