import { IsOptional, IsString, Matches } from 'class-validator';
import { linkedInApiRules } from '../../contracts';
import { AppConfig } from '../../config';
import { validateEnvironment } from '../../config';
import { AppCredentials } from '../network-adapter';
import { emulatorBaseUrl, isEmulated, serviceAppFrom, testWorldEmulatorUrl } from '../network-settings';
import { IsEndpointUrl, IsPollIntervalMs, IsTrueOrFalse } from '../setting-rules';

/**
 * The `LinkedIn-Version` every versioned call sends unless LINKEDIN_VERSION says otherwise: the
 * newest version LinkedIn's migrations table listed as active when the contract was read
 * (contracts/linkedin/api-rules.json `versions.pinned`). LinkedIn applies no default: a missing or
 * sunset version is refused (426 NONEXISTENT_VERSION), so a unit test fails 60 days before its sunset.
 */
export const LINKEDIN_PINNED_VERSION = linkedInApiRules().versions.pinned;

/** The LinkedIn variables, validated at start like every other setting. */
export class LinkedInEnvironment {
  /** LinkedIn's authorize page (authorization-code-flow page). */
  @IsEndpointUrl()
  LINKEDIN_AUTHORIZE_URL = 'https://www.linkedin.com/oauth/v2/authorization';

  /** Where the token endpoint lives (`/accessToken`). */
  @IsEndpointUrl()
  LINKEDIN_OAUTH_URL = 'https://www.linkedin.com/oauth/v2';

  /** api.linkedin.com: `/rest/…` (versioned) and `/v2/userinfo`. */
  @IsEndpointUrl()
  LINKEDIN_API_URL = 'https://api.linkedin.com';

  /** `LinkedIn-Version` (YYYYMM): a version LinkedIn still answers. */
  @Matches(/^[0-9]{6}$/, { message: 'LINKEDIN_VERSION must be a LinkedIn-Version such as 202603 (YYYYMM)' })
  LINKEDIN_VERSION = LINKEDIN_PINNED_VERSION;

  /** How long to wait between reads of a video LinkedIn is still processing (ms). */
  @IsPollIntervalMs()
  LINKEDIN_POLL_MS = 15_000;

  /**
   * Whether the app has LinkedIn's Community Management API, which the organization scopes need:
   * `false` asks the member's scopes only (an app with "Share on LinkedIn" and "Sign In with
   * LinkedIn" alone, which LinkedIn refuses the organization scopes), and offers the member alone.
   */
  @IsTrueOrFalse()
  LINKEDIN_ORGANIZATIONS: 'true' | 'false' = 'true';

  @IsString()
  @IsOptional()
  LINKEDIN_CLIENT_ID?: string;

  @IsString()
  @IsOptional()
  LINKEDIN_CLIENT_SECRET?: string;
}

export class LinkedInSettings {
  constructor(
    readonly authorizeUrl: string,
    /** www.linkedin.com/oauth/v2: the token endpoint. */
    readonly oauthUrl: string,
    /** api.linkedin.com (no path). */
    readonly apiUrl: string,
    readonly version: string,
    readonly serviceApp: AppCredentials | undefined,
    readonly emulated: boolean,
    /** Between reads of a video still processing. */
    readonly pollMs: number = 15_000,
    /** Where a test world's calls go (the service's own emulator); undefined: the same as live. */
    readonly testWorld?: LinkedInSettings,
    /**
     * Where LinkedIn's pages are (a post's permalink, `{webUrl}/feed/update/{urn}`): linkedin.com,
     * or the emulator's own pages, where an emulated post exists.
     */
    readonly webUrl = 'https://www.linkedin.com',
    /** Whether the organization scopes are asked (LINKEDIN_ORGANIZATIONS). */
    readonly organizations = true,
  ) {}
}

export function loadLinkedInSettings(config: AppConfig): LinkedInSettings {
  const env = validateEnvironment(LinkedInEnvironment, config.env);
  const serviceApp = serviceAppFrom(
    { id: 'LINKEDIN_CLIENT_ID', secret: 'LINKEDIN_CLIENT_SECRET' },
    { id: env.LINKEDIN_CLIENT_ID, secret: env.LINKEDIN_CLIENT_SECRET },
  );
  const emulatedAt = (base: string) => ({
    authorize: `${base}/linkedin/oauth/v2/authorization`,
    oauth: `${base}/linkedin/oauth/v2`,
    api: `${base}/linkedin/api`,
    web: `${base}/linkedin`,
  });
  const sandbox = emulatedAt(testWorldEmulatorUrl(config));
  const organizations = env.LINKEDIN_ORGANIZATIONS === 'true';
  const emulatedSettings = (
    at: ReturnType<typeof emulatedAt>,
    app: AppCredentials | undefined,
    world?: LinkedInSettings,
  ) =>
    new LinkedInSettings(
      at.authorize,
      at.oauth,
      at.api,
      env.LINKEDIN_VERSION,
      app,
      true,
      env.LINKEDIN_POLL_MS,
      world,
      at.web,
      organizations,
    );
  const testWorld = emulatedSettings(sandbox, undefined);
  if (isEmulated(config, serviceApp))
    return emulatedSettings(emulatedAt(emulatorBaseUrl(config)), serviceApp, testWorld);
  const trim = (url: string) => url.replace(/\/+$/, '');
  return new LinkedInSettings(
    trim(env.LINKEDIN_AUTHORIZE_URL),
    trim(env.LINKEDIN_OAUTH_URL),
    trim(env.LINKEDIN_API_URL),
    env.LINKEDIN_VERSION,
    serviceApp,
    false,
    env.LINKEDIN_POLL_MS,
    testWorld,
    undefined,
    organizations,
  );
}
