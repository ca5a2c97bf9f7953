import { IsOptional, IsString } from 'class-validator';
import { AppConfig } from '../../config';
import { validateEnvironment } from '../../config';
import { AppCredentials } from '../network-adapter';
import { emulatorBaseUrl, isEmulated, serviceAppFrom, testWorldEmulatorUrl } from '../network-settings';
import { IsEndpointUrl, IsPollIntervalMs } from '../setting-rules';

/** The Threads variables, validated at start like every other setting. */
export class ThreadsEnvironment {
  /** Threads' authorize window (the access-token page: threads.com; Meta's Postman collection: www.threads.net). */
  @IsEndpointUrl()
  THREADS_AUTHORIZE_URL = 'https://threads.net/oauth/authorize';

  /** graph.threads.net with its version: "All API calls to graph.threads.net should use v1.0". */
  @IsEndpointUrl()
  THREADS_GRAPH_URL = 'https://graph.threads.net/v1.0';

  /** How long to wait between reads of a container Threads is still processing (ms); Meta advises about 30 s. */
  @IsPollIntervalMs()
  THREADS_POLL_MS = 30_000;

  /** The app's Threads app id (App Dashboard: "Threads App ID", not the Meta app id). */
  @IsString()
  @IsOptional()
  THREADS_APP_ID?: string;

  @IsString()
  @IsOptional()
  THREADS_APP_SECRET?: string;
}

export class ThreadsSettings {
  constructor(
    readonly authorizeUrl: string,
    /** graph.threads.net/v1.0: the API, and without the version the token endpoints. */
    readonly graphUrl: string,
    readonly serviceApp: AppCredentials | undefined,
    readonly emulated: boolean,
    /** Between reads of a container still processing. */
    readonly pollMs: number = 30_000,
    /** Where a test world's calls go (the service's own emulator); undefined: the same as live. */
    readonly testWorld?: ThreadsSettings,
  ) {}

  /** Where the token endpoints live (`/oauth/access_token`, `/access_token`, `/refresh_access_token`): unversioned, as Meta's collection calls them. */
  get unversionedGraphUrl(): string {
    return this.graphUrl.replace(/\/v\d+(\.\d+)?$/, '');
  }
}

export function loadThreadsSettings(config: AppConfig): ThreadsSettings {
  const env = validateEnvironment(ThreadsEnvironment, config.env);
  const serviceApp = serviceAppFrom(
    { id: 'THREADS_APP_ID', secret: 'THREADS_APP_SECRET' },
    { id: env.THREADS_APP_ID, secret: env.THREADS_APP_SECRET },
  );
  const emulatedAt = (base: string) => ({
    authorize: `${base}/threads/oauth/authorize`,
    graph: `${base}/threads/graph/v1.0`,
  });
  const sandbox = emulatedAt(testWorldEmulatorUrl(config));
  const testWorld = new ThreadsSettings(sandbox.authorize, sandbox.graph, undefined, true, env.THREADS_POLL_MS);
  if (isEmulated(config, serviceApp)) {
    const live = emulatedAt(emulatorBaseUrl(config));
    return new ThreadsSettings(live.authorize, live.graph, serviceApp, true, env.THREADS_POLL_MS, testWorld);
  }
  return new ThreadsSettings(
    env.THREADS_AUTHORIZE_URL.replace(/\/+$/, ''),
    env.THREADS_GRAPH_URL.replace(/\/+$/, ''),
    serviceApp,
    false,
    env.THREADS_POLL_MS,
    testWorld,
  );
}
