import request from 'supertest';
import { AccountsStore } from '../../src/accounts/accounts.store';
import { encodeCursor } from '../../src/common/http/page-cursor';
import { connectAccounts } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { TestApp, TestCustomer } from '../support/test-app';

const TENANT = 'paged';

interface ListedAccount {
  id: string;
  status: string;
  tenantId: string;
}

/**
 * The account list in pages: accounts connected through the real connect flow (the emulator's two
 * test users give eight accounts, three of them in one finalize and so with the same created_at),
 * walked with `limit` and `cursor` over the real database.
 */
describe('Connected accounts API: pages', () => {
  let t: TestApp & { baseUrl: string };
  let alice: TestCustomer;
  let mallory: TestCustomer;
  /** Alice's accounts in the tenant, in the order of their finalizes (one group per finalize). */
  const connectedGroups: string[][] = [];

  const list = (customer: TestCustomer, query: string) =>
    request(t.server).get(`/api/v1/social-accounts?${query}`).set('Authorization', `Bearer ${customer.apiKey}`);

  /** Connects every page the emulator user offers on the network, in one finalize; their ids. */
  async function connectAll(customer: TestCustomer, network: string, emulatorUser: string): Promise<string[]> {
    const accounts = await connectAccounts(t, customer, network, TENANT, {
      emulatorUser,
      choose: (offered) => offered,
    });
    return accounts.map((account) => account.id);
  }

  /** Every page of the list from the first; fails on a page that is not a 200. */
  async function walk(
    customer: TestCustomer,
    query: string,
  ): Promise<Array<{ ids: string[]; nextCursor: string | null }>> {
    const pages: Array<{ ids: string[]; nextCursor: string | null }> = [];
    let cursor: string | null = null;
    do {
      const response: request.Response = await list(
        customer,
        `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(['data', 'pagination', 'success']);
      const ids = (response.body.data as ListedAccount[]).map((account) => account.id);
      cursor = response.body.pagination.nextCursor;
      pages.push({ ids, nextCursor: cursor });
    } while (cursor && pages.length < 20);
    return pages;
  }

  /** The tenant's accounts as the database orders them for the list (created_at, then id). */
  async function idsInListOrder(customer: TestCustomer, statuses: string[]): Promise<string[]> {
    const rows = await t.db.query<{ id: string }>(
      'SELECT id FROM connected_accounts WHERE customer_id = $1 AND tenant_id = $2 AND status = ANY($3) ORDER BY created_at, id',
      [customer.id, TENANT, statuses],
    );
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    t = await startEmulatedApp();
    alice = await t.createCustomer('alice');
    mallory = await t.createCustomer('mallory');
    // X first, so that a page of 3 ends inside the three Facebook Pages connected together.
    for (const [network, user] of [
      ['x', 'ada'],
      ['facebook', 'ada'],
      ['instagram', 'ada'],
      ['facebook', 'bob'],
      ['instagram', 'bob'],
      ['x', 'bob'],
    ] as const) {
      connectedGroups.push(await connectAll(alice, network, user));
    }
    // Another customer's accounts under the same tenant id.
    await connectAll(mallory, 'facebook', 'ada');
    await connectAll(mallory, 'x', 'bob');
  });
  afterAll(() => t.close());

  it('connected eight accounts, three of them at the same instant (a tie the order breaks by id)', async () => {
    expect(connectedGroups.flat()).toHaveLength(8);
    const facebookPages = connectedGroups[1]!;
    expect(facebookPages).toHaveLength(3);
    const times = await t.db.query<{ created_at: string }>(
      'SELECT created_at::text FROM connected_accounts WHERE id = ANY($1)',
      [facebookPages],
    );
    expect(new Set(times.map((row) => row.created_at)).size).toBe(1);
  });

  it('walks pages of 3: every account once, oldest connection first, nextCursor null on the last page', async () => {
    const pages = await walk(alice, `tenantId=${TENANT}&limit=3`);
    expect(pages.map((page) => page.ids.length)).toEqual([3, 3, 2]);
    expect(pages.map((page) => page.nextCursor === null)).toEqual([false, false, true]);
    const walked = pages.flatMap((page) => page.ids);
    expect(walked).toEqual(await idsInListOrder(alice, ['active', 'expired']));
    // The order is the order of connection: each finalize's accounts come after the earlier ones'.
    const groupOf = (id: string) => connectedGroups.findIndex((group) => group.includes(id));
    expect(walked.map(groupOf)).toEqual([0, 1, 1, 1, 2, 3, 4, 5]);
  });

  it('ends with nextCursor null when the last page is exactly full, and fits all on one page by default', async () => {
    const pagesOfFour = await walk(alice, `tenantId=${TENANT}&limit=4`);
    expect(pagesOfFour.map((page) => [page.ids.length, page.nextCursor === null])).toEqual([
      [4, false],
      [4, true],
    ]);
    const whole = await list(alice, `tenantId=${TENANT}`);
    expect(whole.body).toEqual({ success: true, data: expect.any(Array), pagination: { nextCursor: null } });
    expect(whole.body.data.map((account: ListedAccount) => account.id)).toEqual(
      pagesOfFour.flatMap((page) => page.ids),
    );
    expect((await list(alice, `tenantId=${TENANT}&limit=500`)).body.data).toHaveLength(8);
  });

  it('keeps each account as the unpaged list showed it in data', async () => {
    const first = await list(alice, `tenantId=${TENANT}&limit=1`);
    expect(first.body.data).toEqual([
      {
        id: connectedGroups[0]![0],
        platform: 'x',
        username: expect.any(String),
        nickname: expect.any(String),
        status: 'active',
        tenantId: TENANT,
        avatarUrl: expect.any(String),
        connectedAt: expect.any(String),
        permissions: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'],
        missingPermissions: [],
      },
    ]);
    expect(first.body.pagination).toEqual({ nextCursor: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
  });

  it("never shows another customer's accounts, nor takes its cursor into them", async () => {
    const mallorys = (await walk(mallory, `tenantId=${TENANT}&limit=3`)).flatMap((page) => page.ids);
    expect(mallorys).toHaveLength(4);
    expect(mallorys).toEqual(await idsInListOrder(mallory, ['active']));
    expect(mallorys.filter((id) => connectedGroups.flat().includes(id))).toEqual([]);
    // Alice's cursor in Mallory's hands pages Mallory's own accounts, never Alice's.
    const alicesCursor = (await list(alice, `tenantId=${TENANT}&limit=1`)).body.pagination.nextCursor as string;
    const withIt = await list(mallory, `tenantId=${TENANT}&cursor=${alicesCursor}`);
    expect(withIt.status).toBe(200);
    expect(withIt.body.data.every((account: ListedAccount) => mallorys.includes(account.id))).toBe(true);
  });

  it('respects the status filter on every page', async () => {
    const [x, firstPage] = [connectedGroups[0]![0]!, connectedGroups[1]![0]!];
    for (const id of [x, firstPage]) {
      expect(
        (await request(t.server).delete(`/api/v1/social-accounts/${id}`).set('Authorization', `Bearer ${alice.apiKey}`))
          .status,
      ).toBe(200);
    }
    const listedByDefault = await walk(alice, `tenantId=${TENANT}&limit=3`);
    expect(listedByDefault.map((page) => page.ids.length)).toEqual([3, 3]);
    expect(listedByDefault.flatMap((page) => page.ids)).toEqual(await idsInListOrder(alice, ['active', 'expired']));

    const active = await walk(alice, `tenantId=${TENANT}&status=active&limit=3`);
    expect(active.flatMap((page) => page.ids)).toEqual(listedByDefault.flatMap((page) => page.ids));

    const disconnected = await walk(alice, `tenantId=${TENANT}&status=disconnected&limit=1`);
    expect(disconnected.map((page) => page.ids)).toEqual([[x], [firstPage]]);
    expect(disconnected.map((page) => page.nextCursor === null)).toEqual([false, true]);
  });

  describe('refuses a bad limit or cursor with a 400 that names the field', () => {
    const LIMIT = 'limit must be a whole number from 1 to 500';
    const NOT_GIVEN_OUT = 'cursor is not one this API gave out';
    it.each([
      ['limit 0', 'limit=0', 'limit', LIMIT],
      ['limit 501', 'limit=501', 'limit', LIMIT],
      ['limit abc', 'limit=abc', 'limit', LIMIT],
      ['a fractional limit', 'limit=2.5', 'limit', LIMIT],
      ['a negative limit', 'limit=-3', 'limit', LIMIT],
      ['an empty limit', 'limit=', 'limit', LIMIT],
      ['a huge limit', `limit=${'9'.repeat(30)}`, 'limit', LIMIT],
      ['limit given twice', 'limit=3&limit=4', 'limit', LIMIT],
      ['a cursor that is not one', 'cursor=garbage', 'cursor', NOT_GIVEN_OUT],
      [
        'a cursor with characters added',
        () => `cursor=${encodeCursor({ createdMicros: '1795288968631123', id: 'acc_abc' })}%21%21`,
        'cursor',
        NOT_GIVEN_OUT,
      ],
      [
        'a cursor of the post list',
        () => `cursor=${encodeCursor({ createdMicros: '1795288968631123', id: 'pst_abc' })}`,
        'cursor',
        NOT_GIVEN_OUT,
      ],
      [
        'a cursor with a time that is not one',
        () => `cursor=${Buffer.from('yesterday|acc_abc').toString('base64url')}`,
        'cursor',
        NOT_GIVEN_OUT,
      ],
      ['an overlong cursor', `cursor=${'A'.repeat(201)}`, 'cursor', NOT_GIVEN_OUT],
      ['cursor given twice', 'cursor=a&cursor=b', 'cursor', 'cursor must be a string'],
    ])('%s', async (_, query, field, message) => {
      const response = await list(alice, `tenantId=${TENANT}&${typeof query === 'function' ? query() : query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        error: {
          code: 'validation_failed',
          message: `Invalid request: ${field}`,
          details: [{ field, message }],
          requestId: expect.any(String),
        },
      });
    });
  });

  /**
   * The page's very statement can walk the (customer, tenant, created_at, id) index in order, after
   * the cursor, without sorting. Sequential scans are discouraged, as a table with many rows would:
   * on this near-empty table the planner rightly prefers one.
   */
  it('runs each page as a keyset read of its own index, without a sort', async () => {
    const repository = t.app.get(AccountsStore);
    const { sql, params } = repository.pageStatement(alice.id, TENANT, {
      statuses: ['active', 'expired'],
      after: { createdMicros: '1795288968631123', id: 'acc_abc' },
      limit: 3,
    });
    await t.db.query('SET enable_seqscan = off');
    try {
      const [row] = await t.db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      const plan = JSON.stringify(row!['QUERY PLAN']);
      expect(plan).toContain('"Index Name":"connected_accounts_tenant_page_idx"');
      expect(plan).toMatch(/"Index Cond":"[^"]*customer_id[^"]*tenant_id[^"]*ROW\(created_at, id\) > ROW\(/);
      expect(plan).not.toMatch(/"Node Type":"(Incremental )?Sort"/);
    } finally {
      await t.db.query('RESET enable_seqscan');
    }
  });
});
