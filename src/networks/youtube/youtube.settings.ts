import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsDivisibleBy, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { youTubeApiRules } from '../../contracts';
import { AppConfig } from '../../config';
import { validateEnvironment } from '../../config';
import { AppCredentials } from '../network-adapter';
import { emulatorBaseUrl, isEmulated, serviceAppFrom, testWorldEmulatorUrl } from '../network-settings';
import { IsEndpointUrl, IsPollIntervalMs, IsTrueOrFalse } from '../setting-rules';

const { quota, resumableUpload } = youTubeApiRules();
const UPLOAD_PART_MULTIPLE = resumableUpload.partMultiple;

/** A count as the environment gives it (a daily quota, a size): digits, at least 1. */
const IsCount = (max: number): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
    ),
    IsInt(),
    Min(1),
    Max(max),
  );

/** The YouTube variables, validated at start like every other setting. */
export class YouTubeEnvironment {
  /** Google's consent screen (OAuth 2.0 for web server applications). */
  @IsEndpointUrl()
  YOUTUBE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';

  /** oauth2.googleapis.com: `/token` and `/revoke`. */
  @IsEndpointUrl()
  YOUTUBE_OAUTH_URL = 'https://oauth2.googleapis.com';

  /** youtube.googleapis.com: `/youtube/v3/…` and `/upload/youtube/v3/…`. */
  @IsEndpointUrl()
  YOUTUBE_API_URL = 'https://youtube.googleapis.com';

  /** How long to wait between reads of an upload YouTube is still processing (ms). */
  @IsPollIntervalMs()
  YOUTUBE_POLL_MS = 15_000;

  /**
   * Whether every consent asks `prompt=consent`: Google then always answers a refresh token. With
   * `false` a user who consented before gets none, and the stored one is kept.
   */
  /**
   * Bytes per PUT of a resumable upload: a multiple of 256 KiB (YouTube refuses other parts but the
   * last). Larger parts mean fewer requests; a part lost to a broken connection is sent again whole.
   */
  @IsCount(1024 * 1024 * 1024)
  @IsDivisibleBy(UPLOAD_PART_MULTIPLE, {
    message: `YOUTUBE_UPLOAD_PART_BYTES must be a multiple of ${UPLOAD_PART_MULTIPLE} (256 KiB)`,
  })
  YOUTUBE_UPLOAD_PART_BYTES = 32 * UPLOAD_PART_MULTIPLE;

  @IsTrueOrFalse()
  YOUTUBE_PROMPT_CONSENT: 'true' | 'false' = 'true';

  /** The Google Cloud project's daily quota in units (10,000 unless Google granted more). */
  @IsCount(1_000_000_000)
  YOUTUBE_QUOTA_UNITS_PER_DAY = quota.buckets.units.defaultPerDay;

  /** The project's daily videos.insert calls (their own bucket: 100 unless Google granted more). */
  @IsCount(1_000_000)
  YOUTUBE_QUOTA_UPLOADS_PER_DAY = quota.buckets['videos.insert'].defaultPerDay;

  @IsString()
  @IsOptional()
  YOUTUBE_CLIENT_ID?: string;

  @IsString()
  @IsOptional()
  YOUTUBE_CLIENT_SECRET?: string;
}

/** A project's daily quota: its units, and its videos.insert calls. */
export interface YouTubeQuotaLimits {
  unitsPerDay: number;
  uploadsPerDay: number;
}

export class YouTubeSettings {
  constructor(
    readonly authorizeUrl: string,
    /** oauth2.googleapis.com (no path). */
    readonly oauthUrl: string,
    /** youtube.googleapis.com (no path). */
    readonly apiUrl: string,
    readonly serviceApp: AppCredentials | undefined,
    readonly emulated: boolean,
    readonly quota: YouTubeQuotaLimits,
    /** Bytes per PUT of a resumable upload (a multiple of 256 KiB). */
    readonly partBytes: number,
    readonly pollMs: number = 15_000,
    readonly promptConsent = true,
    /** Where a test world's calls go (the service's own emulator); undefined: the same as live. */
    readonly testWorld?: YouTubeSettings,
    /** Where a video's page is (`{webUrl}/watch?v={id}`): youtube.com, or the emulator's pages. */
    readonly webUrl = 'https://www.youtube.com',
  ) {}
}

export function loadYouTubeSettings(config: AppConfig): YouTubeSettings {
  const env = validateEnvironment(YouTubeEnvironment, config.env);
  const serviceApp = serviceAppFrom(
    { id: 'YOUTUBE_CLIENT_ID', secret: 'YOUTUBE_CLIENT_SECRET' },
    { id: env.YOUTUBE_CLIENT_ID, secret: env.YOUTUBE_CLIENT_SECRET },
  );
  const quotaLimits = {
    unitsPerDay: env.YOUTUBE_QUOTA_UNITS_PER_DAY,
    uploadsPerDay: env.YOUTUBE_QUOTA_UPLOADS_PER_DAY,
  };
  const promptConsent = env.YOUTUBE_PROMPT_CONSENT === 'true';
  const emulatedAt = (base: string) => ({
    authorize: `${base}/youtube/o/oauth2/v2/auth`,
    oauth: `${base}/youtube/oauth2`,
    api: `${base}/youtube/api`,
    web: `${base}/youtube`,
  });
  const emulatedSettings = (
    at: ReturnType<typeof emulatedAt>,
    app: AppCredentials | undefined,
    world?: YouTubeSettings,
  ) =>
    new YouTubeSettings(
      at.authorize,
      at.oauth,
      at.api,
      app,
      true,
      quotaLimits,
      env.YOUTUBE_UPLOAD_PART_BYTES,
      env.YOUTUBE_POLL_MS,
      promptConsent,
      world,
      at.web,
    );
  const testWorld = emulatedSettings(emulatedAt(testWorldEmulatorUrl(config)), undefined);
  if (isEmulated(config, serviceApp))
    return emulatedSettings(emulatedAt(emulatorBaseUrl(config)), serviceApp, testWorld);
  const trim = (url: string) => url.replace(/\/+$/, '');
  return new YouTubeSettings(
    trim(env.YOUTUBE_AUTHORIZE_URL),
    trim(env.YOUTUBE_OAUTH_URL),
    trim(env.YOUTUBE_API_URL),
    serviceApp,
    false,
    quotaLimits,
    env.YOUTUBE_UPLOAD_PART_BYTES,
    env.YOUTUBE_POLL_MS,
    promptConsent,
    testWorld,
  );
}
