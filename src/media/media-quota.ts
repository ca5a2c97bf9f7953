import { ApiException } from '../common/errors/api-exception';

/**
 * Refuses an announcement of `size` bytes that would take the customer past `quotaBytes` (0: no
 * quota), with 422 `media_quota_exceeded`. `held` reads the bytes the customer's media already hold
 * (MediaStore.bytesHeld: every medium uploaded or being uploaded, and every medium announced whose
 * upload URL is still valid, its size reserved when it is announced so the upload itself never finds
 * the quota full; an announcement whose URL expired without a finished upload can never become ready,
 * and stops counting then, long before the purge removes its row). It is read only when there is a
 * quota. Call this inside the transaction that inserts the medium, holding the customer's lock
 * (CustomersStore.lockForUpdate), so two announcements at once cannot both take the last free bytes.
 */
export async function checkMediaQuota(held: () => Promise<number>, size: number, quotaBytes: number): Promise<void> {
  if (quotaBytes <= 0) return;
  const heldBytes = await held();
  if (heldBytes + size <= quotaBytes) return;
  throw new ApiException(
    'media_quota_exceeded',
    `This medium's ${size} bytes would take your media past their quota of ${quotaBytes} bytes ` +
      `(${heldBytes} bytes already uploaded or announced). Media no post uses are deleted after MEDIA_RETENTION_DAYS; ` +
      'an announcement not uploaded within its hour stops counting',
  );
}
