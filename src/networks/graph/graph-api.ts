import { NetworkHttpClient, NetworkRequest, NetworkResponse, NetworkUnreachableError } from '../http/network-http.client';
import { NetworkError } from '../network-error';
import { graphResponseError } from './graph-errors';
import { unreachableNetworkError } from '../safe-network-message';

/**
 * One Graph host as seen by one call: sends through the shared HTTP client and turns every failure
 * into a classified NetworkError. Holds no credentials; tokens travel with each request.
 */
export class GraphApi {
  constructor(
    private readonly http: NetworkHttpClient,
    readonly network: string,
    readonly baseUrl: string,
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
    const failure = graphResponseError(this.network, response, this.now());
    if (failure) throw failure;
    return response.body;
  }

  get(path: string, query: Record<string, string>): Promise<unknown> {
    return this.send({ method: 'GET', url: this.url(path), query });
  }

  /** A 2xx answer we cannot read is not worth retrying: the protocol changed under us. */
  unexpected(what: string): NetworkError {
    return new NetworkError(this.network, 'permanent', `Unexpected answer from ${new URL(this.baseUrl).host}: ${what}`);
  }
}
