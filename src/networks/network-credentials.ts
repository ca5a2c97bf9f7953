/** What every call to a network is made with: the app it acts as, and the account's tokens. */

/**
 * How a network app is set up in its network's developer console, beyond its credentials: the
 * settings Meta's apps have. A network that knows none of them lists none in `appOptions`.
 */
export interface AppLoginOptions {
  /**
   * Facebook Login for Business: the configuration (made in the App Dashboard) the login dialog
   * presents with `config_id`, instead of a `scope` list; it decides the permissions asked.
   */
  loginConfigId?: string;
  /** The app has "Require App Secret" on: every Graph call carries `appsecret_proof`. */
  requireAppSecretProof?: boolean;
  /** Pages (and their Instagram accounts) reached through a Business Manager role: also ask the permissions that takes. */
  businessAccess?: boolean;
}

/** The name of one app setting. */
export type AppOption = keyof AppLoginOptions;
export const APP_OPTIONS: readonly AppOption[] = ['loginConfigId', 'requireAppSecretProof', 'businessAccess'];

/** The OAuth app a call is made as: the customer's own, or the service-wide one. */
export interface AppCredentials extends AppLoginOptions {
  clientId: string;
  clientSecret: string;
  /**
   * Set on a test world's app (the world's customer id): every call made as it goes to the
   * service's own emulator, whatever NETWORK_EMULATOR says, so test traffic never reaches a real network.
   */
  emulatorWorld?: string;
}

/** Tokens as stored (encrypted) for a connected account. */
export interface AccountTokens {
  /** The token that publishes as the account (a Page token on Facebook). */
  accessToken: string;
  /** X's rotating refresh token. */
  refreshToken?: string;
  /** The user token the account's token derives from, where revoke or refresh needs it (Facebook). */
  userAccessToken?: string;
  /** When the account stops working without a refresh or a new login; undefined when it does not expire. */
  expiresAt?: Date;
  /**
   * What the tokens are bound to, where the network binds them to a key of the client (atproto
   * OAuth's DPoP, RFC 9449): the private key and whatever else the adapter needs to use them (where
   * they are good), as the adapter writes it. Opaque outside the adapter; sealed like the tokens.
   */
  tokenBinding?: string;
  /** What a refresh answer says the new token grants, where the network says (X's `scope`); never stored with the tokens. */
  scopes?: string[];
}
