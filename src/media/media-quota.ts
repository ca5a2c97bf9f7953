import type { EntityManager } from 'typeorm';
import { ApiException } from '../common/errors/api-exception';

/**
 * The bytes a customer's media hold against its quota (MEDIA_QUOTA_BYTES, per customer row, so per
 * mode): every medium uploaded or being uploaded, and every medium announced whose upload URL is
 * still valid (its size is reserved when it is announced, so the upload itself never finds the
 * quota full). An announcement whose URL expired without a finished upload can never become ready,
 * and stops counting then, long before the purge removes its row.
 */
export async function mediaBytesHeld(
  manager: EntityManager,
  customerId: string,
  uploadUrlTtlMs: number,
): Promise<number> {
  const [row] = (await manager.query(
    `SELECT coalesce(sum(size), 0)::text AS held FROM media
      WHERE customer_id = $1
        AND (state IN ('ready', 'uploading') OR created_at > now() - $2 * interval '1 millisecond')`,
    [customerId, uploadUrlTtlMs],
  )) as Array<{ held: string }>;
  return Number(row?.held ?? 0);
}

/**
 * Refuses an announcement of `size` bytes that would take the customer past `quotaBytes` (0: no
 * quota), with 422 `media_quota_exceeded`. Call it inside the transaction that inserts the medium,
 * holding the customer's lock (CustomersStore.lockForUpdate), so two announcements at once cannot
 * both take the last free bytes.
 */
export async function checkMediaQuota(
  manager: EntityManager,
  customerId: string,
  size: number,
  quotaBytes: number,
  uploadUrlTtlMs: number,
): Promise<void> {
  if (quotaBytes <= 0) return;
  const held = await mediaBytesHeld(manager, customerId, uploadUrlTtlMs);
  if (held + size <= quotaBytes) return;
  throw new ApiException(
    'media_quota_exceeded',
    `This medium's ${size} bytes would take your media past their quota of ${quotaBytes} bytes ` +
      `(${held} bytes already uploaded or announced). Media no post uses are deleted after MEDIA_RETENTION_DAYS; ` +
      'an announcement not uploaded within its hour stops counting',
  );
}
