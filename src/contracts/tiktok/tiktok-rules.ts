// The shape of contracts/tiktok/api-rules.json (hand-written from TikTok's reference pages on
// developers.tiktok.com) and the arithmetic its chunk rules need.
import { readContractJson } from '../contracts-dir';
import { JsonObject } from '../json';

interface PageRule {
  source?: string;
  quote?: string;
  note?: string;
  /** Only third parties state it; TikTok's stored pages did not. */
  thirdParty?: boolean;
}

export interface TikTokErrorRule {
  status: number;
  code: string;
}

export type TikTokEndpointName =
  | 'creatorInfo'
  | 'videoInit'
  | 'inboxVideoInit'
  | 'contentInit'
  | 'statusFetch'
  | 'userInfo'
  | 'videoQuery'
  | 'videoList'
  | 'revoke'
  | 'token';

export interface TikTokEndpoint extends PageRule {
  method: 'GET' | 'POST';
  path: string;
  scopes?: string[];
  /** contentInit: the scopes of a MEDIA_UPLOAD (a draft to the inbox). */
  draftScopes?: string[];
  /** statusFetch: any one of `scopes` is enough. */
  scopesAnyOf?: boolean;
  /** Requests per user access token per minute. */
  perMinute?: number;
  answer?: string[];
  fields?: string[];
  maxIds?: number;
  /** The body as a JSON Schema (`#/definitions/…` refers to the file's `definitions`). */
  body?: JsonObject;
}

export type TikTokPrivacyLevel = 'PUBLIC_TO_EVERYONE' | 'MUTUAL_FOLLOW_FRIENDS' | 'FOLLOWER_OF_CREATOR' | 'SELF_ONLY';
export type TikTokPostStatus =
  'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'SEND_TO_USER_INBOX' | 'PUBLISH_COMPLETE' | 'FAILED';

export interface TikTokApiRules {
  read: string;
  sources: Record<string, { url: string; read: string }>;
  hosts: { api: string; upload: string; authorize: string };
  oauth: {
    authorize: PageRule & {
      url: string;
      params: string[];
      clientParam: string;
      scopeSeparator: string;
      pkce: 'optional';
      granular: boolean;
    };
    token: PageRule & {
      url: string;
      codeParams: string[];
      optionalCodeParams: string[];
      refreshParams: string[];
      answer: string[];
      scopeSeparator: string;
    };
    revoke: PageRule & { url: string; params: string[]; exists: boolean };
    error: PageRule & { shape: string[]; invalidGrant: string };
    accessTokenSeconds: number;
    refreshTokenSeconds: number;
    refreshMayRotate: boolean;
    codeLifetimeSeconds: number;
  };
  scopes: PageRule & { known: string[]; asked: string[]; serves: Record<string, string> };
  endpoints: Record<TikTokEndpointName, TikTokEndpoint>;
  definitions: JsonObject;
  posting: {
    privacyFromCreatorInfo: PageRule & { mismatch: TikTokErrorRule };
    brandedContentNotPrivate: PageRule & { rule: string };
    unaudited: PageRule & { onlyPrivacyLevel: TikTokPrivacyLevel; error: TikTokErrorRule };
    pullFromUrl: PageRule & { rule: string; error: TikTokErrorRule };
    photosFromUrlOnly: PageRule & { rule: string };
    titleMaxRunes: { video: number; photo: number; photoDescription: number };
    maxPhotos: number;
    minPhotos: number;
  };
  chunks: PageRule & {
    minBytes: number;
    maxBytes: number;
    finalMaxBytes: number;
    minCount: number;
    maxCount: number;
    wholeBelowBytes: number;
    answers: { partial: number; complete: number };
    videoTypes: string[];
  };
  media: {
    video: PageRule & { formats: string[]; maxBytes: number; maxSeconds: number; minSeconds: number };
    photo: PageRule & { formats: string[]; maxBytes: number };
  };
  statuses: PageRule & {
    values: TikTokPostStatus[];
    processing: TikTokPostStatus[];
    final: TikTokPostStatus[];
    postId: 'publicaly_available_post_id';
    failReasons: string[];
  };
  errors: PageRule & { ok: string; codes: Record<string, number> };
}

export function tiktokApiRules(): TikTokApiRules {
  return readContractJson<TikTokApiRules>('tiktok/api-rules.json');
}

/** How a FILE_UPLOAD of `videoSize` bytes is cut, as the media transfer guide says. */
export interface TikTokChunkPlan {
  chunkSize: number;
  totalChunkCount: number;
  /** Each chunk's byte range, inclusive; the last takes the trailing bytes. */
  ranges: Array<{ first: number; last: number }>;
}

/**
 * The chunks of a video of `videoSize` bytes in chunks of `preferred` bytes: whole below 5 MB,
 * else `floor(size / chunk)` chunks with the trailing bytes in the last (which may reach 128 MB).
 */
export function tiktokChunkPlan(videoSize: number, preferred: number): TikTokChunkPlan {
  const rules = tiktokApiRules().chunks;
  const chunkSize =
    videoSize < rules.wholeBelowBytes ? videoSize : Math.min(Math.max(preferred, rules.minBytes), rules.maxBytes);
  const totalChunkCount = Math.max(1, Math.floor(videoSize / chunkSize));
  const ranges = Array.from({ length: totalChunkCount }, (_, index) => ({
    first: index * chunkSize,
    last: index === totalChunkCount - 1 ? videoSize - 1 : (index + 1) * chunkSize - 1,
  }));
  return { chunkSize, totalChunkCount, ranges };
}

/**
 * What the guide refuses of a FILE_UPLOAD's announced sizes: chunk bounds, the count rule, the
 * final chunk's 128 MB, the whole-file rule below 5 MB and a split above 64 MB.
 */
export function tiktokChunkProblems(videoSize: number, chunkSize: number, totalChunkCount: number): string[] {
  const rules = tiktokApiRules().chunks;
  const problems: string[] = [];
  if (videoSize < rules.wholeBelowBytes) {
    if (chunkSize !== videoSize || totalChunkCount !== 1)
      problems.push(
        `a video under ${rules.wholeBelowBytes} bytes is uploaded whole: chunk_size = video_size, one chunk`,
      );
    return problems;
  }
  if (chunkSize < rules.minBytes || chunkSize > rules.maxBytes)
    problems.push(`chunk_size must be ${rules.minBytes} to ${rules.maxBytes} bytes`);
  const expected = Math.floor(videoSize / chunkSize);
  if (totalChunkCount !== expected)
    problems.push(`total_chunk_count must be floor(video_size / chunk_size) = ${expected}`);
  if (totalChunkCount < rules.minCount || totalChunkCount > rules.maxCount)
    problems.push(`total_chunk_count must be ${rules.minCount} to ${rules.maxCount}`);
  const last = videoSize - (expected - 1) * chunkSize;
  if (expected >= 1 && last > rules.finalMaxBytes)
    problems.push(`the final chunk would hold ${last} bytes, more than ${rules.finalMaxBytes}`);
  return problems;
}

/** A caption's length as TikTok counts it: UTF-16 code units ("runes" on its pages). */
export function tiktokTextLength(text: string): number {
  return text.length;
}
