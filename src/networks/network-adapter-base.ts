import { WORLD_HEADER, worldClientId } from './apps/test-world-mark';
import { NetworkHttpClient } from './http/network-http.client';
import { AppCredentials } from './network-credentials';
import { NetworkIdentity } from './network-identity';

/**
 * What every network's settings say besides its endpoints: whether this process talks to the
 * built-in emulator, the service-wide app from the environment, and the same settings pointed at
 * the service's own emulator, for test worlds.
 */
export interface AdapterSettings<S> {
  readonly emulated: boolean;
  readonly serviceApp: AppCredentials | undefined;
  readonly testWorld?: S;
}

/**
 * The part of a NetworkAdapter every network writes the same way: its names (from its folder's
 * `<id>.identity.ts`), `emulated` and `serviceApp` from its settings, and the endpoints a call as
 * an app uses. An adapter extends it and writes only what is its own: its protocol's client, the
 * connect flow, publishing, metrics, comments and its rules. Stateless, like the adapters: every
 * call brings its credentials.
 */
export abstract class NetworkAdapterBase<S extends AdapterSettings<S>> {
  readonly id: string;
  readonly aliases: readonly string[];
  readonly displayName: string;

  protected constructor(
    identity: NetworkIdentity,
    protected readonly settings: S,
    protected readonly http: NetworkHttpClient,
  ) {
    this.id = identity.id;
    this.aliases = identity.aliases;
    this.displayName = identity.displayName;
  }

  get emulated(): boolean {
    return this.settings.emulated;
  }

  get serviceApp(): AppCredentials | undefined {
    return this.settings.serviceApp;
  }

  /**
   * Headers naming a test world's app to the service's own emulator, for a call that carries no
   * client id, code or token (a sign-in with a password); none for any other app.
   */
  protected worldHeaders(app: AppCredentials): Record<string, string> {
    return app.emulatorWorld === undefined ? {} : { [WORLD_HEADER]: worldClientId(app.emulatorWorld) };
  }

  /** The endpoints a call as `app` uses: a test world's app always talks to the service's own emulator. */
  protected endpoints(app: AppCredentials): S {
    return app.emulatorWorld !== undefined && this.settings.testWorld ? this.settings.testWorld : this.settings;
  }
}
