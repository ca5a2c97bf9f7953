import { DeliveryStatus } from './delivery.entity';
import { postStatusOf } from './post-status';

const of = (...statuses: DeliveryStatus[]) => postStatusOf(statuses.map((status) => ({ status })));

describe('postStatusOf', () => {
  it.each([
    [['draft', 'draft'], 'draft'],
    [['scheduled', 'scheduled'], 'scheduled'],
    [['pending'], 'queued'],
    [['pending', 'scheduled'], 'queued'],
    [['publishing', 'pending'], 'publishing'],
    [['published', 'pending'], 'publishing'],
    [['published', 'published'], 'published'],
    [['published', 'failed'], 'partially_published'],
    [['published', 'canceled'], 'partially_published'],
    [['failed', 'failed'], 'failed'],
    [['failed', 'canceled'], 'failed'],
    [['canceled', 'canceled'], 'canceled'],
    [['deleting', 'published'], 'unpublishing'],
    [['deleting', 'deleted'], 'unpublishing'],
    [['deleted', 'deleted'], 'deleted'],
    [['deleted', 'canceled'], 'deleted'],
    [['deleted', 'published'], 'partially_published'],
  ] as Array<[DeliveryStatus[], string]>)('%p → %s', (statuses, expected) => expect(of(...statuses)).toBe(expected));
});
