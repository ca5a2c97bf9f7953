import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import request from 'supertest';
import { S3Settings } from '../../src/config/app-config';
import { MediaService } from '../../src/media/media.service';
import { S3MediaStorage } from '../../src/media/s3-media-storage';
import { startEmulatedApp } from '../support/connect-flow';
import { freePort } from '../support/free-port';
import { TestApp } from '../support/test-app';

/** The S3 backend of media storage against an S3-protocol server started here (s3rver). */

const BUCKET = 'media-test';
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece);
  return Buffer.concat(pieces);
}

async function* once(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes.subarray(0, 1000);
  yield bytes.subarray(1000);
}

describe('S3 media storage (against s3rver)', () => {
  let server: S3rver;
  let directory: string;
  let settings: S3Settings;
  let env: Record<string, string>;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 's3rver-'));
    const port = await freePort();
    server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    await server.run();
    settings = {
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    };
    env = {
      MEDIA_STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
  });
  afterAll(async () => {
    await server?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('puts, reads whole and by range, sizes and deletes through the storage interface', async () => {
    const storage = new S3MediaStorage(settings);
    try {
      const bytes = Buffer.from(Uint8Array.from({ length: 300_000 }, (_, index) => index % 253));
      expect(await storage.put('med_s3RoundTrip', once(bytes), bytes.length)).toBe(bytes.length);
      expect(await storage.size('med_s3RoundTrip')).toBe(bytes.length);
      expect((await readAll(storage.get('med_s3RoundTrip'))).equals(bytes)).toBe(true);
      expect(await readAll(storage.get('med_s3RoundTrip', { start: 999, end: 1010 }))).toEqual(
        bytes.subarray(999, 1011),
      );
      await storage.delete('med_s3RoundTrip');
      expect(await storage.size('med_s3RoundTrip')).toBeUndefined();
    } finally {
      storage.close();
    }
  });

  describe('through the API with MEDIA_STORAGE=s3', () => {
    let t: TestApp & { baseUrl: string };
    beforeAll(async () => {
      t = await startEmulatedApp({ env });
    });
    afterAll(() => t?.close());

    it('uploads a medium into the bucket and serves it back, with ranges', async () => {
      const customer = await t.createCustomer();
      const created = await request(t.server)
        .post('/api/v1/media')
        .set('Authorization', `Bearer ${customer.apiKey}`)
        .send({ contentType: 'image/jpeg', size: JPEG.length });
      expect(created.status).toBe(201);
      const { id, uploadUrl } = created.body.data as { id: string; uploadUrl: string };
      const put = await fetch(uploadUrl, { method: 'PUT', body: JPEG, headers: { 'Content-Type': 'image/jpeg' } });
      expect(put.status).toBe(200);
      expect(await t.db.query('SELECT 1 FROM media_chunks WHERE media_id = $1', [id])).toHaveLength(0);
      const direct = new S3MediaStorage(settings);
      try {
        expect(await direct.size(id)).toBe(JPEG.length);
      } finally {
        direct.close();
      }
      const url = t.app.get(MediaService).fileUrl(id, 'image/jpeg', new Date(Date.now() + 60_000));
      expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(JPEG);
      const ranged = await fetch(url, { headers: { Range: 'bytes=2-9' } });
      expect(ranged.status).toBe(206);
      expect(Buffer.from(await ranged.arrayBuffer())).toEqual(JPEG.subarray(2, 10));
    });
  });
});
