import { IsOptional, IsString } from 'class-validator';
import { AppConfig } from '../../config';
import { validateEnvironment } from '../../config';
import { AppCredentials } from '../network-adapter';
import { emulatorBaseUrl, isEmulated, serviceAppFrom, testWorldEmulatorUrl } from '../network-settings';
import { IsEndpointUrl, IsPollIntervalMs } from '../setting-rules';

/** The Pinterest variables, validated at start like every other setting. */
export class PinterestEnvironment {
  /** Pinterest's consent page (set up authentication and authorization, step 1). */
  @IsEndpointUrl()
  PINTEREST_AUTHORIZE_URL = 'https://www.pinterest.com/oauth/';

  /** api.pinterest.com/v5: the token endpoint (`/oauth/token`) and the API. */
  @IsEndpointUrl()
  PINTEREST_API_URL = 'https://api.pinterest.com/v5';

  /** How long to wait between reads of a video Pinterest is still processing (ms). */
  @IsPollIntervalMs()
  PINTEREST_POLL_MS = 10_000;

  @IsString()
  @IsOptional()
  PINTEREST_CLIENT_ID?: string;

  @IsString()
  @IsOptional()
  PINTEREST_CLIENT_SECRET?: string;
}

export class PinterestSettings {
  constructor(
    readonly authorizeUrl: string,
    /** api.pinterest.com/v5 (no trailing slash). */
    readonly apiUrl: string,
    readonly serviceApp: AppCredentials | undefined,
    readonly emulated: boolean,
    /** Between reads of a video still processing. */
    readonly pollMs: number = 10_000,
    /** Where a test world's calls go (the service's own emulator); undefined: the same as live. */
    readonly testWorld?: PinterestSettings,
    /** Where a pin's page is (`{webUrl}/pin/{id}/`): pinterest.com, or the emulator's own pages. */
    readonly webUrl = 'https://www.pinterest.com',
  ) {}
}

export function loadPinterestSettings(config: AppConfig): PinterestSettings {
  const env = validateEnvironment(PinterestEnvironment, config.env);
  const serviceApp = serviceAppFrom(
    { id: 'PINTEREST_CLIENT_ID', secret: 'PINTEREST_CLIENT_SECRET' },
    { id: env.PINTEREST_CLIENT_ID, secret: env.PINTEREST_CLIENT_SECRET },
  );
  const emulatedAt = (base: string) => ({
    authorize: `${base}/pinterest/oauth/`,
    api: `${base}/pinterest/v5`,
    web: `${base}/pinterest`,
  });
  const emulatedSettings = (
    at: ReturnType<typeof emulatedAt>,
    app: AppCredentials | undefined,
    world?: PinterestSettings,
  ) => new PinterestSettings(at.authorize, at.api, app, true, env.PINTEREST_POLL_MS, world, at.web);
  const testWorld = emulatedSettings(emulatedAt(testWorldEmulatorUrl(config)), undefined);
  if (isEmulated(config, serviceApp))
    return emulatedSettings(emulatedAt(emulatorBaseUrl(config)), serviceApp, testWorld);
  return new PinterestSettings(
    env.PINTEREST_AUTHORIZE_URL,
    env.PINTEREST_API_URL.replace(/\/+$/, ''),
    serviceApp,
    false,
    env.PINTEREST_POLL_MS,
    testWorld,
  );
}
