import { TikTokContract } from '../../contracts';
import type { TikTokViolation } from '../../contracts';
import type { MediaBytes } from '../../media';
import { APP, RecordingHttp } from '../http/recording-http.testing';
import { NetworkRequest, NetworkResponse } from '../http/network-http.client';
import { TikTokAdapter } from './tiktok.adapter';
import { TikTokSettings } from './tiktok.settings';

/** Test fixtures of the TikTok adapter's specs: its settings, TikTok's answers, and the contract check of what it sent. */

export const TT_API = 'https://open.tiktokapis.com';
export const TT_AUTHORIZE = 'https://www.tiktok.com/v2/auth/authorize/';
export const TT_UPLOAD = 'https://open-upload.tiktokapis.com/video/?upload_id=1&upload_token=t';
export const TT_TOKEN = 'act.token';
export const TT_CREATOR = '-000creator';
export const POLL_MS = 10_000;

export const settingsWith = (changes: Partial<{ audited: boolean; pullUrlPrefixes: string[] }> = {}) =>
  new TikTokSettings(
    TT_AUTHORIZE,
    TT_API,
    APP,
    false,
    POLL_MS,
    5 * 1024 * 1024,
    changes.pullUrlPrefixes ?? [],
    changes.audited ?? true,
  );

export function adapterWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  return adapterOf(settingsWith(), ...answers);
}

export function adapterOf(settings: TikTokSettings, ...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { adapter: new TikTokAdapter(settings, http), http };
}

/** TikTok's success envelope around `data`. */
export function ok(data: Record<string, unknown>, text?: string): NetworkResponse {
  const body = { data, error: { code: 'ok', message: '', log_id: 'L1' } };
  return { status: 200, headers: {}, body, ...(text ? { text } : {}) };
}

/** TikTok's error envelope. */
export function refused(status: number, code: string, message = 'refused'): NetworkResponse {
  return { status, headers: {}, body: { error: { code, message, log_id: 'L2' } } };
}

export const creatorInfo = (levels = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'], extra = {}) =>
  ok({
    creator_username: 'ada.bakes',
    creator_nickname: 'Ada',
    privacy_level_options: levels,
    comment_disabled: false,
    duet_disabled: false,
    stitch_disabled: false,
    max_video_post_duration_sec: 600,
    ...extra,
  });

/** A status answer as TikTok writes it: the post ids as JSON numbers (`ids` written into the text as they are). */
export function statusAnswer(status: string, ids: string[] = [], extra: Record<string, unknown> = {}): NetworkResponse {
  const data = { status, publicaly_available_post_id: ids.map(Number), ...extra };
  const text = JSON.stringify({
    data: { ...data, publicaly_available_post_id: '__IDS__' },
    error: { code: 'ok' },
  }).replace('"__IDS__"', `[${ids.join(',')}]`);
  return { status: 200, headers: {}, body: { data, error: { code: 'ok' } }, text };
}

/** A video of `size` bytes kept by the service, streamed in pieces of 1 MB. */
export function storedVideo(size: number): () => MediaBytes {
  return () => ({
    size,
    contentType: 'video/mp4',
    pieces: (async function* () {
      for (let sent = 0; sent < size; sent += 1024 * 1024) yield Buffer.alloc(Math.min(1024 * 1024, size - sent), 1);
    })(),
    close: () => undefined,
  });
}

/** Every request the adapter sent to open.tiktokapis.com (not the upload URL), checked against the contract: [] when all conform. */
export function contractViolations(requests: readonly NetworkRequest[]): TikTokViolation[] {
  return requests
    .filter((request) => request.url.startsWith(TT_API))
    .flatMap((request) => {
      const url = new URL(request.url);
      const headers = Object.fromEntries(
        Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
      );
      // The shared client sets these from the body's kind.
      if (request.form) headers['content-type'] ??= 'application/x-www-form-urlencoded';
      if (request.json !== undefined) headers['content-type'] ??= 'application/json';
      return TikTokContract.load().checkRequest({
        method: request.method,
        path: url.pathname,
        headers,
        query: { ...Object.fromEntries(url.searchParams), ...(request.query as Record<string, string> | undefined) },
        body: request.json ?? request.form,
      });
    });
}
