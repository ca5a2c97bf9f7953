import { NetworkApi } from '../http/network-api';
import { NetworkHttpClient } from '../http/network-http.client';
import { graphResponseError } from './graph-errors';

/** One Graph host (graph.facebook.com or graph.instagram.com), its errors classified by Graph's codes. */
export class GraphApi extends NetworkApi {
  constructor(http: NetworkHttpClient, network: string, baseUrl: string, now: () => Date = () => new Date()) {
    super(http, network, baseUrl, graphResponseError, now);
  }

  get(path: string, query: Record<string, string>): Promise<unknown> {
    return this.send({ method: 'GET', url: this.url(path), query });
  }
}
