import { EMULATOR_APP } from '../../networks';

/** The emulator's own app, which the service uses for an emulated network when a customer has none. */
const EMULATOR_APP_ID = EMULATOR_APP.clientId;
const EMULATOR_APP_SECRET = EMULATOR_APP.clientSecret;

/** A Facebook Login for Business configuration: its id (the dialog's `config_id`) and the permissions it asks. */
export interface LoginConfiguration {
  id: string;
  permissions: string[];
}

/** How an app is set up in the network's developer console, beyond its secret. */
export interface AppSetup {
  /** "Require App Secret": Graph refuses a call without `appsecret_proof`. */
  requireAppSecretProof: boolean;
  loginConfigurations: LoginConfiguration[];
}

/**
 * The OAuth apps the emulated networks know, with their secrets. Like the real networks, a token
 * endpoint refuses a client secret that is not the app's. The emulator's own app is known from the
 * start; any other app (a customer's own credentials) is registered with the secret it first
 * presents, or explicitly through the control API, and must present that secret from then on. Only
 * the control API sets an app up further (its login configurations, "Require App Secret").
 */
export class RegisteredApps {
  private readonly secrets = new Map<string, string>([[EMULATOR_APP_ID, EMULATOR_APP_SECRET]]);
  private readonly setups = new Map<string, AppSetup>();
  private acceptsNewApps = true;

  /**
   * A sandbox knows only its own app and those registered through its control API: no shared
   * emulator app, and no app registered by whoever first presents it.
   */
  closeToStrangers(): void {
    this.acceptsNewApps = false;
    this.secrets.delete(EMULATOR_APP_ID);
  }

  /** Registers an app; with a setup, it replaces the app's (without one, the app has none). */
  register(clientId: string, clientSecret: string, setup?: AppSetup): void {
    this.secrets.set(clientId, clientSecret);
    if (setup) this.setups.set(clientId, setup);
    else this.setups.delete(clientId);
  }

  /** True when the secret is the app's (an app seen for the first time is registered with it). */
  verify(clientId: string, clientSecret: string | undefined): boolean {
    if (!clientSecret) return false;
    const known = this.secrets.get(clientId);
    if (known === undefined) {
      if (!this.acceptsNewApps) return false;
      this.secrets.set(clientId, clientSecret);
      return true;
    }
    return known === clientSecret;
  }

  /** The app's secret, to check an appsecret_proof with; undefined for an app never seen. */
  secretOf(clientId: string): string | undefined {
    return this.secrets.get(clientId);
  }

  requiresAppSecretProof(clientId: string): boolean {
    return this.setups.get(clientId)?.requireAppSecretProof ?? false;
  }

  /** The app's login configuration with this id, if it has one. */
  loginConfiguration(clientId: string, configId: string): LoginConfiguration | undefined {
    return this.setups.get(clientId)?.loginConfigurations.find((configuration) => configuration.id === configId);
  }

  clear(): void {
    this.secrets.clear();
    this.setups.clear();
    this.secrets.set(EMULATOR_APP_ID, EMULATOR_APP_SECRET);
  }

  toJSON(): Record<string, string> {
    return Object.fromEntries(this.secrets);
  }

  load(data: Record<string, string>): void {
    this.secrets.clear();
    for (const [clientId, secret] of Object.entries(data)) this.secrets.set(clientId, secret);
  }

  setupsToJSON(): Record<string, AppSetup> {
    return Object.fromEntries(this.setups);
  }

  loadSetups(data: Record<string, AppSetup>): void {
    this.setups.clear();
    for (const [clientId, setup] of Object.entries(data)) this.setups.set(clientId, setup);
  }
}
