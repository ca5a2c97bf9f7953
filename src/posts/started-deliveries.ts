import type { LaneHold } from '../queue';
import type { FieldError } from '../common/errors/api-exception';
import { Delivery, DeliveryStatus } from './delivery.entity';

/** Statuses a delivery may be edited in: nothing of it has been tried yet. */
const NOT_STARTED: ReadonlySet<DeliveryStatus> = new Set(['draft', 'scheduled', 'pending']);

/** A delivery an edit may not touch, and why, in words for the customer. */
export interface StartedDelivery {
  deliveryId: string;
  why: string;
}

/**
 * The deliveries of a post that have started, as publishing itself decides it: a worker holds the
 * lane of its account for it (claimed: publishing may begin at any moment), it was tried already
 * (attempts, even if it waits to be tried again), or it is in flight or final. `lanes` are the
 * accounts' lanes as locked by the caller (QueueStore.lockLanes), so no claim can appear between
 * this answer and the caller's commit.
 */
export function startedDeliveries(
  deliveries: ReadonlyArray<Pick<Delivery, 'id' | 'status' | 'attempts' | 'platform'>>,
  lanes: ReadonlyArray<LaneHold>,
): StartedDelivery[] {
  const claimed = new Set(lanes.flatMap((lane) => (lane.claimedBy && lane.deliveryId ? [lane.deliveryId] : [])));
  return deliveries.flatMap((delivery): StartedDelivery[] => {
    const name = `delivery ${delivery.id} (${delivery.platform})`;
    if (!NOT_STARTED.has(delivery.status)) return [{ deliveryId: delivery.id, why: `${name} is ${delivery.status}` }];
    if (claimed.has(delivery.id))
      return [{ deliveryId: delivery.id, why: `${name} is claimed by a worker: publishing is beginning` }];
    if (delivery.attempts > 0)
      return [{ deliveryId: delivery.id, why: `${name} was already tried (${delivery.attempts} attempts)` }];
    return [];
  });
}

/** The 409's details: one entry per started delivery. */
export function startedDetails(started: StartedDelivery[]): FieldError[] {
  return started.map(({ deliveryId, why }) => ({ field: `deliveries.${deliveryId}`, message: why }));
}
