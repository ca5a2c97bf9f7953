import type { ConnectedAccount } from '../../accounts';
import type { ErrorCode } from '../../common/errors/error-code';
import type { Delivery } from '../delivery.entity';

/** Why a delivery cannot be retried now: the code and message the API answers. */
export interface RetryRefusal {
  code: Extract<ErrorCode, 'delivery_not_failed' | 'account_not_active'>;
  message: string;
}

/**
 * Whether a retry of the delivery may be accepted: only a `failed` delivery is retried (one that is
 * pending, publishing or published has nothing to retry, and a second click on a retry already
 * accepted finds it so), and only while its account is active, since an expired or disconnected
 * account would only fail it again at once.
 */
export function retryRefusal(
  delivery: Pick<Delivery, 'status'>,
  account: Pick<ConnectedAccount, 'status'> | null,
): RetryRefusal | undefined {
  if (delivery.status !== 'failed')
    return {
      code: 'delivery_not_failed',
      message: `The delivery is ${delivery.status}: only a failed delivery can be retried`,
    };
  if (!account || account.status !== 'active')
    return {
      code: 'account_not_active',
      message: `The delivery's account is ${account?.status ?? 'gone'}; reconnect it (a new auth-url for the same tenant), then retry`,
    };
  return undefined;
}

/**
 * Whether the retried attempt must look on the network before it posts: when any earlier attempt
 * began (attempts > 0), its call may have reached the network even though the delivery failed
 * afterwards (a worker that died mid-call, an answer lost on the way back), so the adapter first
 * looks for what it may already have posted and adopts it. A delivery never begun (refused before
 * any attempt, e.g. its account had expired) has sent nothing, and starts afresh.
 */
export function mustLookFirst(delivery: Pick<Delivery, 'attempts'>): boolean {
  return delivery.attempts > 0;
}
