import { DeliveryStatus } from './delivery.entity';

export const POST_STATUSES = [
  'scheduled',
  'queued',
  'publishing',
  'published',
  'partially_published',
  'failed',
  'canceled',
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A post's status, derived from its deliveries' (never stored, so it cannot disagree with them). */
export function postStatusOf(deliveries: ReadonlyArray<{ status: DeliveryStatus }>): PostStatus {
  const count = (status: DeliveryStatus) => deliveries.filter((delivery) => delivery.status === status).length;
  const total = deliveries.length;
  if (count('publishing') > 0) return 'publishing';
  if (count('pending') > 0) return count('published') > 0 ? 'publishing' : 'queued';
  if (count('scheduled') > 0) return 'scheduled';
  if (count('published') === total) return 'published';
  if (count('published') > 0) return 'partially_published';
  if (count('canceled') === total) return 'canceled';
  return 'failed';
}
