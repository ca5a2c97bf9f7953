import { createServer, Server } from 'node:http';

/** A 1×1 JPEG, GIF and a few bytes standing in for an MP4 or MOV: enough for uploads to have bodies. */
const FILES: Record<string, { type: string; body: Buffer }> = {
  '.jpg': {
    type: 'image/jpeg',
    body: Buffer.from(
      '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
      'base64',
    ),
  },
  '.png': {
    type: 'image/png',
    body: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  },
  '.gif': {
    type: 'image/gif',
    body: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  },
  '.mp4': { type: 'video/mp4', body: Buffer.alloc(4096, 1) },
  '.mov': { type: 'video/quicktime', body: Buffer.alloc(4096, 2) },
  '.pdf': { type: 'application/pdf', body: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n') },
};

/**
 * A video of 2.5 MB, more than the emulator's resumable upload takes in one chunk (1 MB), its bytes
 * numbered so that chunks out of order would not add up to it. Served as `long.mp4`.
 */
export const LONG_VIDEO = Buffer.from(Uint8Array.from({ length: 2.5 * 1024 * 1024 }, (_, index) => index % 251));

/** Files served by name rather than by extension. */
const NAMED: Record<string, { type: string; body: Buffer }> = { 'long.mp4': { type: 'video/mp4', body: LONG_VIDEO } };

/** Names starting with this answer 404 (`missing-photo.jpg`): a URL a customer got wrong. */
export const MISSING_PREFIX = 'missing-';

/** Served without a Content-Length (chunked), as an origin that does not know its size answers. */
const UNSIZED = 'unsized.mp4';

/** Serves media files on loopback for the adapters to fetch, as a customer's CDN would. */
export async function startMediaServer(): Promise<{ url(name: string): string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = request.url?.split('?')[0] ?? '';
    const name = path.split('/').pop() ?? '';
    // A file that is not there, whatever its extension: the origin answers 404.
    if (name.startsWith(MISSING_PREFIX)) {
      response.writeHead(404).end();
      return;
    }
    if (name === UNSIZED) {
      response.writeHead(200, { 'Content-Type': 'video/mp4' }).end(FILES['.mp4']!.body);
      return;
    }
    const extension = /\.[a-z0-9]+$/.exec(path)?.[0] ?? '';
    const file = NAMED[name] ?? FILES[extension];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': file.type, 'Content-Length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: (name) => `http://127.0.0.1:${port}/media/${name}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
