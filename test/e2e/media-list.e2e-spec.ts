import request from 'supertest';
import { testWorldOf } from '../support/sandbox-worlds';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';

/** GET /api/v1/media: the customer's media, newest first, a page at a time (the one list shape). */

const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

describe('Listing media (GET /api/v1/media)', () => {
  let t: TestApp;

  const list = (who: TestCustomer, query = '') =>
    request(t.server).get(`/api/v1/media${query}`).set('Authorization', `Bearer ${who.apiKey}`);
  const announce = async (who: TestCustomer, filename: string): Promise<string> => {
    const created = await request(t.server)
      .post('/api/v1/media')
      .set('Authorization', `Bearer ${who.apiKey}`)
      .send({ contentType: 'image/jpeg', size: JPEG.length, filename });
    expect(created.status).toBe(201);
    return created.body.data.id as string;
  };
  /** Every id of the list, page by page of `limit`, and how many pages it took. */
  async function walk(who: TestCustomer, limit: number): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await list(who, query);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(limit);
      ids.push(...page.body.data.map((medium: { id: string }) => medium.id));
      cursor = page.body.pagination.nextCursor as string | null;
      pages++;
    } while (cursor);
    return { ids, pages };
  }

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers no media as an empty page with no cursor', async () => {
    const response = await list(await t.createCustomer());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: [], pagination: { nextCursor: null } });
  });

  it('lists every medium newest first, whatever its state, as GET /media/{id} shows it', async () => {
    const customer = await t.createCustomer();
    const first = await announce(customer, 'first.jpg');
    const second = await announce(customer, 'second.jpg');
    // The second one uploaded: the list shows it ready.
    const created = await request(t.server)
      .post('/api/v1/media')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({ contentType: 'image/jpeg', size: JPEG.length, filename: 'third.jpg' });
    const uploadUrl = new URL(created.body.data.uploadUrl as string);
    await request(t.server)
      .put(`${uploadUrl.pathname}${uploadUrl.search}`)
      .set('Content-Type', 'image/jpeg')
      .send(JPEG)
      .expect(200);
    const third = created.body.data.id as string;

    const response = await list(customer);
    expect(response.body.data.map((medium: { id: string }) => medium.id)).toEqual([third, second, first]);
    expect(response.body.pagination).toEqual({ nextCursor: null });
    for (const medium of response.body.data) {
      const one = await request(t.server)
        .get(`/api/v1/media/${medium.id}`)
        .set('Authorization', `Bearer ${customer.apiKey}`);
      expect(medium).toEqual(one.body.data);
    }
    expect(response.body.data[0]).toEqual(
      expect.objectContaining({ state: 'ready', filename: 'third.jpg', uploadedAt: expect.any(String) }),
    );
    expect(response.body.data[1]).toEqual(
      expect.objectContaining({ state: 'awaiting_upload', filename: 'second.jpg', uploadedAt: null }),
    );
    // The upload URL is answered once, when the medium is announced: never in the list.
    expect(JSON.stringify(response.body)).not.toContain('signature=');
  });

  it('pages with limit and cursor, none skipped nor repeated, media made in the same microsecond included', async () => {
    const customer = await t.createCustomer();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await announce(customer, `m${i}.jpg`));
    // Four of them made at the very same instant: the cursor's id breaks the tie.
    await t.db.query(`UPDATE media SET created_at = '2026-11-01T10:00:00.123456Z' WHERE id = ANY($1)`, [
      ids.slice(1, 5),
    ]);
    // The tied ones are now older than the rest: the newest two, then the first, then the tie by id,
    // descending as the database orders text.
    const tied = await t.db.query<{ id: string }>('SELECT id FROM media WHERE id = ANY($1) ORDER BY id DESC', [
      ids.slice(1, 5),
    ]);
    const expected = [ids[6]!, ids[5]!, ids[0]!, ...tied.map((row) => row.id)];

    for (const limit of [1, 2, 3, 7, 100]) {
      const walked = await walk(customer, limit);
      expect({ limit, ids: walked.ids }).toEqual({ limit, ids: expected });
      expect(walked.pages).toBe(Math.max(1, Math.ceil(7 / limit)));
    }
  });

  it("lists only the customer's own media, and a test key only its test world's", async () => {
    const customer = await t.createCustomer();
    const other = await t.createCustomer();
    const sandbox = await testWorldOf(t, customer);
    const mine = await announce(customer, 'mine.jpg');
    const theirs = await announce(other, 'theirs.jpg');
    const test = await announce(sandbox, 'test.jpg');
    const ids = async (who: TestCustomer) =>
      (await list(who)).body.data.map((medium: { id: string }) => medium.id) as string[];
    expect(await ids(customer)).toEqual([mine]);
    expect(await ids(other)).toEqual([theirs]);
    expect(await ids(sandbox)).toEqual([test]);
  });

  it.each([
    ['a limit of 0', '?limit=0', 'limit'],
    ['a limit past 100', '?limit=101', 'limit'],
    ['a limit that is not a number', '?limit=ten', 'limit'],
    ['a cursor it never gave out', '?cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ["another list's cursor", `?cursor=${Buffer.from('1795288968631123|pst_abc').toString('base64url')}`, 'cursor'],
    ['an unknown parameter', '?state=ready', 'state'],
  ])('refuses %s with a 400 naming it', async (_, query, field) => {
    const response = await list(await t.createCustomer(), query);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
  });

  it('needs a key', async () => {
    const response = await request(t.server).get('/api/v1/media');
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
  });
});
