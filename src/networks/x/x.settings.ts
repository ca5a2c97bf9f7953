import { IsOptional, IsString } from 'class-validator';
import { AppConfig } from '../../config';
import { validateEnvironment } from '../../config';
import { AppCredentials } from '../network-adapter';
import { emulatorBaseUrl, isEmulated, serviceAppFrom, testWorldEmulatorUrl } from '../network-settings';
import { IsEndpointUrl } from '../setting-rules';

/** The X variables, validated at start like every other setting. */
export class XEnvironment {
  @IsEndpointUrl()
  X_AUTHORIZE_URL = 'https://x.com/i/oauth2/authorize';

  @IsEndpointUrl()
  X_API_URL = 'https://api.x.com';

  @IsString()
  @IsOptional()
  X_CLIENT_ID?: string;

  @IsString()
  @IsOptional()
  X_CLIENT_SECRET?: string;
}

export class XSettings {
  constructor(
    readonly authorizeUrl: string,
    /** The API host without a version: paths start with `/2/`. */
    readonly apiUrl: string,
    readonly serviceApp: AppCredentials | undefined,
    readonly emulated: boolean,
    /** Where a test world's calls go (the service's own emulator); undefined: the same as live. */
    readonly testWorld?: XSettings,
    /**
     * Where X's pages are (a post's permalink, `{webUrl}/{username}/status/{id}`): x.com, or the
     * emulator's own pages, where an emulated post exists (x.com has no such post).
     */
    readonly webUrl = 'https://x.com',
  ) {}
}

export function loadXSettings(config: AppConfig): XSettings {
  const env = validateEnvironment(XEnvironment, config.env);
  const serviceApp = serviceAppFrom(
    { id: 'X_CLIENT_ID', secret: 'X_CLIENT_SECRET' },
    { id: env.X_CLIENT_ID, secret: env.X_CLIENT_SECRET },
  );
  const emulatedAt = (base: string) => ({
    authorize: `${base}/x/i/oauth2/authorize`,
    api: `${base}/x/api`,
    web: `${base}/x`,
  });
  const sandbox = emulatedAt(testWorldEmulatorUrl(config));
  const testWorld = new XSettings(sandbox.authorize, sandbox.api, undefined, true, undefined, sandbox.web);
  if (isEmulated(config, serviceApp)) {
    const live = emulatedAt(emulatorBaseUrl(config));
    return new XSettings(live.authorize, live.api, serviceApp, true, testWorld, live.web);
  }
  return new XSettings(
    env.X_AUTHORIZE_URL.replace(/\/+$/, ''),
    env.X_API_URL.replace(/\/+$/, ''),
    serviceApp,
    false,
    testWorld,
  );
}
