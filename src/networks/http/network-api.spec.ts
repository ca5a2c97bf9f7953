import { HttpService } from '@nestjs/axios';
import axios from 'axios';
import { createServer, Server, ServerResponse } from 'node:http';
import { NetworkApi } from './network-api';
import { NetworkHttpClient } from './network-http.client';

const FILE = Buffer.from(Array.from({ length: 5000 }, (_, index) => index % 251));

describe('NetworkApi.openDownload, against a real origin', () => {
  const api = new NetworkApi(
    new NetworkHttpClient(new HttpService(axios.create())),
    'facebook',
    'https://graph.example.com',
    () => undefined,
  );
  let server: Server;
  let origin: string;
  /** Paths whose answer the origin saw closed before it was sent whole. */
  const cutOff: string[] = [];

  const routes: Record<string, (response: ServerResponse) => void> = {
    '/sized.mp4': (response) =>
      response.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': FILE.length }).end(FILE),
    // No Content-Length: chunked, and never ended, as a live stream would be.
    '/unsized.mp4': (response) => void response.writeHead(200, { 'Content-Type': 'video/mp4' }).write(FILE),
    '/gzipped.mp4': (response) =>
      response.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Length': 10 }).end(Buffer.alloc(10)),
    '/short.mp4': (response) => {
      response.writeHead(200, { 'Content-Length': FILE.length }).write(FILE.subarray(0, 1000));
      setTimeout(() => response.destroy(), 50);
    },
    '/missing.mp4': (response) => response.writeHead(404).end(),
    '/busy.mp4': (response) => response.writeHead(503).end(),
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      response.on('close', () => {
        if (!response.writableFinished) cutOff.push(request.url ?? '');
      });
      (routes[request.url ?? ''] ?? ((answer: ServerResponse) => answer.writeHead(404).end()))(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  async function readAll(pieces: AsyncIterable<Buffer>): Promise<Buffer> {
    const read: Buffer[] = [];
    for await (const piece of pieces) read.push(piece);
    return Buffer.concat(read);
  }

  it('gives the size its origin announced, then exactly those bytes', async () => {
    const medium = await api.openDownload(`${origin}/sized.mp4`, FILE.length);
    expect([medium.size, medium.contentType]).toEqual([FILE.length, 'video/mp4']);
    expect((await readAll(medium.pieces)).equals(FILE)).toBe(true);
    medium.close();
  });

  it('refuses for good, and lets go of the connection, a medium of no announced size', async () => {
    await expect(api.openDownload(`${origin}/unsized.mp4`, FILE.length)).rejects.toMatchObject({
      kind: 'permanent',
      details: { code: 'media_size_unknown' },
    });
    await expect(api.openDownload(`${origin}/gzipped.mp4`, FILE.length)).rejects.toMatchObject({
      kind: 'permanent',
      details: { code: 'media_size_unknown' },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cutOff).toContain('/unsized.mp4');
  });

  it('refuses for good a medium larger than the limit, before reading it', async () => {
    await expect(api.openDownload(`${origin}/sized.mp4`, FILE.length - 1)).rejects.toMatchObject({
      kind: 'permanent',
      details: { code: 'media_too_large' },
    });
  });

  it('fails for a retry when the body falls short of its announced size', async () => {
    const medium = await api.openDownload(`${origin}/short.mp4`, FILE.length);
    await expect(readAll(medium.pieces)).rejects.toMatchObject({
      kind: 'transient',
      message: expect.stringMatching(/could not be downloaded/),
    });
    medium.close();
  });

  it("classifies an origin's HTTP errors as download does", async () => {
    await expect(api.openDownload(`${origin}/missing.mp4`, FILE.length)).rejects.toMatchObject({
      kind: 'permanent',
      details: { code: 'media_unavailable' },
    });
    await expect(api.openDownload(`${origin}/busy.mp4`, FILE.length)).rejects.toMatchObject({ kind: 'transient' });
  });
});
