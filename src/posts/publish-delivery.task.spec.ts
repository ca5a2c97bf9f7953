import { AccountCallRunner } from '../accounts/account-call-runner';
import type { AccountsStore } from '../accounts/accounts.store';
import type { AccountExpiry } from '../accounts/account-expiry';
import type { AccountPermissionChanges } from '../accounts/account-permission-changes';
import type { ConnectedAccount } from '../accounts/connected-account.entity';
import type { TokenRefresher } from '../accounts/token-refresher';
import { TestClock } from '../common/clock/test-clock';
import type { MediaService } from '../media/media.service';
import type { AppCredentialsResolver } from '../networks/apps/app-credentials.resolver';
import type { PublishOutcome } from '../networks/network-adapter';
import { NetworkError } from '../networks/network-error';
import type { NetworkRegistry } from '../networks/network-registry';
import type { AccountLanes } from '../queue/account-lanes';
import type { Database } from '../database/database';
import type { Attempt, DeliveriesStore } from './deliveries.store';
import type { Delivery } from './delivery.entity';
import type { Post } from './post.entity';
import { PublishDeliveryTask } from './publish-delivery.task';
import { AttemptTraces } from './attempts/attempt-traces';
import type { DeliveryAttemptsStore } from './attempts/delivery-attempts.store';
import { MAX_ATTEMPTS, MAX_RATE_LIMIT_WAIT_MS } from './retry-policy';

/**
 * The publishing decision for one claimed delivery, with the time set by a TestClock: what the
 * network's answer (or its error) becomes. Only the side effects are stand-ins (the store, the
 * network's adapter, tokens, media); the rules are the task's and retry-policy's own.
 */

const transaction = { name: 'the transaction' };

function attemptWith(
  overrides: { delivery?: Partial<Delivery>; account?: Partial<ConnectedAccount>; post?: Partial<Post> } = {},
): Attempt {
  return {
    delivery: {
      id: 'dlv_1',
      attempts: 1,
      rateLimitWaits: 0,
      progress: {},
      createdAt: new Date('2026-11-21T11:59:00Z'),
      ...overrides.delivery,
    } as Delivery,
    post: {
      id: 'post_1',
      customerId: 'cus_1',
      tenantId: 'ten_1',
      containers: [{ content: 'hello', media: [] }],
      variants: {},
      ...overrides.post,
    } as unknown as Post,
    account: {
      id: 'acc_1',
      platform: 'x',
      username: 'someone',
      networkAccountId: '42',
      status: 'active',
      scopes: ['tweet.write'],
      ...overrides.account,
    } as ConnectedAccount,
    ownApp: undefined,
    resuming: false,
  };
}

function world(attempt: Attempt | undefined) {
  const clock = new TestClock('2026-11-21T12:00:00Z');
  const publish = jest.fn<Promise<PublishOutcome>, [unknown]>();
  const adapter = { publish, permissionNeeds: { publish: [['tweet.write']] } };
  const store = {
    begin: jest.fn().mockResolvedValue(attempt),
    lockOpen: jest.fn(),
    checkpoint: jest.fn(),
    pollAgain: jest.fn().mockResolvedValue(undefined),
    published: jest.fn().mockResolvedValue(undefined),
    retryLater: jest.fn().mockResolvedValue(undefined),
    failed: jest.fn().mockResolvedValue(undefined),
  };
  const database = { transaction: jest.fn((work: (manager: unknown) => unknown) => work(transaction)) };
  const expiry = { expire: jest.fn().mockResolvedValue(true) };
  const permissions = { afterRefusal: jest.fn().mockResolvedValue([]) };
  const tokens = {
    freshTokens: jest.fn().mockResolvedValue({ accessToken: 'token' }),
    storedTokens: jest.fn().mockReturnValue({ accessToken: 'token' }),
  };
  const networks = { get: () => adapter } as unknown as NetworkRegistry;
  const task = new PublishDeliveryTask(
    database as unknown as Database,
    store as unknown as DeliveriesStore,
    networks,
    new AccountCallRunner(
      database as unknown as Database,
      {} as AccountsStore,
      {} as AccountLanes,
      tokens as unknown as TokenRefresher,
      { appWith: jest.fn().mockResolvedValue({ clientId: 'app' }) } as unknown as AppCredentialsResolver,
      networks,
      expiry as unknown as AccountExpiry,
    ),
    { markUsed: jest.fn(), publishUrl: (medium: { url: string }) => medium.url } as unknown as MediaService,
    permissions as unknown as AccountPermissionChanges,
    clock,
    new AttemptTraces({ insert: jest.fn().mockResolvedValue(undefined) } as unknown as DeliveryAttemptsStore, clock),
  );
  return { task, clock, publish, store, expiry, permissions };
}

/** The failure the store recorded: its code and message. */
function failure(store: ReturnType<typeof world>['store']): { code: string; message: string } {
  expect(store.failed).toHaveBeenCalledTimes(1);
  return store.failed.mock.calls[0][1] as { code: string; message: string };
}

describe('PublishDeliveryTask', () => {
  let random: jest.SpyInstance;
  beforeEach(() => (random = jest.spyOn(Math, 'random').mockReturnValue(0.5)));
  afterEach(() => random.mockRestore());

  it('records the post as published, with its event', async () => {
    const { task, publish, store } = world(attemptWith());
    publish.mockResolvedValue({
      kind: 'published',
      platformPostId: '1001',
      permalink: 'https://x.com/someone/status/1001',
    });
    await task.run('dlv_1', 'wrk_1');
    expect(store.published).toHaveBeenCalledWith(
      'dlv_1',
      { platformPostId: '1001', permalink: 'https://x.com/someone/status/1001', progress: undefined },
      expect.objectContaining({ type: 'post.published', data: expect.objectContaining({ platformPostId: '1001' }) }),
    );
    expect(store.retryLater).not.toHaveBeenCalled();
    expect(store.failed).not.toHaveBeenCalled();
  });

  it("publishes the account's own containers and its network's options with the override's on top, as accepted", async () => {
    const { task, publish } = world(
      attemptWith({
        post: {
          variants: {
            networks: { x: { containers: [{ content: 'for X', media: [] }], options: { replySettings: 'following' } } },
            accounts: { acc_1: { containers: [{ content: 'mine', media: [] }], options: { quotePostId: '20' } } },
          },
        },
      }),
    );
    publish.mockResolvedValue({ kind: 'published', platformPostId: '1', permalink: null });
    await task.run('dlv_1', 'wrk_1');
    expect(publish).toHaveBeenCalledWith(
      expect.objectContaining({
        parts: [{ text: 'mine', media: [] }],
        options: { replySettings: 'following', quotePostId: '20' },
      }),
    );
  });

  it('sends no options when the post has none', async () => {
    const { task, publish } = world(attemptWith());
    publish.mockResolvedValue({ kind: 'published', platformPostId: '1', permalink: null });
    await task.run('dlv_1', 'wrk_1');
    expect(publish.mock.calls[0]![0]).not.toHaveProperty('options');
    expect(publish).toHaveBeenCalledWith(expect.objectContaining({ parts: [{ text: 'hello', media: [] }] }));
  });

  it('asks again at the time the network names while it is still processing', async () => {
    const { task, publish, store } = world(attemptWith());
    const at = new Date('2026-11-21T12:00:10Z');
    publish.mockResolvedValue({ kind: 'poll', at, progress: { containerId: 'c1' } });
    await task.run('dlv_1', 'wrk_1');
    expect(store.pollAgain).toHaveBeenCalledWith('dlv_1', { containerId: 'c1' }, at);
  });

  it('retries a transient error on the backoff, counted from the clock, resuming: the network may have made the post', async () => {
    const { task, clock, publish, store } = world(attemptWith({ delivery: { attempts: 2 } }));
    clock.set('2026-11-21T15:00:00Z');
    publish.mockRejectedValue(new NetworkError('x', 'transient', 'Service Unavailable'));
    await task.run('dlv_1', 'wrk_1');
    // Second attempt: 60 s, jitter at its middle.
    expect(store.retryLater).toHaveBeenCalledWith(
      'dlv_1',
      {
        at: new Date('2026-11-21T15:01:00Z'),
        code: 'network_unavailable',
        message: 'Service Unavailable',
        resume: true,
      },
      transaction,
    );
    expect(store.failed).not.toHaveBeenCalled();
  });

  it('gives a transient error up after MAX_ATTEMPTS attempts that were not waits', async () => {
    const { task, publish, store } = world(
      attemptWith({ delivery: { attempts: MAX_ATTEMPTS + 3, rateLimitWaits: 3 } }),
    );
    publish.mockRejectedValue(new NetworkError('x', 'transient', 'Service Unavailable'));
    await task.run('dlv_1', 'wrk_1');
    expect(failure(store)).toEqual({ code: 'retries_exhausted', message: 'Service Unavailable' });
    expect(store.failed.mock.calls[0][2]).toMatchObject({
      type: 'post.failed',
      data: { errorCode: 'retries_exhausted' },
    });
    expect(store.retryLater).not.toHaveBeenCalled();
  });

  it("waits for a rate limit's window, and fails once that is too long after the delivery was made", async () => {
    const created = new Date('2026-11-21T11:59:00Z');
    const limited = (retryAt: Date) => new NetworkError('x', 'rate_limited', 'Too Many Requests', { retryAt });
    const first = world(attemptWith({ delivery: { createdAt: created } }));
    first.publish.mockRejectedValue(limited(new Date('2026-11-21T12:15:00Z')));
    await first.task.run('dlv_1', 'wrk_1');
    expect(first.store.retryLater).toHaveBeenCalledWith(
      'dlv_1',
      {
        at: new Date('2026-11-21T12:15:03Z'),
        code: 'rate_limited',
        message: 'Too Many Requests',
        resume: false,
        networkResetAt: new Date('2026-11-21T12:15:00Z'),
      },
      transaction,
    );

    // The same answer, the clock moved to near the end of the wait allowed.
    const later = world(attemptWith({ delivery: { createdAt: created } }));
    later.clock.set(new Date(created.getTime() + MAX_RATE_LIMIT_WAIT_MS - 60_000));
    later.publish.mockRejectedValue(limited(new Date(created.getTime() + MAX_RATE_LIMIT_WAIT_MS + 3_600_000)));
    await later.task.run('dlv_1', 'wrk_1');
    expect(failure(later.store).code).toBe('rate_limited');
    expect(later.store.retryLater).not.toHaveBeenCalled();
  });

  it('fails a permanent refusal at once', async () => {
    const { task, publish, store } = world(attemptWith());
    publish.mockRejectedValue(new NetworkError('x', 'permanent', 'duplicate content'));
    await task.run('dlv_1', 'wrk_1');
    expect(failure(store)).toEqual({ code: 'network_rejected', message: 'duplicate content' });
  });

  it('expires the account and fails with token_expired when the network refuses the token', async () => {
    const attempt = attemptWith();
    const { task, publish, store, expiry } = world(attempt);
    publish.mockRejectedValue(new NetworkError('x', 'auth_expired', 'invalid token'));
    await task.run('dlv_1', 'wrk_1');
    expect(expiry.expire).toHaveBeenCalledWith(transaction, attempt.account, 'invalid token');
    expect(failure(store).code).toBe('token_expired');
  });

  it('fails a refusal for a permission, naming the permission the account lost', async () => {
    const { task, publish, store, permissions } = world(attemptWith());
    permissions.afterRefusal.mockResolvedValue(['tweet.write']);
    publish.mockRejectedValue(new NetworkError('x', 'permanent', 'Forbidden', { permissionDenied: true }));
    await task.run('dlv_1', 'wrk_1');
    const { code, message } = failure(store);
    expect(code).toBe('permission_missing');
    expect(message).toContain('the account no longer grants tweet.write');
  });

  it('fails a permission refusal that comes as auth_expired for the permission, expiring nothing', async () => {
    const { task, publish, store, expiry } = world(attemptWith());
    publish.mockRejectedValue(new NetworkError('x', 'auth_expired', 'Forbidden', { permissionDenied: true }));
    await task.run('dlv_1', 'wrk_1');
    expect(failure(store).code).toBe('permission_missing');
    expect(expiry.expire).not.toHaveBeenCalled();
  });

  it('refuses without calling the network when the account lacks a permission the post needs', async () => {
    const { task, publish, store } = world(attemptWith({ account: { scopes: [] } }));
    await task.run('dlv_1', 'wrk_1');
    expect(publish).not.toHaveBeenCalled();
    const { code, message } = failure(store);
    expect(code).toBe('permission_missing');
    expect(message).toContain('was not granted tweet.write');
  });

  it('but lets the network decide when part of the delivery is already out', async () => {
    const { task, publish, store } = world(
      attemptWith({ account: { scopes: [] }, delivery: { progress: { tweetIds: ['1'] } } }),
    );
    publish.mockResolvedValue({ kind: 'published', platformPostId: '1', permalink: null });
    await task.run('dlv_1', 'wrk_1');
    expect(publish).toHaveBeenCalled();
    expect(store.failed).not.toHaveBeenCalled();
  });

  it('fails a delivery whose account expired before it was claimed, with the reason', async () => {
    const { task, store, publish } = world(undefined);
    const open = attemptWith({ account: { status: 'expired' } });
    store.lockOpen.mockResolvedValue(open);
    await task.run('dlv_1', 'wrk_1');
    expect(publish).not.toHaveBeenCalled();
    expect(failure(store).code).toBe('account_expired');
  });

  it('leaves our own trouble to the caller, recording nothing', async () => {
    const { task, publish, store } = world(attemptWith());
    publish.mockRejectedValue(new Error('connection pool closed'));
    await expect(task.run('dlv_1', 'wrk_1')).rejects.toThrow('connection pool closed');
    expect(store.failed).not.toHaveBeenCalled();
    expect(store.retryLater).not.toHaveBeenCalled();
  });
});
