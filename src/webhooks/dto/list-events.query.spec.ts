import { ApiException } from '../../common/errors/api-exception';
import { createValidationPipe } from '../../common/http/validation.pipe';
import { ListEventsQuery } from './list-events.query';

async function parse(
  query: Record<string, unknown>,
): Promise<ListEventsQuery | Array<{ field: string; message: string }>> {
  try {
    return (await createValidationPipe().transform(query, {
      type: 'query',
      metatype: ListEventsQuery,
    })) as ListEventsQuery;
  } catch (error) {
    if (error instanceof ApiException) return error.details ?? [];
    throw error;
  }
}

describe('ListEventsQuery', () => {
  it('takes types comma-separated, repeated, or both, as one list', async () => {
    expect(await parse({ types: 'post.published,post.failed' })).toEqual({ types: ['post.published', 'post.failed'] });
    expect(await parse({ types: ['post.published', 'comment.received, post.failed'] })).toEqual({
      types: ['post.published', 'comment.received', 'post.failed'],
    });
    expect(await parse({ limit: '5', after: 'evt_abc' })).toEqual({ limit: 5, after: 'evt_abc' });
  });

  it('refuses an unknown type by name, and an empty list', async () => {
    expect(await parse({ types: 'post.published,post.nonsense' })).toEqual([
      {
        field: 'types',
        message: expect.stringContaining('unknown event type "post.nonsense"; known types are account.connected'),
      },
    ]);
    expect(await parse({ types: '' })).toEqual([
      { field: 'types', message: 'types must name at least one event type' },
    ]);
    expect(await parse({ types: ',' })).toEqual([
      { field: 'types', message: 'types must name at least one event type' },
    ]);
  });

  it('refuses a limit outside 1-100, and fields it does not know', async () => {
    expect(await parse({ limit: '0' })).toEqual([{ field: 'limit', message: expect.any(String) }]);
    expect(await parse({ limit: '101' })).toEqual([{ field: 'limit', message: expect.any(String) }]);
    expect(await parse({ since: 'yesterday' })).toEqual([
      { field: 'since', message: 'since is not an accepted field' },
    ]);
  });
});
