import { IsOptional, IsString } from 'class-validator';
import { AppConfig } from '../../config';
import { validateEnvironment } from '../../config';
import { AppCredentials } from '../network-adapter';
import { emulatorBaseUrl, isEmulated, metaServiceApp, testWorldEmulatorUrl } from '../network-settings';
import { IsEndpointUrl, IsOptionalLoginConfigId, IsPollIntervalMs, IsTrueOrFalse } from '../setting-rules';

/** The Facebook variables, validated at start like every other setting. */
export class FacebookEnvironment {
  @IsEndpointUrl()
  FACEBOOK_DIALOG_URL = 'https://www.facebook.com/v25.0/dialog/oauth';

  @IsEndpointUrl()
  FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v25.0';

  /** Where reels' and video stories' files go (rupload.facebook.com/video-upload/{version}/{video_id}). */
  @IsEndpointUrl()
  FACEBOOK_RUPLOAD_URL = 'https://rupload.facebook.com/video-upload/v25.0';

  /** How long to wait between checks of a Page video Facebook is still processing (ms). */
  @IsPollIntervalMs()
  FACEBOOK_VIDEO_POLL_MS = 30_000;

  @IsString()
  @IsOptional()
  FACEBOOK_APP_ID?: string;

  @IsString()
  @IsOptional()
  FACEBOOK_APP_SECRET?: string;

  /** Facebook Login for Business: the configuration's id; the dialog sends it instead of scopes. */
  @IsOptionalLoginConfigId()
  FACEBOOK_LOGIN_CONFIG_ID?: string;

  /** The app has "Require App Secret" on: every Graph call carries appsecret_proof. */
  @IsTrueOrFalse()
  FACEBOOK_REQUIRE_APP_SECRET_PROOF: 'true' | 'false' = 'false';

  /** Pages reached through a Business Manager role: the dialog also asks business_management. */
  @IsTrueOrFalse()
  FACEBOOK_BUSINESS_ACCESS: 'true' | 'false' = 'false';
}

export class FacebookSettings {
  constructor(
    readonly dialogUrl: string,
    readonly graphUrl: string,
    readonly serviceApp: AppCredentials | undefined,
    readonly emulated: boolean,
    /** Between checks of a Page video still processing. */
    readonly videoPollMs: number = 30_000,
    /** Where a test world's calls go (the service's own emulator); undefined: the same as live. */
    readonly testWorld?: FacebookSettings,
    /** rupload's address for reels' and video stories' files, without the video id. */
    readonly ruploadUrl: string = 'https://rupload.facebook.com/video-upload/v25.0',
  ) {}
}

function emulatedFacebook(base: string, serviceApp: AppCredentials | undefined, videoPollMs: number): FacebookSettings {
  return new FacebookSettings(
    `${base}/facebook/v25.0/dialog/oauth`,
    `${base}/facebook/graph/v25.0`,
    serviceApp,
    true,
    videoPollMs,
    undefined,
    `${base}/facebook/rupload/video-upload/v25.0`,
  );
}

export function loadFacebookSettings(config: AppConfig): FacebookSettings {
  const env = validateEnvironment(FacebookEnvironment, config.env);
  const serviceApp = metaServiceApp('FACEBOOK', env);
  const testWorld = emulatedFacebook(testWorldEmulatorUrl(config), undefined, env.FACEBOOK_VIDEO_POLL_MS);
  if (isEmulated(config, serviceApp)) {
    const live = emulatedFacebook(emulatorBaseUrl(config), serviceApp, env.FACEBOOK_VIDEO_POLL_MS);
    return new FacebookSettings(
      live.dialogUrl,
      live.graphUrl,
      serviceApp,
      true,
      env.FACEBOOK_VIDEO_POLL_MS,
      testWorld,
      live.ruploadUrl,
    );
  }
  return new FacebookSettings(
    env.FACEBOOK_DIALOG_URL.replace(/\/+$/, ''),
    env.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
    serviceApp,
    false,
    env.FACEBOOK_VIDEO_POLL_MS,
    testWorld,
    env.FACEBOOK_RUPLOAD_URL.replace(/\/+$/, ''),
  );
}
