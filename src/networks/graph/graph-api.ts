import { NetworkApi } from '../http/network-api';
import { NetworkHttpClient, NetworkRequest } from '../http/network-http.client';
import { AppCredentials } from '../network-adapter';
import { withAppSecretProof } from './appsecret-proof';
import { graphResponseError } from './graph-errors';

export interface GraphApiOptions {
  /**
   * The app secret to sign every call's token with (`appsecret_proof`), for an app that requires
   * it; undefined: calls go unsigned.
   */
  appSecretProofKey?: string;
  now?: () => Date;
}

/** The key to sign graph.facebook.com calls with for this app: its secret when it requires the proof. */
export function proofKeyOf(app: AppCredentials): string | undefined {
  return app.requireAppSecretProof ? app.clientSecret : undefined;
}

/** One Graph host (graph.facebook.com or graph.instagram.com), its errors classified by Graph's codes. */
export class GraphApi extends NetworkApi {
  private readonly appSecretProofKey: string | undefined;

  constructor(http: NetworkHttpClient, network: string, baseUrl: string, options: GraphApiOptions = {}) {
    super(http, network, baseUrl, graphResponseError, options.now);
    this.appSecretProofKey = options.appSecretProofKey;
  }

  get(path: string, query: Record<string, string>): Promise<unknown> {
    return this.send({ method: 'GET', url: this.url(path), query });
  }

  /** Every call with a token carries its proof when the app requires one: the one place it is added. */
  protected override prepare(request: NetworkRequest): NetworkRequest {
    return this.appSecretProofKey ? withAppSecretProof(request, this.appSecretProofKey) : request;
  }
}
