import { IsIn, IsOptional, IsString } from 'class-validator';
import { AppConfig } from '../../config';
import { validateEnvironment } from '../../config';
import { AppCredentials } from '../network-adapter';
import { emulatorBaseUrl, isEmulated, metaServiceApp, testWorldEmulatorUrl } from '../network-settings';
import { IsEndpointUrl, IsOptionalLoginConfigId, IsPollIntervalMs, IsTrueOrFalse } from '../setting-rules';

const LOGINS = ['instagram', 'facebook'] as const;

/**
 * How users log in: Instagram Login (graph.instagram.com), or Facebook Login (the Instagram business
 * accounts linked to the user's Pages, on graph.facebook.com).
 */
export type InstagramLogin = (typeof LOGINS)[number];

/** The Instagram variables, validated at start like every other setting. */
export class InstagramEnvironment {
  @IsEndpointUrl()
  INSTAGRAM_AUTHORIZE_URL = 'https://www.instagram.com/oauth/authorize';

  @IsEndpointUrl()
  INSTAGRAM_TOKEN_URL = 'https://api.instagram.com/oauth/access_token';

  @IsEndpointUrl()
  INSTAGRAM_GRAPH_URL = 'https://graph.instagram.com/v25.0';

  @IsIn(LOGINS)
  INSTAGRAM_LOGIN: InstagramLogin = 'instagram';

  /** How long to wait between checks of a video container Instagram is still processing (ms). */
  @IsPollIntervalMs()
  INSTAGRAM_VIDEO_POLL_MS = 60_000;

  /** Facebook Login's endpoints, used with INSTAGRAM_LOGIN=facebook (with the Instagram app credentials). */
  @IsEndpointUrl()
  FACEBOOK_DIALOG_URL = 'https://www.facebook.com/v25.0/dialog/oauth';

  @IsEndpointUrl()
  FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v25.0';

  @IsString()
  @IsOptional()
  INSTAGRAM_APP_ID?: string;

  @IsString()
  @IsOptional()
  INSTAGRAM_APP_SECRET?: string;

  /** With INSTAGRAM_LOGIN=facebook: the Facebook Login for Business configuration's id, sent instead of scopes. */
  @IsOptionalLoginConfigId()
  INSTAGRAM_LOGIN_CONFIG_ID?: string;

  /** With INSTAGRAM_LOGIN=facebook: the app has "Require App Secret" on; every Graph call carries appsecret_proof. */
  @IsTrueOrFalse()
  INSTAGRAM_REQUIRE_APP_SECRET_PROOF: 'true' | 'false' = 'false';

  /** With INSTAGRAM_LOGIN=facebook: Pages reached through a Business Manager role; asks business_management and ads_read. */
  @IsTrueOrFalse()
  INSTAGRAM_BUSINESS_ACCESS: 'true' | 'false' = 'false';
}

export class InstagramSettings {
  constructor(
    readonly login: InstagramLogin,
    /** Instagram's authorize page, or Facebook's dialog with Facebook Login. */
    readonly authorizeUrl: string,
    /** Instagram Login's code exchange (unused with Facebook Login, which exchanges on its Graph host). */
    readonly tokenUrl: string,
    /** graph.instagram.com/vNN.N, or graph.facebook.com/vNN.N with Facebook Login. */
    readonly graphUrl: string,
    readonly serviceApp: AppCredentials | undefined,
    readonly emulated: boolean,
    /** Between checks of a video container still processing. */
    readonly videoPollMs: number = 60_000,
    /** Where a test world's calls go (the service's own emulator); undefined: the same as live. */
    readonly testWorld?: InstagramSettings,
  ) {}

  /** Where the unversioned token endpoints (`/access_token`, `/refresh_access_token`) live: the graph URL without `/vNN.N`. */
  get unversionedGraphUrl(): string {
    return this.graphUrl.replace(/\/v\d+(\.\d+)?$/, '');
  }
}

const trimmed = (url: string): string => url.replace(/\/+$/, '');

export function loadInstagramSettings(config: AppConfig): InstagramSettings {
  const env = validateEnvironment(InstagramEnvironment, config.env);
  const serviceApp = metaServiceApp(
    'INSTAGRAM',
    env,
    // Instagram Login's authorize page takes scopes only, and graph.instagram.com documents no appsecret_proof.
    env.INSTAGRAM_LOGIN === 'facebook'
      ? undefined
      : 'only with INSTAGRAM_LOGIN=facebook (Instagram Login has no such setting)',
  );
  const emulated = isEmulated(config, serviceApp);
  const settingsAt = (
    base: string | undefined,
    app: AppCredentials | undefined,
    testWorld?: InstagramSettings,
  ): InstagramSettings => {
    const instagram = base
      ? {
          authorize: `${base}/instagram/oauth/authorize`,
          token: `${base}/instagram/api/oauth/access_token`,
          graph: `${base}/instagram/graph/v25.0`,
        }
      : {
          authorize: trimmed(env.INSTAGRAM_AUTHORIZE_URL),
          token: trimmed(env.INSTAGRAM_TOKEN_URL),
          graph: trimmed(env.INSTAGRAM_GRAPH_URL),
        };
    const facebook = base
      ? { authorize: `${base}/facebook/v25.0/dialog/oauth`, graph: `${base}/facebook/graph/v25.0` }
      : { authorize: trimmed(env.FACEBOOK_DIALOG_URL), graph: trimmed(env.FACEBOOK_GRAPH_URL) };
    const { authorize, graph } = env.INSTAGRAM_LOGIN === 'facebook' ? facebook : instagram;
    return new InstagramSettings(
      env.INSTAGRAM_LOGIN,
      authorize,
      instagram.token,
      graph,
      app,
      base !== undefined,
      env.INSTAGRAM_VIDEO_POLL_MS,
      testWorld,
    );
  };
  const testWorld = settingsAt(testWorldEmulatorUrl(config), undefined);
  return settingsAt(emulated ? emulatorBaseUrl(config) : undefined, serviceApp, testWorld);
}
