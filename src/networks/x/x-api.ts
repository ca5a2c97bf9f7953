import { NetworkApi } from '../http/network-api';
import { NetworkHttpClient } from '../http/network-http.client';
import { AppCredentials } from '../network-adapter';
import { xResponseError } from './x-errors';

/** `Authorization: Basic base64(client_id:client_secret)`, how a confidential client authenticates to X's OAuth endpoints. */
export function basicAuthorization(app: AppCredentials): string {
  return `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`;
}

/** The X API host, its errors classified by X's problem objects and OAuth errors. */
export class XApi extends NetworkApi {
  constructor(http: NetworkHttpClient, network: string, baseUrl: string, now: () => Date = () => new Date()) {
    super(http, network, baseUrl, xResponseError, now);
  }
}
