import { ApiException } from '../common/errors/api-exception';
import { TestClock } from '../common/clock/test-clock';
import type { Database } from '../database/database';
import { NetworkError } from '../networks/network-error';
import { decodeCommentCursor, encodeCommentCursor } from './comment-cursor';
import { AccountCallRunner } from '../accounts/account-call-runner';
import type { AccountExpiry } from '../accounts/account-expiry';
import type { AccountsStore } from '../accounts/accounts.store';
import type { TokenRefresher } from '../accounts/token-refresher';
import type { AppCredentialsResolver } from '../networks/apps/app-credentials.resolver';
import type { NetworkRegistry } from '../networks/network-registry';
import type { AccountLanes } from '../queue/account-lanes';
import { CommentsService } from './comments.service';
import type { CommentsStore } from './comments.store';
import type { PublishedDeliveries } from './published-delivery';
import type { PostsStore } from '../posts/posts.store';

/**
 * Reading comments through to the network, with the time set by a TestClock: the page and our
 * cursor around the network's, and what the network's trouble becomes for the caller.
 */
function world() {
  const clock = new TestClock('2026-11-21T12:00:00Z');
  const listComments = jest.fn();
  const account = { id: 'acc_1', customerId: 'cus_1', platform: 'x', networkAccountId: '42', username: 'someone' };
  const deliveries = {
    find: jest.fn().mockResolvedValue({ account, delivery: { platformPostId: '1001' }, comments: { listComments } }),
  };
  const service = new CommentsService(
    {} as Database,
    deliveries as unknown as PublishedDeliveries,
    new AccountCallRunner(
      {} as Database,
      {} as AccountsStore,
      {} as AccountLanes,
      { storedTokens: () => ({ accessToken: 'token' }) } as unknown as TokenRefresher,
      { appFor: async () => ({ clientId: 'app' }) } as unknown as AppCredentialsResolver,
      { get: () => ({}) } as unknown as NetworkRegistry,
      {} as AccountExpiry,
    ),
    {} as CommentsStore,
    clock,
    {} as PostsStore,
  );
  return { service, clock, listComments, deliveries };
}

async function refusal(promise: Promise<unknown>): Promise<ApiException> {
  const error: unknown = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiException)) throw new Error(`Expected an ApiException, got ${String(error)}`);
  return error;
}

describe('CommentsService.list', () => {
  const comment = { id: 'c1', text: 'hi', createdAt: '2026-11-21T11:00:00Z' };

  it("wraps the network's cursor in ours, for this delivery", async () => {
    const { service, listComments } = world();
    listComments.mockResolvedValue({ comments: [comment], next: 'network-page-2' });
    const page = await service.list('cus_1', 'post_1', { deliveryId: 'dlv_1', limit: 10 });
    expect(page.items).toEqual([comment]);
    expect(decodeCommentCursor(page.pagination.nextCursor!, 'dlv_1')).toBe('network-page-2');
    expect(listComments).toHaveBeenCalledWith(
      {
        networkAccountId: '42',
        username: 'someone',
        tokens: { accessToken: 'token' },
        app: { clientId: 'app' },
        objectId: '1001',
      },
      { limit: 10, cursor: undefined },
    );
  });

  it('hands the network its own cursor back, and 25 comments when no limit is asked', async () => {
    const { service, listComments } = world();
    listComments.mockResolvedValue({ comments: [], next: undefined });
    const page = await service.list('cus_1', 'post_1', {
      deliveryId: 'dlv_1',
      cursor: encodeCommentCursor('dlv_1', 'network-page-2'),
    });
    expect(listComments).toHaveBeenCalledWith(expect.objectContaining({ objectId: '1001' }), {
      limit: 25,
      cursor: 'network-page-2',
    });
    expect(page.pagination.nextCursor).toBeNull();
  });

  it("answers a rate limit with Retry-After: the seconds from the clock to the network's reset", async () => {
    const { service, clock, listComments } = world();
    clock.set('2026-11-21T12:00:00.500Z');
    listComments.mockRejectedValue(
      new NetworkError('instagram', 'rate_limited', 'limited', { retryAt: new Date('2026-11-21T12:15:00Z') }),
    );
    const error = await refusal(service.list('cus_1', 'post_1', { deliveryId: 'dlv_1' }));
    expect(error.code).toBe('network_rate_limited');
    // 899.5 s, rounded up.
    expect(error.headers).toEqual({ 'Retry-After': '900' });
  });

  it('says one second at least, when the network gave no reset time or one already past', async () => {
    const { service, listComments } = world();
    listComments.mockRejectedValueOnce(new NetworkError('x', 'rate_limited', 'limited'));
    expect((await refusal(service.list('cus_1', 'post_1', { deliveryId: 'dlv_1' }))).headers).toEqual({
      'Retry-After': '1',
    });
    listComments.mockRejectedValueOnce(
      new NetworkError('x', 'rate_limited', 'limited', { retryAt: new Date('2026-11-21T11:00:00Z') }),
    );
    expect((await refusal(service.list('cus_1', 'post_1', { deliveryId: 'dlv_1' }))).headers).toEqual({
      'Retry-After': '1',
    });
  });

  it('asks for a reconnect when the network refuses the token, and says the network failed otherwise', async () => {
    const { service, listComments } = world();
    listComments.mockRejectedValueOnce(new NetworkError('x', 'auth_expired', 'invalid token'));
    expect((await refusal(service.list('cus_1', 'post_1', { deliveryId: 'dlv_1' }))).code).toBe('account_not_active');
    listComments.mockRejectedValueOnce(new NetworkError('x', 'transient', 'Service Unavailable'));
    const unavailable = await refusal(service.list('cus_1', 'post_1', { deliveryId: 'dlv_1' }));
    expect(unavailable.code).toBe('network_unavailable');
    expect(unavailable.message).toContain('The network could not be read');
  });

  it('lets our own trouble through as it is', async () => {
    const { service, listComments } = world();
    listComments.mockRejectedValue(new TypeError('boom'));
    await expect(service.list('cus_1', 'post_1', { deliveryId: 'dlv_1' })).rejects.toThrow(TypeError);
  });
});
