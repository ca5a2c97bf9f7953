import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { tiktokApiRules } from '../../contracts';
import { AppConfig } from '../../config';
import { validateEnvironment } from '../../config';
import { AppCredentials } from '../network-adapter';
import { emulatorBaseUrl, isEmulated, serviceAppFrom, testWorldEmulatorUrl } from '../network-settings';
import { IsEndpointUrl, IsPollIntervalMs, IsTrueOrFalse } from '../setting-rules';

const { chunks, hosts, oauth } = tiktokApiRules();

/** The TikTok variables, validated at start like every other setting. */
export class TikTokEnvironment {
  /** TikTok's authorize page (Login Kit for Web). */
  @IsEndpointUrl()
  TIKTOK_AUTHORIZE_URL = oauth.authorize.url;

  /** open.tiktokapis.com: OAuth v2, the Content Posting API and the Display API. */
  @IsEndpointUrl()
  TIKTOK_API_URL = hosts.api;

  /** The first wait between reads of a post TikTok is still processing (ms); it doubles up to 5 minutes. */
  @IsPollIntervalMs()
  TIKTOK_POLL_MS = 10_000;

  /** The size of a FILE_UPLOAD's chunks: 5 to 64 MB (media transfer guide); a video under 5 MB goes whole. */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
  )
  @IsInt()
  @Min(chunks.minBytes)
  @Max(chunks.maxBytes)
  TIKTOK_CHUNK_BYTES = 10 * 1024 * 1024;

  /**
   * URL prefixes the app verified with TikTok (comma-separated): a video under one is sent as
   * PULL_FROM_URL, any other from the service's bytes (FILE_UPLOAD). Photos are pulled whatever
   * this says (TikTok takes photos by URL only), so their URLs must be under a verified prefix.
   */
  @Matches(/^(https?:\/\/[^,\s]+)?(,https?:\/\/[^,\s]+)*$/, {
    message: 'TIKTOK_PULL_URL_PREFIXES must be comma-separated http(s) URL prefixes',
  })
  TIKTOK_PULL_URL_PREFIXES = '';

  /**
   * Whether TikTok audited the app: an unaudited one posts privately only (SELF_ONLY), and a post
   * asking another privacy level is warned of at validation and refused by TikTok.
   */
  @IsTrueOrFalse()
  TIKTOK_APP_AUDITED: 'true' | 'false' = 'true';

  @IsString()
  @IsOptional()
  TIKTOK_CLIENT_KEY?: string;

  @IsString()
  @IsOptional()
  TIKTOK_CLIENT_SECRET?: string;
}

export class TikTokSettings {
  constructor(
    readonly authorizeUrl: string,
    /** open.tiktokapis.com (no path). */
    readonly apiUrl: string,
    readonly serviceApp: AppCredentials | undefined,
    readonly emulated: boolean,
    /** The first wait between reads of a post still processing. */
    readonly pollMs: number = 10_000,
    readonly chunkBytes: number = 10 * 1024 * 1024,
    readonly pullUrlPrefixes: readonly string[] = [],
    readonly audited: boolean = true,
    /** Where a test world's calls go (the service's own emulator); undefined: the same as live. */
    readonly testWorld?: TikTokSettings,
    /** Where TikTok's pages are (`{webUrl}/@{username}/video/{id}`): tiktok.com, or the emulator's own. */
    readonly webUrl = 'https://www.tiktok.com',
  ) {}
}

export function loadTikTokSettings(config: AppConfig): TikTokSettings {
  const env = validateEnvironment(TikTokEnvironment, config.env);
  const serviceApp = serviceAppFrom(
    { id: 'TIKTOK_CLIENT_KEY', secret: 'TIKTOK_CLIENT_SECRET' },
    { id: env.TIKTOK_CLIENT_KEY, secret: env.TIKTOK_CLIENT_SECRET },
  );
  const prefixes = env.TIKTOK_PULL_URL_PREFIXES.split(',').filter(Boolean);
  const audited = env.TIKTOK_APP_AUDITED === 'true';
  const emulatedAt = (base: string, app: AppCredentials | undefined, world?: TikTokSettings) =>
    new TikTokSettings(
      `${base}/tiktok/v2/auth/authorize/`,
      `${base}/tiktok/open`,
      app,
      true,
      env.TIKTOK_POLL_MS,
      env.TIKTOK_CHUNK_BYTES,
      prefixes,
      audited,
      world,
      `${base}/tiktok`,
    );
  const testWorld = emulatedAt(testWorldEmulatorUrl(config), undefined);
  if (isEmulated(config, serviceApp)) return emulatedAt(emulatorBaseUrl(config), serviceApp, testWorld);
  return new TikTokSettings(
    env.TIKTOK_AUTHORIZE_URL,
    env.TIKTOK_API_URL.replace(/\/+$/, ''),
    serviceApp,
    false,
    env.TIKTOK_POLL_MS,
    env.TIKTOK_CHUNK_BYTES,
    prefixes,
    audited,
    testWorld,
  );
}
