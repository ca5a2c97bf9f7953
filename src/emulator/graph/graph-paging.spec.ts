import { FastifyRequest } from 'fastify';
import { graphPage, PageOrder } from './graph-paging';

const request = { protocol: 'http', host: 'graph.test', url: '/v25.0/post/comments' } as FastifyRequest;

/** Comments c1…cN written in that order (sequence = N), listed newest first as the scan reads them. */
function newestFirst(sequences: number[]) {
  const items = [...sequences].sort((a, b) => b - a).map((sequence) => ({ id: `c${sequence}` }));
  const order: PageOrder = { sequences: items.map((item) => Number(item.id.slice(1))), newestFirst: true };
  return { items, order };
}

const ids = (page: { data: Array<{ id: string }> }) => page.data.map((item) => item.id);

/** One page of `list` as the emulator answers it, with the list's order for its cursors. */
const pageOf = (list: ReturnType<typeof newestFirst>, params: Record<string, string>) =>
  graphPage(request, params, list.items, 25, undefined, list.order);

describe('graphPage cursors', () => {
  it('stand at their item: comments written above it between two reads shift nothing', () => {
    const first = newestFirst([1, 2, 3, 4, 5]);
    const page = pageOf(first, { limit: '2' });
    expect(ids(page)).toEqual(['c5', 'c4']);
    const later = newestFirst([1, 2, 3, 4, 5, 6, 7]);
    const next = pageOf(later, { limit: '2', after: page.paging!.cursors.after });
    expect(ids(next)).toEqual(['c3', 'c2']);
  });

  it('find the place of an item deleted since, in the list order, even with new comments above it', () => {
    const first = newestFirst([1, 2, 3, 4, 5]);
    const page = pageOf(first, { limit: '2' });
    // c4 (where the cursor stands) is deleted and c6, c7 are written.
    const later = newestFirst([1, 2, 3, 5, 6, 7]);
    const next = pageOf(later, { limit: '2', after: page.paging!.cursors.after });
    expect(ids(next)).toEqual(['c3', 'c2']);
  });

  it('end a before page just ahead of their item', () => {
    const list = newestFirst([1, 2, 3, 4, 5]);
    const third = pageOf(list, {
      limit: '2',
      after: pageOf(list, { limit: '3' }).paging!.cursors.after,
    });
    expect(ids(third)).toEqual(['c2', 'c1']);
    const back = pageOf(list, { limit: '2', before: third.paging!.cursors.before });
    expect(ids(back)).toEqual(['c4', 'c3']);
    const first = pageOf(list, { limit: '5', before: back.paging!.cursors.before });
    expect(ids(first)).toEqual(['c5']);
  });

  it('refuse what they did not make', () => {
    expect(() => graphPage(request, { after: 'bm90LWEtY3Vyc29y' }, [{ id: 'c1' }], 25)).toThrow(
      'The cursor is not valid',
    );
  });
});
