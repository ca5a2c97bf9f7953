import { EMULATOR_APP } from '../../networks/network-settings';

/** The emulator's own app, which the service uses for an emulated network when a customer has none. */
const EMULATOR_APP_ID = EMULATOR_APP.clientId;
const EMULATOR_APP_SECRET = EMULATOR_APP.clientSecret;

/**
 * The OAuth apps the emulated networks know, with their secrets. Like the real networks, a token
 * endpoint refuses a client secret that is not the app's. The emulator's own app is known from the
 * start; any other app (a customer's own credentials) is registered with the secret it first
 * presents, or explicitly through the control API, and must present that secret from then on.
 */
export class RegisteredApps {
  private readonly secrets = new Map<string, string>([[EMULATOR_APP_ID, EMULATOR_APP_SECRET]]);
  private acceptsNewApps = true;

  /**
   * A sandbox knows only its own app and those registered through its control API: no shared
   * emulator app, and no app registered by whoever first presents it.
   */
  closeToStrangers(): void {
    this.acceptsNewApps = false;
    this.secrets.delete(EMULATOR_APP_ID);
  }

  register(clientId: string, clientSecret: string): void {
    this.secrets.set(clientId, clientSecret);
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

  clear(): void {
    this.secrets.clear();
    this.secrets.set(EMULATOR_APP_ID, EMULATOR_APP_SECRET);
  }

  toJSON(): Record<string, string> {
    return Object.fromEntries(this.secrets);
  }

  load(data: Record<string, string>): void {
    this.secrets.clear();
    for (const [clientId, secret] of Object.entries(data)) this.secrets.set(clientId, secret);
  }
}
