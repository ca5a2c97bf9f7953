import { NetworkApi, ResponseClassifier } from '../http/network-api';
import { NetworkHttpClient } from '../http/network-http.client';
import { blueskyResponseError } from './bluesky-errors';

/** A query's parameters: a repeated name (getPosts' `uris`) is sent once per value. */
export type XrpcParams = Record<string, string | number | readonly string[] | undefined>;

/**
 * One PDS over XRPC (https://atproto.com/specs/xrpc): queries are GET `/xrpc/<nsid>?…`,
 * procedures POST `/xrpc/<nsid>` with JSON; every call carries the session's token as a bearer.
 * Reads of the appview (`app.bsky.*`) go through the PDS, which forwards them.
 */
export class BlueskyXrpc extends NetworkApi {
  constructor(
    http: NetworkHttpClient,
    network: string,
    serviceUrl: string,
    now: () => Date = () => new Date(),
    classify: ResponseClassifier = blueskyResponseError,
  ) {
    super(http, network, serviceUrl, classify, now);
  }

  /** A query; without a token it is sent unauthenticated (the video service's getJobStatus). */
  query(
    nsid: string,
    params: XrpcParams,
    token: string | undefined,
    headers: Record<string, string> = {},
  ): Promise<unknown> {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) query.append(name, String(one));
    }
    const search = query.toString();
    return this.send({
      method: 'GET',
      url: this.url(`/xrpc/${nsid}${search ? `?${search}` : ''}`),
      headers: { ...headers, ...(token === undefined ? {} : bearer(token)) },
    });
  }

  procedure(nsid: string, body: unknown, token: string): Promise<unknown> {
    return this.send({ method: 'POST', url: this.url(`/xrpc/${nsid}`), json: body, headers: bearer(token) });
  }

  /** `com.atproto.repo.uploadBlob`: the file's bytes are the body, with their type. */
  uploadBlob(data: Buffer, contentType: string, token: string): Promise<unknown> {
    return this.send({
      method: 'POST',
      url: this.url('/xrpc/com.atproto.repo.uploadBlob'),
      bytes: { data, contentType },
      headers: bearer(token),
    });
  }
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}
