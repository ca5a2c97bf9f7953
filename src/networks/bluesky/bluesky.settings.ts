import { AppConfig } from '../../config';
import { validateEnvironment } from '../../config';
import { AppCredentials } from '../network-adapter';
import { emulatorBaseUrl, isEmulated, testWorldEmulatorUrl } from '../network-settings';
import { IsEndpointUrl } from '../setting-rules';

/** The Bluesky variables, validated at start like every other setting. */
export class BlueskyEnvironment {
  /**
   * The PDS (or entryway) accounts sign in to and publish through: bsky.social serves the accounts
   * Bluesky hosts. XRPC paths (`/xrpc/<nsid>`) are added to it.
   */
  @IsEndpointUrl()
  BLUESKY_SERVICE_URL = 'https://bsky.social';

  /** Bluesky's video service (https://docs.bsky.app/docs/tutorials/video), which takes uploads and reports the job's state. */
  @IsEndpointUrl()
  BLUESKY_VIDEO_URL = 'https://video.bsky.app';
}

export class BlueskySettings {
  constructor(
    /** The PDS host without a path: XRPC calls are `${serviceUrl}/xrpc/<nsid>`. */
    readonly serviceUrl: string,
    readonly videoUrl: string,
    readonly serviceApp: AppCredentials | undefined,
    readonly emulated: boolean,
    /** Where a test world's calls go (the service's own emulator); undefined: the same as live. */
    readonly testWorld?: BlueskySettings,
    /** Where a post's page is: bsky.app, or the emulator's, where an emulated post exists. */
    readonly webUrl = 'https://bsky.app',
  ) {}
}

/** The app every live Bluesky call runs as: none registered, so a name standing for "app passwords". */
export const APP_PASSWORD_SIGN_IN: AppCredentials = { clientId: 'bluesky-app-passwords', clientSecret: '' };

export function loadBlueskySettings(config: AppConfig): BlueskySettings {
  const env = validateEnvironment(BlueskyEnvironment, config.env);
  // Accounts sign in with an app password: nothing is registered with Bluesky, so there are no
  // app credentials to set, and the network is emulated or live by NETWORK_EMULATOR alone (auto:
  // emulated unless NODE_ENV is production).
  const serviceApp = APP_PASSWORD_SIGN_IN;
  const emulatedAt = (base: string) => ({
    service: `${base}/bluesky`,
    video: `${base}/bluesky/video`,
    web: `${base}/bluesky`,
  });
  const sandbox = emulatedAt(testWorldEmulatorUrl(config));
  const testWorld = new BlueskySettings(sandbox.service, sandbox.video, undefined, true, undefined, sandbox.web);
  if (isEmulated(config, undefined)) {
    const live = emulatedAt(emulatorBaseUrl(config));
    return new BlueskySettings(live.service, live.video, serviceApp, true, testWorld, live.web);
  }
  return new BlueskySettings(
    env.BLUESKY_SERVICE_URL.replace(/\/+$/, ''),
    env.BLUESKY_VIDEO_URL.replace(/\/+$/, ''),
    serviceApp,
    false,
    testWorld,
  );
}
