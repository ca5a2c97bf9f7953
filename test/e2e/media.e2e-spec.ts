import { createHash } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { PurgeUnusedMedia } from '../../src/media/purge-unused-media.task';
import { MediaUrlSigner } from '../../src/media/media-url-signer';
import { MediaService } from '../../src/media/media.service';
import { mp4 } from '../../src/media/mp4.testing';
import { PublishedItem } from '../../src/emulator/state/published-log';
import { PostView } from '../../src/posts/dto/post.view';
import { connectAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { createPost, settledPost } from '../support/posts';
import { testWorldOf } from '../support/sandbox-worlds';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

/**
 * Media uploads end to end: announced through the API, PUT to a signed URL with no key, served
 * back with ranges through another, used by posts on each network of the built-in emulator, and
 * purged when no post uses them.
 */

const TENANT = 'tenant-media';
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
/**
 * A 10-second MP4 with 2.5 MB of media data (more than two storage chunks of 1 MB), its movie
 * header after the data, as most encoders write it: its duration is read once the bytes passed.
 */
const VIDEO = mp4(10, { mdatBytes: 2.5 * 1024 * 1024, moovLast: true });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type Network = 'facebook' | 'instagram' | 'x';

describe('Media uploads (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let other: TestCustomer;
  const accounts = {} as Record<Network, string>;

  const api = (who: TestCustomer) => ({
    create: (body: object) =>
      request(t.server).post('/api/v1/media').set('Authorization', `Bearer ${who.apiKey}`).send(body),
    get: (id: string) => request(t.server).get(`/api/v1/media/${id}`).set('Authorization', `Bearer ${who.apiKey}`),
  });
  const put = (url: string, body: Buffer, contentType: string, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'PUT', body, headers: { 'Content-Type': contentType, ...headers } });

  /** Announces and uploads a file; resolves to the medium's id. */
  async function upload(who: TestCustomer, bytes: Buffer, contentType: string): Promise<string> {
    const created = await api(who).create({ contentType, size: bytes.length, filename: 'file' });
    expect(created.status).toBe(201);
    const uploaded = await put(created.body.data.uploadUrl as string, bytes, contentType);
    expect(uploaded.status).toBe(200);
    return created.body.data.id as string;
  }
  const publishedOn = async (network: Network, text: string): Promise<PublishedItem[]> =>
    (
      (await (await fetch(`${t.baseUrl}/emulator/control/published?network=${network}`)).json()) as {
        data: PublishedItem[];
      }
    ).data.filter((item) => item.text === text);
  const fileUrl = (id: string, contentType: string) =>
    t.app.get(MediaService).fileUrl(id, contentType, new Date(Date.now() + 60_000));

  beforeAll(async () => {
    t = await startEmulatedApp({
      env: { ALLOW_PRIVATE_URLS: 'true', INSTAGRAM_VIDEO_POLL_MS: '1000', FACEBOOK_VIDEO_POLL_MS: '1000' },
    });
    customer = await t.createCustomer();
    other = await t.createCustomer();
    for (const network of ['facebook', 'instagram', 'x'] as const)
      accounts[network] = (await connectAccount(t, customer, network, TENANT)).id;
    // X's video processing done at the first status check: nothing here is about polling.
    const settings = await fetch(`${t.baseUrl}/emulator/control/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ xVideoPolls: 0 }),
    });
    expect(settings.ok).toBe(true);
  });
  afterAll(() => t?.close());

  describe('upload', () => {
    it('announces a medium, takes its bytes at the signed URL without a key, and shows it ready', async () => {
      const created = await api(customer).create({ contentType: 'image/jpeg', size: JPEG.length, filename: 'a.jpg' });
      expect(created.status).toBe(201);
      expect(created.body.data).toEqual(
        expect.objectContaining({ state: 'awaiting_upload', size: JPEG.length, contentType: 'image/jpeg' }),
      );
      const { id, uploadUrl, expiresAt } = created.body.data as { id: string; uploadUrl: string; expiresAt: string };
      expect(uploadUrl.startsWith(`${t.baseUrl}/media-uploads/${id}.jpg?`)).toBe(true);
      expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());

      const uploaded = await put(uploadUrl, JPEG, 'image/jpeg');
      expect(uploaded.status).toBe(200);
      const shown = await api(customer).get(id);
      expect(shown.body.data).toEqual(expect.objectContaining({ id, state: 'ready', failure: null }));
      const again = await put(uploadUrl, JPEG, 'image/jpeg');
      expect(again.status).toBe(409);
    });

    it("answers 404 for another customer's medium", async () => {
      const id = await upload(customer, JPEG, 'image/jpeg');
      const response = await api(other).get(id);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    });

    it("keeps live and test media apart: a test key does not see the live world's media, nor the reverse", async () => {
      const sandbox = await testWorldOf(t, customer);
      const live = await upload(customer, JPEG, 'image/jpeg');
      const test = await upload(sandbox, JPEG, 'image/jpeg');
      expect((await api(sandbox).get(live)).status).toBe(404);
      expect((await api(customer).get(test)).status).toBe(404);
      expect((await api(sandbox).get(test)).body.data.state).toBe('ready');
    });

    it('refuses a tampered or expired upload URL', async () => {
      const created = await api(customer).create({ contentType: 'image/jpeg', size: JPEG.length });
      const { id, uploadUrl } = created.body.data as { id: string; uploadUrl: string };
      const tampered = uploadUrl.replace(
        /signature=([0-9a-f])/,
        (_, first: string) => `signature=${first === '0' ? '1' : '0'}`,
      );
      const refused = await put(tampered, JPEG, 'image/jpeg');
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/not valid/);
      const longer = uploadUrl.replace(/expires=(\d+)/, (_, at: string) => `expires=${Number(at) + 1}`);
      expect((await put(longer, JPEG, 'image/jpeg')).status).toBe(401);
      const expired = t.app.get(MediaUrlSigner).url('upload', id, 'jpg', new Date(Date.now() - 1_000));
      const late = await put(expired, JPEG, 'image/jpeg');
      expect(late.status).toBe(401);
      expect(((await late.json()) as { error: { message: string } }).error.message).toMatch(/expired/);
      expect((await api(customer).get(id)).body.data.state).toBe('awaiting_upload');
    });

    it('refuses bytes that are not what was announced, and lets the upload be tried again', async () => {
      const created = await api(customer).create({ contentType: 'image/jpeg', size: JPEG.length });
      const { id, uploadUrl } = created.body.data as { id: string; uploadUrl: string };
      expect((await put(uploadUrl, JPEG, 'image/png')).status).toBe(415);
      const png = Buffer.alloc(JPEG.length, 0x89);
      const wrongBytes = await put(uploadUrl, png, 'image/jpeg');
      expect(wrongBytes.status).toBe(415);
      expect((await api(customer).get(id)).body.data).toEqual(
        expect.objectContaining({ state: 'failed', failure: expect.stringMatching(/not a JPG/) }),
      );
      const short = await put(uploadUrl, JPEG.subarray(0, 10), 'image/jpeg');
      expect(short.status).toBe(400);
      expect((await put(uploadUrl, JPEG, 'image/jpeg')).status).toBe(200);
      expect((await api(customer).get(id)).body.data.state).toBe('ready');
      expect(await t.db.query('SELECT 1 FROM media_chunks WHERE media_id = $1', [id])).toHaveLength(1);
    });

    it('lets a new PUT take over an upload whose process died, never one still alive', async () => {
      const created = await api(customer).create({ contentType: 'image/jpeg', size: JPEG.length });
      const { id, uploadUrl } = created.body.data as { id: string; uploadUrl: string };
      // As a process leaves it when it dies mid-upload: uploading, its last beat a minute ago.
      await t.db.query(
        "UPDATE media SET state = 'uploading', upload_beat_at = now() - interval '1 minute' WHERE id = $1",
        [id],
      );
      const busy = await put(uploadUrl, JPEG, 'image/jpeg');
      expect(busy.status).toBe(409);
      expect(((await busy.json()) as { error: { message: string } }).error.message).toMatch(/another request/);
      // Silent for longer than a live upload can be: taken over.
      await t.db.query("UPDATE media SET upload_beat_at = now() - interval '4 minutes' WHERE id = $1", [id]);
      expect((await put(uploadUrl, JPEG, 'image/jpeg')).status).toBe(200);
      expect((await api(customer).get(id)).body.data.state).toBe('ready');
      // A medium left uploading before beats were recorded is taken over too.
      const older = await api(customer).create({ contentType: 'image/jpeg', size: JPEG.length });
      await t.db.query("UPDATE media SET state = 'uploading', upload_beat_at = NULL WHERE id = $1", [
        older.body.data.id,
      ]);
      expect((await put(older.body.data.uploadUrl as string, JPEG, 'image/jpeg')).status).toBe(200);
    });

    it("reads a video's duration from the file, and refuses one without a movie header or longer than any network takes", async () => {
      const id = await upload(customer, mp4(12.5, { moovLast: true }), 'video/mp4');
      expect((await api(customer).get(id)).body.data).toEqual(
        expect.objectContaining({ state: 'ready', durationMs: 12_500 }),
      );
      expect((await api(customer).get(await upload(customer, JPEG, 'image/jpeg'))).body.data.durationMs).toBeNull();

      // ftyp and the media data, without the movie header that would follow them.
      const headless = mp4(12.5, { moovLast: true, mdatBytes: 200 }).subarray(0, 28 + 8 + 200);
      const announced = await api(customer).create({ contentType: 'video/mp4', size: headless.length });
      const refused = await put(announced.body.data.uploadUrl as string, headless, 'video/mp4');
      expect(refused.status).toBe(415);
      expect((await api(customer).get(announced.body.data.id as string)).body.data).toEqual(
        expect.objectContaining({ state: 'failed', durationMs: null, failure: expect.stringMatching(/movie header/) }),
      );

      // Longer than the longest any network takes (YouTube's 12 hours, for a verified channel).
      const thirteenHours = mp4(13 * 3600);
      const long = await api(customer).create({ contentType: 'video/mp4', size: thirteenHours.length });
      const tooLong = await put(long.body.data.uploadUrl as string, thirteenHours, 'video/mp4');
      expect(tooLong.status).toBe(422);
      expect(((await tooLong.json()) as { error: { message: string } }).error.message).toBe(
        'The video lasts 13 h; no network takes a video longer than 12 h',
      );
      expect((await api(customer).get(long.body.data.id as string)).body.data.state).toBe('failed');
      expect(await t.db.query('SELECT 1 FROM media_chunks WHERE media_id = $1', [long.body.data.id])).toHaveLength(0);
    });

    it('refuses a polyglot: an image or GIF whose first bytes carry HTML or SVG markup is a 415, and ends failed', async () => {
      /** The JPEG with a comment segment (FF FE) right after its start-of-image marker. */
      const withComment = (text: string) => {
        const body = Buffer.from(text, 'latin1');
        const length = Buffer.alloc(2);
        length.writeUInt16BE(body.length + 2);
        return Buffer.concat([JPEG.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, body, JPEG.subarray(2)]);
      };
      const polyglots: Array<[Buffer, string]> = [
        [withComment('<html><script>alert(document.cookie)</script></html>'), 'image/jpeg'],
        [withComment('<SCRIPT src=//evil.example/x.js></SCRIPT>'), 'image/jpeg'],
        [
          Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00<svg onload=alert(1)>', 'latin1'), Buffer.alloc(64)]),
          'image/gif',
        ],
      ];
      for (const [bytes, contentType] of polyglots) {
        const created = await api(customer).create({ contentType, size: bytes.length });
        expect(created.status).toBe(201);
        const refused = await put(created.body.data.uploadUrl as string, bytes, contentType);
        expect(refused.status).toBe(415);
        const answer = (await refused.json()) as { error: { code: string; message: string } };
        expect(answer.error.code).toBe('unsupported_media_type');
        expect(answer.error.message).toMatch(/markup/);
        expect((await api(customer).get(created.body.data.id as string)).body.data.state).toBe('failed');
      }
      // Camera metadata (XMP) is markup of another kind, and a comment without tags is text: both are taken.
      const xmp = withComment(
        '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF></rdf:RDF></x:xmpmeta>',
      );
      expect(await upload(customer, xmp, 'image/jpeg')).toMatch(/^med_/);
      expect(await upload(customer, withComment('a < b and c > d'), 'image/jpeg')).toMatch(/^med_/);
    });

    it('refuses a type no network takes, and a size past what any network takes for the type', async () => {
      const type = await api(customer).create({ contentType: 'application/pdf', size: 10 });
      expect(type.status).toBe(400);
      expect(type.body.error.details[0].field).toBe('contentType');
      const big = await api(customer).create({ contentType: 'image/jpeg', size: 11 * 1024 * 1024 });
      expect(big.status).toBe(400);
      expect(big.body.error.details).toEqual([
        expect.objectContaining({ field: 'size', message: expect.stringMatching(/at most 10 MB/) }),
      ]);
      const huge = await api(customer).create({ contentType: 'video/mp4', size: 2 * 1024 * 1024 * 1024 });
      expect(huge.status).toBe(400);
    });
  });

  describe('serving', () => {
    let videoId: string;
    beforeAll(async () => {
      videoId = await upload(customer, VIDEO, 'video/mp4');
    });

    it('serves the whole file, a range across a chunk boundary, a suffix, and HEAD', async () => {
      const url = fileUrl(videoId, 'video/mp4');
      const whole = await fetch(url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(sha256(VIDEO));

      const start = 1024 * 1024 - 5;
      const ranged = await fetch(url, { headers: { Range: `bytes=${start}-${start + 9}` } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe(`bytes ${start}-${start + 9}/${VIDEO.length}`);
      expect(Buffer.from(await ranged.arrayBuffer())).toEqual(VIDEO.subarray(start, start + 10));

      const suffix = await fetch(url, { headers: { Range: 'bytes=-7' } });
      expect(suffix.status).toBe(206);
      expect(Buffer.from(await suffix.arrayBuffer())).toEqual(VIDEO.subarray(VIDEO.length - 7));

      const head = await fetch(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(VIDEO.length));

      const past = await fetch(url, { headers: { Range: `bytes=${VIDEO.length}-` } });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${VIDEO.length}`);
    });

    it('serves a medium only as what it is: nosniff, a CSP that runs nothing, inline under its own name', async () => {
      const url = fileUrl(videoId, 'video/mp4');
      for (const answer of [
        await fetch(url),
        await fetch(url, { headers: { Range: 'bytes=0-9' } }),
        await fetch(url, { method: 'HEAD' }),
      ]) {
        expect(answer.headers.get('content-type')).toBe('video/mp4');
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
        expect(answer.headers.get('content-disposition')).toBe(`inline; filename="${videoId}.mp4"`);
        await answer.arrayBuffer();
      }
    });

    it('refuses a file URL that is tampered, expired, or signed for uploading', async () => {
      const url = fileUrl(videoId, 'video/mp4');
      expect((await fetch(url.replace(/signature=[0-9a-f]{4}/, 'signature=0000'))).status).toBe(401);
      const signer = t.app.get(MediaUrlSigner);
      expect((await fetch(signer.url('file', videoId, 'mp4', new Date(Date.now() - 1_000)))).status).toBe(401);
      const asUpload = signer.url('upload', videoId, 'mp4', new Date(Date.now() + 60_000));
      expect((await fetch(asUpload.replace('/media-uploads/', '/media-files/'))).status).toBe(401);
    });
  });

  describe('posts', () => {
    it.each([
      ['facebook', 'image'],
      ['facebook', 'video'],
      ['instagram', 'image'],
      ['instagram', 'video'],
      ['x', 'image'],
      ['x', 'video'],
    ] as const)('%s: publishes an uploaded %s', async (network, kind) => {
      const [bytes, type] = kind === 'image' ? [JPEG, 'image/jpeg'] : [VIDEO, 'video/mp4'];
      const id = await upload(customer, bytes, type);
      const text = `An uploaded ${kind} on ${network}`;
      const accepted = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [accounts[network]],
        containers: [{ content: text, media: [{ id }] }],
      });
      expect(accepted.status).toBe(202);
      const post: PostView = await settledPost(t, customer, accepted.body.data.id as string, 45_000);
      expect(post.status).toBe('published');
      const [item] = await publishedOn(network, text);
      expect(item!.media).toEqual([expect.objectContaining({ type: kind })]);
      const medium = item!.media[0]!;
      if (medium.url) {
        // The network was given the service's own signed URL, and it serves the bytes.
        expect(medium.url.startsWith(`${t.baseUrl}/media-files/${id}.`)).toBe(true);
        expect(medium.url).toMatch(/[?&]signature=[0-9a-f]{64}/);
        expect(sha256(Buffer.from(await (await fetch(medium.url)).arrayBuffer()))).toBe(sha256(bytes));
      }
      // Bytes the worker sent itself, from storage: a Facebook video's hash, X's byte count.
      if (network === 'facebook' && kind === 'video') expect(medium.sha256).toBe(sha256(bytes));
      if (network === 'x') expect(medium.size).toBe(bytes.length);
      const [row] = await t.db.query<{ last_used_at: Date | null }>('SELECT last_used_at FROM media WHERE id = $1', [
        id,
      ]);
      expect(row!.last_used_at).not.toBeNull();
    });

    it("refuses another customer's medium, and one not uploaded yet, with 422", async () => {
      const theirs = await upload(other, JPEG, 'image/jpeg');
      const unknown = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [accounts.facebook],
        containers: [{ content: 'Not mine', media: [{ id: theirs }] }],
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.error.details).toEqual([
        expect.objectContaining({
          field: 'containers[0].media[0].id',
          message: expect.stringMatching(/no uploaded medium/),
        }),
      ]);
      const pending = (await api(customer).create({ contentType: 'image/jpeg', size: JPEG.length })).body.data.id;
      const notReady = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [accounts.facebook],
        containers: [{ content: 'Not yet', media: [{ id: pending }] }],
      });
      expect(notReady.status).toBe(422);
      expect(notReady.body.error.details[0].message).toMatch(/awaiting_upload, not ready/);
      const both = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [accounts.facebook],
        containers: [{ content: 'Both', media: [{ id: pending, url: 'https://cdn.example.com/a.jpg' }] }],
      });
      expect(both.status).toBe(400);
    });

    /** POST /posts/validate of a post with the medium to one account of each network: each network's rules broken. */
    async function rulesPerNetwork(id: string): Promise<Array<[string, string[]]>> {
      const verdict = await request(t.server)
        .post('/api/v1/posts/validate')
        .set('Authorization', `Bearer ${customer.apiKey}`)
        .send({
          tenant_id: TENANT,
          accounts: [accounts.facebook, accounts.instagram, accounts.x],
          containers: [{ content: 'One medium', media: [{ id }] }],
        });
      expect(verdict.status).toBe(200);
      return (verdict.body.data.accounts as Array<{ platform: string; problems: Array<{ rule: string }> }>).map(
        (account) => [account.platform, account.problems.map((problem) => problem.rule)],
      );
    }

    it("checks each network's size limit for the medium's kind (validate and POST /posts)", async () => {
      // 9 MB: a Facebook photo (10 MB) but neither an Instagram (8 MB) nor an X image (5 MB).
      const big = Buffer.concat([JPEG, Buffer.alloc(9 * 1024 * 1024 - JPEG.length)]);
      const id = await upload(customer, big, 'image/jpeg');
      expect(await rulesPerNetwork(id)).toEqual([
        ['facebook', []],
        ['instagram', ['media_too_large']],
        ['x', ['media_too_large']],
      ]);
      const refused = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [accounts.x],
        containers: [{ content: 'Big photo', media: [{ id }] }],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error.details[0].message).toMatch(/at most 5 MB/);
    });

    it("checks each network's duration range for an uploaded video (validate and POST /posts)", async () => {
      // 150 s: a Facebook video and an Instagram Reel, but longer than X's 140 s.
      const long = await upload(customer, mp4(150), 'video/mp4');
      expect(await rulesPerNetwork(long)).toEqual([
        ['facebook', []],
        ['instagram', []],
        ['x', ['media_too_long']],
      ]);
      // 2 s: shorter than an Instagram Reel's 3 s.
      const short = await upload(customer, mp4(2), 'video/mp4');
      expect(await rulesPerNetwork(short)).toEqual([
        ['facebook', []],
        ['instagram', ['media_too_short']],
        ['x', []],
      ]);
      const refused = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [accounts.x],
        containers: [{ content: 'Too long for X', media: [{ id: long }] }],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error.details[0].message).toBe(
        'x: containers[0].media[0].id: the video lasts 150 s; this network takes 0.5 s to 140 s',
      );
    });
  });

  describe('purge', () => {
    it('deletes media unused for the retention period, bytes and all, and keeps the rest', async () => {
      const old = await upload(customer, JPEG, 'image/jpeg');
      const usedLately = await upload(customer, JPEG, 'image/jpeg');
      const fresh = await upload(customer, JPEG, 'image/jpeg');
      await t.db.query("UPDATE media SET created_at = now() - interval '8 days' WHERE id = ANY($1)", [
        [old, usedLately],
      ]);
      await t.db.query("UPDATE media SET last_used_at = now() - interval '1 day' WHERE id = $1", [usedLately]);
      await t.app.get(PurgeUnusedMedia).run();
      expect((await api(customer).get(old)).status).toBe(404);
      expect(await t.db.query('SELECT 1 FROM media_chunks WHERE media_id = $1', [old])).toHaveLength(0);
      expect((await api(customer).get(usedLately)).status).toBe(200);
      expect((await api(customer).get(fresh)).status).toBe(200);
    });

    /** Runs `work` while another connection holds `sql` uncommitted on the medium's row, then commits it. */
    async function whileLocked<T>(sql: string, id: string, work: () => Promise<T>): Promise<T> {
      const other = new Client({ connectionString: t.db.url });
      await other.connect();
      try {
        const [{ pid }] = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [
          { pid: number },
        ];
        await other.query('BEGIN');
        await other.query(sql, [id]);
        const pending = work();
        // Commit only once `work` waits on the row this connection holds.
        await until(
          'something to wait on the locked medium',
          async () => {
            const [blocked] = await t.db.query<{ count: string }>(
              'SELECT count(*) FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
              [pid],
            );
            return Number(blocked!.count) > 0;
          },
          5_000,
          25,
        );
        await other.query('COMMIT');
        return await pending;
      } finally {
        await other.end();
      }
    }

    it('keeps a medium a post takes up while the purge is deciding', async () => {
      const id = await upload(customer, JPEG, 'image/jpeg');
      await t.db.query("UPDATE media SET created_at = now() - interval '8 days' WHERE id = $1", [id]);
      // A post marks it used (uncommitted) after the purge saw it unused: the purge must look again.
      const purged = await whileLocked('UPDATE media SET last_used_at = now() WHERE id = $1', id, () =>
        t.app.get(PurgeUnusedMedia).run(),
      );
      expect(purged).toBe(0);
      expect((await api(customer).get(id)).body.data.state).toBe('ready');
      expect(await t.db.query('SELECT 1 FROM media_chunks WHERE media_id = $1', [id])).toHaveLength(1);
    });

    it('refuses a post whose medium the purge deleted after the post was reviewed, with 422', async () => {
      const id = await upload(customer, JPEG, 'image/jpeg');
      // The purge deletes it (uncommitted) while the post is being accepted.
      // (supertest sends a request once it is awaited: the async function does that at once.)
      const answer = await whileLocked('DELETE FROM media WHERE id = $1', id, async () =>
        createPost(t, customer, {
          tenant_id: TENANT,
          accounts: [accounts.facebook],
          containers: [{ content: 'Purged meanwhile', media: [{ id }] }],
        }),
      );
      expect(answer.status).toBe(422);
      expect(answer.body.error.details).toEqual([
        expect.objectContaining({
          field: 'containers[0].media[0].id',
          message: expect.stringMatching(/upload it again/),
        }),
      ]);
      expect(await t.db.query("SELECT 1 FROM posts WHERE containers::text LIKE '%Purged meanwhile%'")).toHaveLength(0);
    });
  });
});
