import request from 'supertest';
import { DataSource } from 'typeorm';
import { testWorldOf } from '../support/sandbox-worlds';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';

/**
 * A customer's media hold at most MEDIA_QUOTA_BYTES per mode, counting what is announced and not
 * yet uploaded: before, one customer could announce 40 files of 1 GB and fill the store for all.
 */

const MB = 1024 * 1024;
/** Room for three 1 MB media. */
const QUOTA = 3 * MB;
/** A JPEG's first bytes, then filler: the upload checks only the type's magic and the length. */
const jpegOf = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4)]);

describe('Media quota per customer and mode (MEDIA_QUOTA_BYTES)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { MEDIA_QUOTA_BYTES: String(QUOTA) } });
  });
  afterAll(() => t.close());

  const announce = (who: TestCustomer, size = MB) =>
    request(t.server)
      .post('/api/v1/media')
      .set('Authorization', `Bearer ${who.apiKey}`)
      .send({ contentType: 'image/jpeg', size });
  const upload = (uploadUrl: string, bytes: Buffer) => {
    const url = new URL(uploadUrl);
    return request(t.server)
      .put(url.pathname + url.search)
      .set('Content-Type', 'image/jpeg')
      .send(bytes);
  };

  it('refuses an announcement past the quota with 422 media_quota_exceeded, announced bytes counting', async () => {
    const customer = await t.createCustomer();
    for (let i = 0; i < 3; i++) await announce(customer).expect(201);
    const refused = await announce(customer).expect(422);
    expect(refused.body).toEqual({
      success: false,
      error: {
        code: 'media_quota_exceeded',
        message: expect.stringContaining(`quota of ${QUOTA} bytes`),
        requestId: refused.headers['x-request-id'],
      },
    });
    // A smaller file that still fits is taken; one byte more is not.
    const other = await t.createCustomer();
    await announce(other, QUOTA - 1).expect(201);
    await announce(other, 1).expect(201);
    await announce(other, 1).expect(422);
  });

  it("counts per customer and per mode: another customer, and the customer's test world, have their own", async () => {
    const customer = await t.createCustomer();
    await announce(customer, QUOTA).expect(201);
    await announce(customer).expect(422);
    await announce(await t.createCustomer()).expect(201);
    await announce(await testWorldOf(t, customer), QUOTA).expect(201);
  });

  it('lets only what fits through when many announcements come at once', async () => {
    const customer = await t.createCustomer();
    const answers = await Promise.all(Array.from({ length: 8 }, () => announce(customer)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
  });

  it('keeps counting uploaded media; an announcement whose upload URL expired unused stops counting', async () => {
    const customer = await t.createCustomer();
    const uploaded = await announce(customer).expect(201);
    await upload(uploaded.body.data.uploadUrl as string, jpegOf(MB)).expect(200);
    const pending = await announce(customer, 2 * MB).expect(201);
    await announce(customer).expect(422);
    // Both an hour and more old: the uploaded one still holds its bytes, the other can never be uploaded.
    await t.app
      .get(DataSource)
      .query(`UPDATE media SET created_at = now() - interval '61 minutes' WHERE id = ANY($1)`, [
        [uploaded.body.data.id, pending.body.data.id],
      ]);
    await announce(customer, 2 * MB).expect(201);
    await announce(customer).expect(422);
  });
});
