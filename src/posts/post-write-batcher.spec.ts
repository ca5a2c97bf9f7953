import { PostWriteBatcher } from './post-write-batcher';
import { PostToWrite, PostWriter, WrittenPost } from './post-writer';

/** A writer that records the batches it was given, and refuses any batch holding a post for tenant "bad". */
class RecordingWriter {
  readonly batches: string[][] = [];
  async write(posts: PostToWrite[]): Promise<WrittenPost[]> {
    this.batches.push(posts.map((post) => post.tenantId));
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (posts.some((post) => post.tenantId === 'bad')) throw new Error('refused');
    return posts.map((post) => ({ post: { tenantId: post.tenantId }, deliveries: [] }) as unknown as WrittenPost);
  }
}

const postFor = (tenantId: string): PostToWrite => ({
  customerId: 'cus_1',
  tenantId,
  accepted: { containers: [], variants: {}, accounts: [], scheduledAt: null },
});

describe('PostWriteBatcher', () => {
  let writer: RecordingWriter;
  let batcher: PostWriteBatcher;
  beforeEach(() => {
    writer = new RecordingWriter();
    batcher = new PostWriteBatcher(writer as unknown as PostWriter);
  });

  it('writes posts that arrive together in one statement, and answers each with its own', async () => {
    const written = await Promise.all(['a', 'b', 'c', 'd'].map((tenant) => batcher.write(postFor(tenant))));
    expect(writer.batches).toEqual([['a', 'b', 'c', 'd']]);
    expect(written.map((item) => item.post.tenantId)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('gathers what arrives while statements are in flight into the next one', async () => {
    const first = ['a', 'b'].map((tenant) => batcher.write(postFor(tenant)));
    await new Promise((resolve) => setImmediate(resolve));
    const second = ['c'].map((tenant) => batcher.write(postFor(tenant)));
    await new Promise((resolve) => setImmediate(resolve));
    const third = ['d', 'e'].map((tenant) => batcher.write(postFor(tenant)));
    await Promise.all([...first, ...second, ...third]);
    // Two in flight at most: d and e waited for one of them, and went together.
    expect(writer.batches).toEqual([['a', 'b'], ['c'], ['d', 'e']]);
  });

  it("a failed batch is written again post by post: one post's problem fails only its own request", async () => {
    const outcomes = await Promise.allSettled(['a', 'bad', 'c'].map((tenant) => batcher.write(postFor(tenant))));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(writer.batches).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });
});
