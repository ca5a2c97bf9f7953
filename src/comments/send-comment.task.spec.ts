import { ConnectedAccount } from '../accounts/connected-account.entity';
import type { AccountCall, AccountCallRunner } from '../accounts';
import { SystemClock } from '../common/clock/clock';
import type { TaskRegistry } from '../queue';
import { CommentRequest } from './comment-request';
import type { CommentsStore } from './comments.store';
import type { PublishedDeliveries, PublishedDelivery } from './published-delivery';
import { SendCommentTask } from './send-comment.task';

const account = (refreshToken: string, status: ConnectedAccount['status'] = 'active') =>
  Object.assign(new ConnectedAccount(), {
    id: 'acc_1',
    customerId: 'cus_1',
    platform: 'x',
    status,
    refreshTokenEncrypted: refreshToken,
  });

const request: CommentRequest = {
  id: 'cmr_1',
  customerId: 'cus_1',
  postId: 'post_1',
  deliveryId: 'dlv_1',
  accountId: 'acc_1',
  text: 'Thank you!',
  replyToId: '42',
  status: 'queued',
  attempts: 1,
  rateLimitWaits: 0,
  platformCommentId: null,
  errorCode: null,
  errorMessage: null,
  nextAttemptAt: null,
  createdAt: new Date('2026-03-01T12:00:00Z'),
  sentAt: null,
};

/**
 * The task with its store, deliveries and runner standing in: the delivery (and its account) is read
 * before the lane; `underLane` is the account as the database holds it once the lane is held.
 */
function taskWith(underLane: ConnectedAccount | null) {
  const calledWith: ConnectedAccount[] = [];
  const outcomes: string[] = [];
  const store = {
    byId: async () => request,
    begin: async () => ({ ...request, status: 'sending' }),
    sent: async (_id: string, commentId: string) => void outcomes.push(`sent ${commentId}`),
    failed: async (_id: string, code: string) => void outcomes.push(`failed ${code}`),
    later: async () => void outcomes.push('later'),
  } as unknown as CommentsStore;
  const target = { account: account('refresh-read-before-the-lane'), delivery: {}, comments: {} } as PublishedDelivery;
  const deliveries = { find: async () => target } as unknown as PublishedDeliveries;
  const runner = {
    holdingLane: async (_id: string, _customer: string, work: (workerId: string) => Promise<unknown>) => ({
      held: true,
      result: await work('worker-1'),
    }),
    holdingAccount: async (
      _id: string,
      _customer: string,
      work: (found: ConnectedAccount | null, workerId: string) => Promise<unknown>,
    ) => ({ held: true, result: await work(underLane, 'worker-1') }),
    call: async (spec: AccountCall<unknown>) => {
      calledWith.push(spec.account);
      return { kind: 'done', value: 'cmt_9' };
    },
  } as unknown as AccountCallRunner;
  const task = new SendCommentTask({} as TaskRegistry, store, deliveries, runner, new SystemClock());
  return { task, calledWith, outcomes };
}

describe('SendCommentTask', () => {
  it('answers with the account as read under the lane, whose tokens a publish or refresh before may have rotated', async () => {
    const rotated = account('refresh-after-rotation');
    const { task, calledWith, outcomes } = taskWith(rotated);
    await task.run('cmr_1');
    expect(calledWith.map((used) => used.refreshTokenEncrypted)).toEqual(['refresh-after-rotation']);
    expect(outcomes).toEqual(['sent cmt_9']);
  });

  it('does not answer for an account expired or disconnected before the lane was held', async () => {
    for (const [found, code] of [
      [account('r', 'expired'), 'failed token_expired'],
      [account('r', 'disconnected'), 'failed account_disconnected'],
      [null, 'failed account_disconnected'],
    ] as const) {
      const { task, calledWith, outcomes } = taskWith(found);
      await task.run('cmr_1');
      expect({ calls: calledWith.length, outcomes }).toEqual({ calls: 0, outcomes: [code] });
    }
  });
});
