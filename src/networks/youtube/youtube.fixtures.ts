import { YouTubeContract } from '../../contracts';
import type { YouTubeViolation } from '../../contracts';
import { APP, RecordingHttp } from '../http/recording-http.testing';
import { NetworkRequest } from '../http/network-http.client';
import type { NetworkQuotaStore, QuotaBucket } from '../quota';
import { YouTubeAdapter } from './youtube.adapter';
import { YouTubeSettings } from './youtube.settings';

/** Test fixtures of the YouTube adapter's specs: its settings, a quota kept in memory, and the contract check of what it sent. */

export const YT_API = 'https://youtube.googleapis.com';
export const YT_OAUTH = 'https://oauth2.googleapis.com';
export const YT_TOKEN = 'ya29.token';
export const YT_CHANNEL = 'UCabcdefghijklmnopqrstuv';
export const POLL_MS = 15_000;
export const PART_BYTES = 256 * 1024;

export const settings = new YouTubeSettings(
  'https://accounts.google.com/o/oauth2/v2/auth',
  YT_OAUTH,
  YT_API,
  APP,
  false,
  { unitsPerDay: 10_000, uploadsPerDay: 100 },
  PART_BYTES,
  POLL_MS,
);

/** The quota store, in memory: what each bucket used, and whether a charge over the limit was refused. */
export class MemoryQuota {
  readonly used = new Map<string, number>();

  async charge(bucket: QuotaBucket, cost: number, limit: number): Promise<boolean> {
    const key = `${bucket.network}:${bucket.appKey}:${bucket.window}:${bucket.bucket}`;
    const now = this.used.get(key) ?? 0;
    if (now + cost > limit) return false;
    this.used.set(key, now + cost);
    return true;
  }

  /** What a bucket used, whatever its window. */
  usedIn(bucket: string): number {
    return [...this.used].filter(([key]) => key.endsWith(`:${bucket}`)).reduce((total, [, used]) => total + used, 0);
  }
}

export function adapterWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  const quota = new MemoryQuota();
  return { adapter: new YouTubeAdapter(settings, http, quota as unknown as NetworkQuotaStore), http, quota };
}

/** Every request the adapter sent to youtube.googleapis.com (not the upload session), checked against the contract. */
export function contractViolations(requests: readonly NetworkRequest[]): YouTubeViolation[] {
  return requests
    .filter((request) => request.url.startsWith(YT_API) && !request.url.includes('upload_id='))
    .flatMap((request) => {
      const url = new URL(request.url);
      const query = Object.fromEntries(
        Object.entries({ ...Object.fromEntries(url.searchParams), ...request.query }).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      );
      return YouTubeContract.load().checkRequest({
        method: request.method,
        path: url.pathname,
        query,
        body: request.json,
      });
    });
}
