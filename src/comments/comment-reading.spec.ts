import { NetworkComment } from '../networks/network-adapter';
import { NetworkError } from '../networks/network-error';
import { CommentReadState, readNewComments, ReadCommentPage } from './comment-reading';

/**
 * A network's comments under one post, read newest first in pages whose cursor stands at an item
 * (as Graph's `after` and X's `next_token` do), so comments written or deleted between reads
 * shift nothing. Times are whole seconds, as the networks give them.
 */
class FakeComments {
  private readonly written: Array<NetworkComment & { sequence: number; deleted: boolean }> = [];
  reads = 0;

  constructor(private readonly pageSize: number) {}

  write(count: number, second: number): string[] {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const sequence = this.written.length + 1;
      const id = `c${sequence}`;
      this.written.push({
        id,
        sequence,
        deleted: false,
        text: id,
        authorId: '1',
        authorName: 'reader',
        createdAt: new Date(second * 1000).toISOString(),
        replyToId: null,
        own: false,
      });
      ids.push(id);
    }
    return ids;
  }

  delete(id: string): void {
    this.written.find((comment) => comment.id === id)!.deleted = true;
  }

  read: ReadCommentPage = async (cursor) => {
    this.reads += 1;
    const before = cursor === undefined ? Infinity : Number(cursor);
    const older = this.written.filter((comment) => comment.sequence < before && !comment.deleted).reverse();
    const page = older.slice(0, this.pageSize);
    return {
      comments: page.map(({ sequence: _sequence, deleted: _deleted, ...comment }) => comment),
      next: older.length > this.pageSize ? String(page[page.length - 1]!.sequence) : undefined,
    };
  };
}

const START: CommentReadState = { mark: { newestAt: 999, idsAtNewest: [] }, backlog: null };

describe('readNewComments', () => {
  it('reads nothing new when nothing was written, in one page', async () => {
    const network = new FakeComments(3);
    const read = await readNewComments(START, network.read, 4);
    expect(read.fresh).toEqual([]);
    expect(read.next).toEqual(START);
    expect(network.reads).toBe(1);
  });

  it('stops at the page that reaches the watermark', async () => {
    const network = new FakeComments(3);
    network.write(5, 2);
    const first = await readNewComments(START, network.read, 4);
    expect(first.fresh.map((comment) => comment.id)).toEqual(['c5', 'c4', 'c3', 'c2', 'c1']);
    expect(first.next).toEqual({
      mark: { newestAt: 2000, idsAtNewest: ['c5', 'c4', 'c3', 'c2', 'c1'] },
      backlog: null,
    });
    network.write(1, 2); // same second as the mark: told apart by id
    network.write(1, 3);
    network.reads = 0;
    const second = await readNewComments(first.next, network.read, 4);
    expect(second.fresh.map((comment) => comment.id)).toEqual(['c7', 'c6']);
    expect(network.reads).toBe(1);
  });

  it('keeps a burst larger than its pages as a backlog that the next reads finish, oldest last', async () => {
    const network = new FakeComments(3);
    network.write(10, 5);
    const first = await readNewComments(START, network.read, 3);
    expect(first.fresh.map((comment) => comment.id)).toEqual(['c10', 'c9', 'c8', 'c7', 'c6', 'c5', 'c4', 'c3', 'c2']);
    expect(first.next.backlog).toEqual({ cursor: '2', until: START.mark });

    network.reads = 0;
    const second = await readNewComments(first.next, network.read, 3);
    // One page of the newest (nothing new above), then the backlog: c1, reaching the old watermark.
    expect(second.fresh.map((comment) => comment.id)).toEqual(['c1']);
    expect(network.reads).toBe(2);
    // Of the watermark's own second: now known as announced, so no later read takes it for new.
    expect(second.next).toEqual({
      mark: { newestAt: 5000, idsAtNewest: ['c10', 'c9', 'c8', 'c7', 'c6', 'c5', 'c4', 'c3', 'c2', 'c1'] },
      backlog: null,
    });
  });

  it('announces a trickle of new comments at once while a backlog is read', async () => {
    const network = new FakeComments(3);
    network.write(20, 5);
    const first = await readNewComments(START, network.read, 2);
    expect(first.fresh.map((comment) => comment.id)).toEqual(['c20', 'c19', 'c18', 'c17', 'c16', 'c15']);
    network.write(2, 6);
    const second = await readNewComments(first.next, network.read, 2);
    // The two new ones first, then a page of the backlog.
    expect(second.fresh.map((comment) => comment.id)).toEqual(['c22', 'c21', 'c14', 'c13', 'c12']);
    expect(second.next.mark).toEqual({ newestAt: 6000, idsAtNewest: ['c22', 'c21'] });
    expect(second.next.backlog).toEqual({ cursor: '12', until: START.mark });

    // A burst above the backlog waits for it: its first page is not taken, nothing is skipped.
    network.write(5, 7);
    const third = await readNewComments(second.next, network.read, 2);
    expect(third.fresh.map((comment) => comment.id)).toEqual(['c11', 'c10', 'c9']);
    expect(third.next.mark).toEqual(second.next.mark);
  });

  it('announces every comment exactly once however the bursts fall between reads', async () => {
    for (let seed = 1; seed <= 200; seed++) {
      let random = seed;
      const next = () => (random = (random * 48271) % 2147483647) / 2147483647;
      const network = new FakeComments(1 + Math.floor(next() * 4));
      const pages = 1 + Math.floor(next() * 3);
      const written: string[] = [];
      const deleted = new Set<string>();
      const announced: string[] = [];
      let state = START;
      let second = 1;
      const readOnce = async () => {
        const read = await readNewComments(state, network.read, pages);
        announced.push(...read.fresh.map((comment) => comment.id));
        state = read.next;
      };
      for (let round = 0; round < 30; round++) {
        // Reads often fall within one second of the comments, as a burst's do.
        if (next() < 0.5) second += 1;
        written.push(...network.write(Math.floor(next() * 12), second));
        if (written.length && next() < 0.3) {
          const gone = written[Math.floor(next() * written.length)]!;
          network.delete(gone);
          deleted.add(gone);
        }
        await readOnce();
      }
      // Reads after the comments stopped catch up with what is left (a read may spend its pages on
      // the backlog's end, so an empty read alone does not say it is over).
      for (let round = 0; round < 300; round++) await readOnce();
      expect({ seed, twice: announced.filter((id, index) => announced.indexOf(id) !== index) }).toEqual({
        seed,
        twice: [],
      });
      // A comment deleted before a read reached it may go unannounced; every other one is announced.
      const missed = written.filter((id) => !deleted.has(id) && !announced.includes(id));
      expect({ seed, missed }).toEqual({ seed, missed: [] });
    }
  });

  it('gives up a backlog whose cursor the network refuses, and reads the newest', async () => {
    const network = new FakeComments(3);
    const refused = new NetworkError('facebook', 'permanent', 'Invalid cursor');
    const read: ReadCommentPage = async (cursor) => {
      if (cursor === 'gone') throw refused;
      return network.read(cursor);
    };
    network.write(2, 5);
    const state: CommentReadState = { mark: START.mark, backlog: { cursor: 'gone', until: START.mark } };
    const result = await readNewComments(state, read, 4);
    expect(result.droppedBacklog).toBe(refused);
    expect(result.fresh.map((comment) => comment.id)).toEqual(['c2', 'c1']);
    expect(result.next.backlog).toBeNull();
  });

  it('keeps the backlog through trouble that passes (the read fails, the next scan tries again)', async () => {
    const state: CommentReadState = { mark: START.mark, backlog: { cursor: 'c9', until: START.mark } };
    const busy = new NetworkError('x', 'rate_limited', 'Too Many Requests');
    await expect(readNewComments(state, async () => Promise.reject(busy), 4)).rejects.toBe(busy);
  });
});
