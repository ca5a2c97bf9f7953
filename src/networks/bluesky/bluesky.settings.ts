import { IsOptional, IsString } from 'class-validator';
import { AppConfig } from '../../config';
import { ConfigError, validateEnvironment } from '../../config';
import { AppCredentials } from '../network-adapter';
import { emulatorBaseUrl, isEmulated, testWorldEmulatorUrl } from '../network-settings';
import { IsEndpointUrl } from '../setting-rules';
import { BlueskyLoopbackClient, BlueskyOAuthClient, loadBlueskyOAuthClient } from './bluesky-oauth-client';

/** The Bluesky variables, validated at start like every other setting. */
export class BlueskyEnvironment {
  /**
   * The PDS (or entryway) accounts sign in to and publish through: bsky.social serves the accounts
   * Bluesky hosts. XRPC paths (`/xrpc/<nsid>`) are added to it. With atproto OAuth it is also the
   * authorization server users consent at (bsky.social's is the entryway's).
   */
  @IsEndpointUrl()
  BLUESKY_SERVICE_URL = 'https://bsky.social';

  /** Bluesky's video service (https://docs.bsky.app/docs/tutorials/video), which takes uploads and reports the job's state. */
  @IsEndpointUrl()
  BLUESKY_VIDEO_URL = 'https://video.bsky.app';

  /** The PLC directory (https://web.plc.directory) where an OAuth account's DID document, naming its PDS, is read. */
  @IsEndpointUrl()
  BLUESKY_PLC_URL = 'https://plc.directory';

  /**
   * The service's atproto OAuth client key: a P-256 private key (PEM, `\n` allowed for newlines, or
   * a JWK). Set, users connect through Bluesky's own consent page (atproto OAuth), the app-password
   * page staying the alternative; unset, app passwords are the only way.
   */
  @IsString()
  @IsOptional()
  BLUESKY_OAUTH_PRIVATE_KEY?: string;

  /** The key's `kid` in the service's JWKS; default: its JWK thumbprint. Change it with the key. */
  @IsString()
  @IsOptional()
  BLUESKY_OAUTH_KEY_ID?: string;

  /** The name Bluesky's consent page shows for the service. */
  @IsString()
  @IsOptional()
  BLUESKY_OAUTH_CLIENT_NAME?: string;
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
    /** The PLC directory of this service (the emulator's own, emulated). */
    readonly plcUrl = 'https://plc.directory',
    /** The service's atproto OAuth client (a test's loopback client against a local PDS); undefined: app passwords only. */
    readonly oauth?: BlueskyOAuthClient | BlueskyLoopbackClient,
    /** Whether a PDS or authorization server a DID document names may be http or an address (emulated, ALLOW_PRIVATE_URLS). */
    readonly allowHttp = false,
  ) {}
}

/** The app every live Bluesky call runs as: none registered, so a name standing for "app passwords". */
export const APP_PASSWORD_SIGN_IN: AppCredentials = { clientId: 'bluesky-app-passwords', clientSecret: '' };

export function loadBlueskySettings(config: AppConfig): BlueskySettings {
  const env = validateEnvironment(BlueskyEnvironment, config.env);
  // Nothing is registered with Bluesky (an atproto OAuth client is its metadata document, served by
  // the service itself), so there are no app credentials to set, and the network is emulated or
  // live by NETWORK_EMULATOR alone (auto: emulated unless NODE_ENV is production).
  const serviceApp = APP_PASSWORD_SIGN_IN;
  const oauth = loadBlueskyOAuthClient(
    config.publicUrl,
    env.BLUESKY_OAUTH_PRIVATE_KEY,
    env.BLUESKY_OAUTH_KEY_ID,
    env.BLUESKY_OAUTH_CLIENT_NAME ?? 'Social publishing',
  );
  const emulatedAt = (base: string) => ({
    service: `${base}/bluesky`,
    video: `${base}/bluesky/video`,
    web: `${base}/bluesky`,
    plc: `${base}/bluesky/plc`,
  });
  const sandbox = emulatedAt(testWorldEmulatorUrl(config));
  const testWorld = new BlueskySettings(
    sandbox.service,
    sandbox.video,
    undefined,
    true,
    undefined,
    sandbox.web,
    sandbox.plc,
    oauth,
    true,
  );
  // Bluesky fetches the client id (the metadata document) and takes an https URL on a host name
  // only: a key set where it cannot work is said at start, not at the first user's consent.
  if (oauth && !isEmulated(config, undefined) && !/^https:\/\/[^/:]*[a-zA-Z]/.test(config.publicUrl))
    throw new ConfigError([
      'BLUESKY_OAUTH_PRIVATE_KEY: Bluesky takes an https PUBLIC_URL on a host name only (its client id is served there)',
    ]);
  if (isEmulated(config, undefined)) {
    const live = emulatedAt(emulatorBaseUrl(config));
    return new BlueskySettings(live.service, live.video, serviceApp, true, testWorld, live.web, live.plc, oauth, true);
  }
  return new BlueskySettings(
    env.BLUESKY_SERVICE_URL.replace(/\/+$/, ''),
    env.BLUESKY_VIDEO_URL.replace(/\/+$/, ''),
    serviceApp,
    false,
    testWorld,
    undefined,
    env.BLUESKY_PLC_URL.replace(/\/+$/, ''),
    oauth,
    config.allowPrivateUrls,
  );
}
