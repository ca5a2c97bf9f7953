import { NetworkError } from '../network-error';
import { unreachableNetworkError } from '../safe-network-message';
import { ForbiddenMediaAddressError, NetworkHttpClient, NetworkRequest, NetworkResponse, NetworkUnreachableError } from './network-http.client';

/** Turns a network's answer into a classified NetworkError, or undefined when it is a success. */
export type ResponseClassifier = (network: string, response: NetworkResponse, now: Date) => NetworkError | undefined;

/**
 * One network host as seen by one call: sends through the shared HTTP client and turns every
 * failure into a NetworkError classified by the network's own rules. Holds no credentials; they
 * travel with each request.
 */
export class NetworkApi {
  constructor(
    protected readonly http: NetworkHttpClient,
    readonly network: string,
    readonly baseUrl: string,
    private readonly classify: ResponseClassifier,
    private readonly now: () => Date = () => new Date(),
  ) {}

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /** Sends a request and returns the body of a successful answer; throws NetworkError otherwise. */
  async send(request: NetworkRequest): Promise<unknown> {
    let response: NetworkResponse;
    try {
      response = await this.http.send(request);
    } catch (error) {
      if (error instanceof NetworkUnreachableError) throw unreachableNetworkError(this.network, error);
      throw error;
    }
    const failure = this.classify(this.network, response, this.now());
    if (failure) throw failure;
    return response.body;
  }

  /** A customer's medium as bytes, to upload: a missing file is permanent, an unreachable host transient. */
  async download(url: string, maxBytes: number): Promise<{ bytes: Buffer; contentType: string }> {
    let downloaded;
    try {
      downloaded = await this.http.download(url, maxBytes);
    } catch (error) {
      if (error instanceof ForbiddenMediaAddressError) {
        throw new NetworkError(this.network, 'permanent', `The medium was not downloaded: ${error.message}`, { code: 'media_forbidden' });
      }
      if (error instanceof NetworkUnreachableError) throw new NetworkError(this.network, 'transient', `The medium could not be downloaded: ${error.message}`);
      throw error;
    }
    if (downloaded.status >= 500) throw new NetworkError(this.network, 'transient', `The medium could not be downloaded (HTTP ${downloaded.status})`);
    if (downloaded.status !== 200) {
      throw new NetworkError(this.network, 'permanent', `The medium could not be downloaded (HTTP ${downloaded.status})`, { code: 'media_unavailable' });
    }
    return downloaded;
  }

  /** A 2xx answer we cannot read is not worth retrying: the protocol changed under us. */
  unexpected(what: string): NetworkError {
    return new NetworkError(this.network, 'permanent', `Unexpected answer from ${new URL(this.baseUrl).host}: ${what}`);
  }
}
