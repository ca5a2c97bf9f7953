import { DeliveryStatus } from './delivery.entity';

export const POST_STATUSES = [
  'draft',
  'scheduled',
  'queued',
  'publishing',
  'published',
  'partially_published',
  'failed',
  'canceled',
  'unpublishing',
  'deleted',
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A post's status, derived from its deliveries' (never stored, so it cannot disagree with them). */
export function postStatusOf(deliveries: ReadonlyArray<{ status: DeliveryStatus }>): PostStatus {
  const count = (status: DeliveryStatus) => deliveries.filter((delivery) => delivery.status === status).length;
  const total = deliveries.length;
  // A draft's deliveries are all drafts: published together, canceled together.
  if (count('draft') > 0) return 'draft';
  if (count('publishing') > 0) return 'publishing';
  if (count('pending') > 0) return count('published') > 0 ? 'publishing' : 'queued';
  if (count('scheduled') > 0) return 'scheduled';
  // Unpublishing comes after publishing is over (what was open is canceled first).
  if (count('deleting') > 0) return 'unpublishing';
  if (count('deleted') > 0 && count('published') === 0) return 'deleted';
  if (count('published') === total) return 'published';
  if (count('published') > 0) return 'partially_published';
  if (count('canceled') === total) return 'canceled';
  return 'failed';
}
