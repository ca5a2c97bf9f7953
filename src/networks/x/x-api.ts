import { unreachableNetworkError } from '../safe-network-message';
import { NetworkHttpClient, NetworkRequest, NetworkResponse, NetworkUnreachableError } from '../http/network-http.client';
import { AppCredentials } from '../network-adapter';
import { NetworkError } from '../network-error';
import { xResponseError } from './x-errors';

/** `Authorization: Basic base64(client_id:client_secret)`, how a confidential client authenticates to X's OAuth endpoints. */
export function basicAuthorization(app: AppCredentials): string {
  return `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`;
}

/**
 * The X API host as seen by one call: sends through the shared HTTP client and turns every failure
 * into a classified NetworkError. Holds no credentials; they travel with each request.
 */
export class XApi {
  constructor(
    private readonly http: NetworkHttpClient,
    readonly network: string,
    readonly baseUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  async send(request: NetworkRequest): Promise<unknown> {
    let response: NetworkResponse;
    try {
      response = await this.http.send(request);
    } catch (error) {
      if (error instanceof NetworkUnreachableError) throw unreachableNetworkError(this.network, error);
      throw error;
    }
    const failure = xResponseError(this.network, response, this.now());
    if (failure) throw failure;
    return response.body;
  }

  /** A medium's bytes from the customer's URL; a missing file is permanent, an unreachable host transient. */
  async download(url: string, maxBytes: number): Promise<{ bytes: Buffer; contentType: string }> {
    let downloaded;
    try {
      downloaded = await this.http.download(url, maxBytes);
    } catch (error) {
      if (error instanceof NetworkUnreachableError) throw new NetworkError(this.network, 'transient', `The medium could not be downloaded: ${error.message}`);
      throw error;
    }
    if (downloaded.status >= 500) throw new NetworkError(this.network, 'transient', `The medium could not be downloaded (HTTP ${downloaded.status})`);
    if (downloaded.status !== 200) throw new NetworkError(this.network, 'permanent', `The medium could not be downloaded (HTTP ${downloaded.status})`, { code: 'media_unavailable' });
    return downloaded;
  }

  unexpected(what: string): NetworkError {
    return new NetworkError(this.network, 'permanent', `Unexpected answer from ${new URL(this.baseUrl).host}: ${what}`);
  }
}
