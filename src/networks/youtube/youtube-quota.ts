import { YouTubeContract, youTubeQuotaDay } from '../../contracts';
import { NetworkError } from '../network-error';
import type { NetworkQuotaStore } from '../quota';
import type { YouTubeQuotaLimits } from './youtube.settings';

/** Charges a method's cost to the app's quota of the day before the call is made. */
export interface YouTubeQuotaGuard {
  charge(method: string): Promise<void>;
}

/**
 * YouTube's quota, counted on our side per app (its client id: one Google Cloud project) and quota
 * day (midnight to midnight Pacific): videos.insert one call of its own bucket, every other method
 * its cost in units (contracts/youtube/api-rules.json `quota`). A call that would pass a limit is not
 * made: the delivery waits (rate_limited) until the next quota day instead of being refused by
 * YouTube; YouTube's own 403 quotaExceeded is read the same way (youtube-errors.ts).
 */
export function youTubeQuotaGuard(
  store: NetworkQuotaStore,
  network: string,
  appKey: string,
  limits: YouTubeQuotaLimits,
  now: () => Date = () => new Date(),
): YouTubeQuotaGuard {
  const contract = YouTubeContract.load();
  return {
    async charge(method: string): Promise<void> {
      const upload = method === 'videos.insert';
      const day = youTubeQuotaDay(now().getTime());
      const charged = await store.charge(
        { network, appKey, window: day.day, bucket: upload ? 'videos.insert' : 'units' },
        upload ? contract.rules.quota.buckets['videos.insert'].costPerCall : contract.cost(method),
        upload ? limits.uploadsPerDay : limits.unitsPerDay,
      );
      if (!charged)
        throw new NetworkError(
          network,
          'rate_limited',
          `The app's YouTube quota for ${day.day} (Pacific) is used up (${upload ? `${limits.uploadsPerDay} uploads` : `${limits.unitsPerDay} units`}): waiting for the next quota day`,
          { code: 'quota_exhausted', retryAt: new Date(day.endsAt) },
        );
    },
  };
}

/** A guard that charges nothing (a test without a database). */
export const UNCOUNTED_QUOTA: YouTubeQuotaGuard = { charge: async () => undefined };
