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

describe('graphPage cursors', () => {
  it('stand at their item: comments written above it between two reads shift nothing', () => {
    const first = newestFirst([1, 2, 3, 4, 5]);
    const page = graphPage(request, { limit: '2' }, first.items, 25, undefined, first.order);
    expect(ids(page)).toEqual(['c5', 'c4']);
    const later = newestFirst([1, 2, 3, 4, 5, 6, 7]);
    const next = graphPage(
      request,
      { limit: '2', after: page.paging!.cursors.after },
      later.items,
      25,
      undefined,
      later.order,
    );
    expect(ids(next)).toEqual(['c3', 'c2']);
  });

  it('find the place of an item deleted since, in the list order, even with new comments above it', () => {
    const first = newestFirst([1, 2, 3, 4, 5]);
    const page = graphPage(request, { limit: '2' }, first.items, 25, undefined, first.order);
    // c4 (where the cursor stands) is deleted and c6, c7 are written.
    const later = newestFirst([1, 2, 3, 5, 6, 7]);
    const next = graphPage(
      request,
      { limit: '2', after: page.paging!.cursors.after },
      later.items,
      25,
      undefined,
      later.order,
    );
    expect(ids(next)).toEqual(['c3', 'c2']);
  });

  it('end a before page just ahead of their item', () => {
    const list = newestFirst([1, 2, 3, 4, 5]);
    const third = graphPage(
      request,
      {
        limit: '2',
        after: graphPage(request, { limit: '3' }, list.items, 25, undefined, list.order).paging!.cursors.after,
      },
      list.items,
      25,
      undefined,
      list.order,
    );
    expect(ids(third)).toEqual(['c2', 'c1']);
    const back = graphPage(
      request,
      { limit: '2', before: third.paging!.cursors.before },
      list.items,
      25,
      undefined,
      list.order,
    );
    expect(ids(back)).toEqual(['c4', 'c3']);
    const first = graphPage(
      request,
      { limit: '5', before: back.paging!.cursors.before },
      list.items,
      25,
      undefined,
      list.order,
    );
    expect(ids(first)).toEqual(['c5']);
  });

  it('refuse what they did not make', () => {
    expect(() => graphPage(request, { after: 'bm90LWEtY3Vyc29y' }, [{ id: 'c1' }], 25)).toThrow(
      'The cursor is not valid',
    );
  });
});
