import type { AccountsStore } from '../accounts';
import { TestClock } from '../common/clock/test-clock';
import { ApiException } from '../common/errors/api-exception';
import type { UrlSafety } from '../common/url-safety';
import type { Database } from '../database';
import type { MediaService } from '../media';
import type { NetworkRegistry } from '../networks';
import type { EventOutbox } from '../webhooks';
import type { DeliveriesStore } from './deliveries.store';
import type { CreatePostBody } from './dto/create-post.body';
import { MediaReachability } from './media-reachability';
import { PostAcceptance } from './post-acceptance';
import { ContainerResolver } from './container-resolver';
import { PostReview } from './post-review';
import type { PostWriteBatcher } from './post-write-batcher';
import type { PostWriter } from './post-writer';
import { PostsService } from './posts.service';
import type { PostsStore } from './posts.store';

/**
 * A post's scheduledAt is judged at the Clock's time, by POST /posts and POST /posts/validate
 * alike: it must come after it, and within a year of it. The review and acceptance are the real
 * ones; the post has no accounts and no media, so the stores and the media service behind them are
 * asked for nothing (an empty lookup), and nothing is written: a refused post stops before that.
 */
function world() {
  const clock = new TestClock('2026-11-21T12:00:00Z');
  const review = new PostReview(
    { findManyForCustomer: jest.fn().mockResolvedValue([]) } as unknown as AccountsStore,
    new ContainerResolver({} as UrlSafety, { find: jest.fn().mockResolvedValue(new Map()) } as unknown as MediaService),
    {} as NetworkRegistry,
  );
  const service = new PostsService(
    {} as Database,
    {} as PostsStore,
    {} as DeliveriesStore,
    new PostAcceptance(review, {} as MediaService),
    review,
    {} as PostWriter,
    {} as PostWriteBatcher,
    {} as EventOutbox,
    new MediaReachability({} as UrlSafety),
    clock,
  );
  const body = (scheduledAt: string): CreatePostBody =>
    ({ tenant_id: 'tenant_1', accounts: [], containers: [{ content: 'hello' }], scheduledAt }) as CreatePostBody;
  const rules = async (scheduledAt: string): Promise<string[]> =>
    (await service.validate('cus_1', body(scheduledAt))).problems.map((problem) => problem.rule);
  return { clock, service, body, rules };
}

describe('PostsService: scheduledAt and the clock', () => {
  it("must be after the clock's time: the clock's own millisecond is past", async () => {
    const { clock, rules } = world();
    expect(await rules('2026-11-21T12:00:00.001Z')).toEqual([]);
    expect(await rules('2026-11-21T12:00:00Z')).toEqual(['scheduled_at_past']);
    clock.advance(1);
    expect(await rules('2026-11-21T12:00:00.001Z')).toEqual(['scheduled_at_past']);
  });

  it("must be within a year of the clock's time", async () => {
    const { clock, rules } = world();
    expect(await rules('2027-11-21T12:00:00Z')).toEqual([]);
    expect(await rules('2027-11-21T12:00:00.001Z')).toEqual(['scheduled_at_too_far']);
    clock.advance(1);
    expect(await rules('2027-11-21T12:00:00.001Z')).toEqual([]);
  });

  it('is refused by POST /posts with a 400 once the clock has reached it', async () => {
    const { clock, service, body } = world();
    clock.set('2026-12-01T08:00:00Z');
    const error: unknown = await service.create('cus_1', body('2026-12-01T08:00:00Z')).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ApiException);
    expect((error as ApiException).status).toBe(400);
    expect((error as ApiException).details).toEqual([
      { field: 'scheduledAt', message: 'scheduledAt must be in the future' },
    ]);
  });
});
