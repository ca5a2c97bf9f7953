import { PostsStore } from '../../src/posts/posts.store';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * GET /posts reads each page as one range of an index, with or without a tenant, on a table the
 * size of a busy deployment's (50,000 posts of one customer over 500 tenants, and other
 * customers'): the plan of the very statement the store runs has no sort, and its index scan reads
 * the page and one more post, however deep the cursor.
 */
describe('The index of GET /posts', () => {
  let t: TestApp;
  let big: TestCustomer;
  let store: PostsStore;

  beforeAll(async () => {
    t = await startTestApp();
    store = t.app.get(PostsStore);
    big = await t.createCustomer();
    const others = [await t.createCustomer(), await t.createCustomer()];
    // One post a second, newest last; every 7th shares its second with the one before (ties by id).
    await t.db.query(
      `INSERT INTO posts (id, customer_id, tenant_id, containers, created_at)
       SELECT 'pst_big' || lpad(n::text, 6, '0'), $1, 'tenant-' || (n % 500), '[]'::jsonb,
              timestamptz '2026-01-01 00:00:00+00' + (n - (n % 7 = 0)::int) * interval '1 second'
         FROM generate_series(1, 50000) AS n`,
      [big.id],
    );
    for (const [index, other] of others.entries())
      await t.db.query(
        `INSERT INTO posts (id, customer_id, tenant_id, containers, created_at)
         SELECT 'pst_other${index}' || lpad(n::text, 6, '0'), $1, 'tenant-1', '[]'::jsonb,
                timestamptz '2026-01-01 00:00:00+00' + n * interval '1 second'
           FROM generate_series(1, 20000) AS n`,
        [other.id],
      );
    await t.db.query('ANALYZE posts');
  });
  afterAll(() => t.close());

  async function plan(tenantId: string | undefined, deep: boolean): Promise<PlanNode[]> {
    // A cursor in the middle of the customer's posts: a page there must not read the newer half.
    const before = deep
      ? { createdMicros: String(Date.parse('2026-01-01T06:56:40Z') * 1000), id: 'pst_big025000' }
      : undefined;
    const [sql, parameters] = store.newestPageQuery(big.id, tenantId, before, 21).getQueryAndParameters();
    const [row] = await t.db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
      parameters,
    );
    return nodesOf(row!['QUERY PLAN'][0]!.Plan);
  }

  it.each([
    ['every tenant, first page', undefined, false, 'posts_customer_page_idx'],
    ['every tenant, a deep page', undefined, true, 'posts_customer_page_idx'],
    ['one tenant, first page', 'tenant-7', false, 'posts_newest_idx'],
    ['one tenant, a deep page', 'tenant-7', true, 'posts_newest_idx'],
  ])('%s: one index range, no sort, the page and no more read', async (_, tenantId, deep, index) => {
    const nodes = await plan(tenantId, deep);
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Incremental Sort');
    const scan = nodes.find((node) => node['Index Name'] !== undefined);
    expect(scan).toEqual(expect.objectContaining({ 'Index Name': index, 'Actual Rows': 21 }));
  });

  it('pages across posts of one same microsecond exactly, newest first, through the store', async () => {
    // pst_big049994 was made in the same second as pst_big049993: a page ends between them.
    const first = await store.newestPage(big.id, undefined, undefined, 7);
    expect(first.map(({ post }) => post.id)).toEqual([
      'pst_big050000',
      'pst_big049999',
      'pst_big049998',
      'pst_big049997',
      'pst_big049996',
      'pst_big049995',
      'pst_big049994',
    ]);
    const last = first[6]!;
    const next = await store.newestPage(big.id, undefined, { createdMicros: last.createdMicros, id: last.post.id }, 3);
    expect(next.map(({ post }) => post.id)).toEqual(['pst_big049993', 'pst_big049992', 'pst_big049991']);
  });
});
