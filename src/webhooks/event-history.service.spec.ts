import type { AuthenticatedCustomer } from '../auth';
import { ApiException } from '../common/errors/api-exception';
import { Paginated } from '../common/http/paginated';
import { EVENT_SCAN_LIMIT, EventHistoryService } from './event-history.service';
import type { EventHistoryStore, HistoryEvent, HistoryQuery, HistoryRead } from './event-history.store';

const caller: AuthenticatedCustomer = {
  customerId: 'cus_1',
  customerName: 'c',
  apiKeyId: 'key_1',
  mode: 'test',
  liveCustomerId: 'cus_0',
};

const event = (n: number): HistoryEvent => ({
  id: `evt_${n}`,
  type: 'post.published',
  tenantId: 't',
  createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, n)),
  data: { n },
});

/** The service over a store that answers `read` and remembers what it was asked. */
function serviceAnswering(read: Partial<HistoryRead>): { service: EventHistoryService; asked: HistoryQuery[] } {
  const asked: HistoryQuery[] = [];
  const store = {
    page: (_customerId: string, query: HistoryQuery) => {
      asked.push(query);
      return Promise.resolve({ events: [], scanned: 0, cursorFound: true, ...read });
    },
  } as unknown as EventHistoryStore;
  return { service: new EventHistoryService(store), asked };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; details: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiException) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('not refused');
}

describe('EventHistoryService.list', () => {
  it('asks one more than the page, and gives the last event of the page as nextCursor when more matched', async () => {
    const { service, asked } = serviceAnswering({ events: [1, 2, 3].map(event), scanned: 3 });
    const page = (await service.list(caller, { limit: 2 })) as Paginated<{ id: string; livemode: boolean }>;
    expect(asked[0]).toEqual(expect.objectContaining({ limit: 3, scanLimit: EVENT_SCAN_LIMIT, after: undefined }));
    expect(page.items.map((item) => item.id)).toEqual(['evt_1', 'evt_2']);
    expect(page.items[0]).toEqual({
      id: 'evt_1',
      event: 'post.published',
      tenantId: 't',
      timestamp: '2026-11-01T00:00:01.000Z',
      data: { n: 1 },
      livemode: false,
    });
    expect(page.pagination).toEqual({ nextCursor: 'evt_2' });
  });

  it('answers nextCursor null at the end, and the last event read when the scan bound came first', async () => {
    expect((await serviceAnswering({ events: [event(1)], scanned: 5 }).service.list(caller, {})).pagination).toEqual({
      nextCursor: null,
    });
    const bounded = await serviceAnswering({
      events: [],
      scanned: EVENT_SCAN_LIMIT,
      lastScanned: 'evt_9',
    }).service.list(caller, { types: ['post.failed'] });
    expect(bounded.items).toEqual([]);
    expect(bounded.pagination).toEqual({ nextCursor: 'evt_9' });
  });

  it('starts after `after` or `cursor`, which must agree and name one of the customer’s kept events', async () => {
    const { service, asked } = serviceAnswering({});
    await service.list(caller, { cursor: 'evt_5' });
    await service.list(caller, { after: 'evt_5', cursor: 'evt_5' });
    expect(asked.map((query) => query.after)).toEqual(['evt_5', 'evt_5']);
    expect(await refusal(service.list(caller, { after: 'evt_5', cursor: 'evt_6' }))).toEqual({
      code: 'validation_failed',
      details: [{ field: 'cursor', message: expect.stringContaining('same parameter') }],
    });
    expect(await refusal(service.list(caller, { after: 'MTc5NTI4' }))).toEqual({
      code: 'validation_failed',
      details: [{ field: 'after', message: expect.stringContaining('must be an event id') }],
    });
    expect(await refusal(serviceAnswering({ cursorFound: false }).service.list(caller, { after: 'evt_7' }))).toEqual({
      code: 'validation_failed',
      details: [{ field: 'after', message: expect.stringContaining('not one of your events of the last 30 days') }],
    });
  });
});
