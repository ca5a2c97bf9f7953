import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { AppConfig } from '../config/app-config';
import { MediaUrlProbe } from './media-url-probe';
import { UrlSafety } from './url-safety';

/** An origin on loopback: /photo.jpg is there, /gone.jpg is not, /moved redirects, /silent never answers. */
async function origin(): Promise<{ url: (path: string) => string; ranges: string[]; close: () => Promise<void> }> {
  const ranges: string[] = [];
  const server: Server = createServer((request, response) => {
    ranges.push(String(request.headers.range));
    if (request.url === '/photo.jpg') response.writeHead(206, { 'Content-Type': 'image/jpeg' }).end('x');
    else if (request.url === '/moved') response.writeHead(302, { Location: '/photo.jpg' }).end();
    else if (request.url === '/silent') return;
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    ranges,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const config = (allowPrivateUrls: boolean) =>
  ({ allowPrivateUrls, port: 1, publicUrl: 'http://localhost:1' }) as AppConfig;

describe('MediaUrlProbe', () => {
  let served: Awaited<ReturnType<typeof origin>>;
  const local = new MediaUrlProbe(new UrlSafety(config(true)), {
    timeoutMs: 500,
    concurrency: 4,
    perOwnerConcurrency: 1,
    queueWaitMs: 100,
  });
  beforeAll(async () => (served = await origin()));
  afterAll(() => served.close());

  it('takes a file, asking for its first byte only, and follows a redirect to it', async () => {
    expect(await local.probe(served.url('/photo.jpg'))).toEqual({ ok: true, status: 206 });
    expect(await local.probe(served.url('/moved'))).toEqual({ ok: true, status: 206 });
    expect(served.ranges.at(-1)).toBe('bytes=0-0');
  });

  it('says a URL answering 404, or not at all, gives no file', async () => {
    expect(await local.probe(served.url('/gone.jpg'))).toEqual({ ok: false, reason: 'answered HTTP 404' });
    expect(await local.probe(served.url('/silent'))).toEqual({ ok: false, reason: 'did not answer within 0.5 s' });
  });

  it('applies the address checks: a private address is refused without ALLOW_PRIVATE_URLS', async () => {
    const strict = new MediaUrlProbe(new UrlSafety(config(false)), {
      timeoutMs: 500,
      concurrency: 4,
      perOwnerConcurrency: 1,
      queueWaitMs: 100,
    });
    expect(await strict.probe(served.url('/photo.jpg'))).toEqual({
      ok: false,
      reason: expect.stringMatching(/private or loopback/),
    });
  });

  it("leaves a URL unfetched, neither good nor bad, when the owner's fetches are all taken; others still fetch", async () => {
    const stuck = local.probe(served.url('/silent'), 'flooder');
    expect(await local.probe(served.url('/gone.jpg'), 'flooder')).toEqual({ ok: true });
    expect(await local.probe(served.url('/gone.jpg'), 'neighbour')).toEqual({ ok: false, reason: 'answered HTTP 404' });
    await stuck;
  });
});
