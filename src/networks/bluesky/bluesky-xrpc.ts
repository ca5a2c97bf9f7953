import { NetworkApi, ResponseClassifier } from '../http/network-api';
import { NetworkHttpClient, NetworkRequest, NetworkResponse } from '../http/network-http.client';
import { DpopKey } from './bluesky-dpop';
import { DpopNonces } from './bluesky-dpop-nonces';
import { blueskyResponseError } from './bluesky-errors';

/** A query's parameters: a repeated name (getPosts' `uris`) is sent once per value. */
export type XrpcParams = Record<string, string | number | readonly string[] | undefined>;

/**
 * One PDS over XRPC (https://atproto.com/specs/xrpc): queries are GET `/xrpc/<nsid>?…`,
 * procedures POST `/xrpc/<nsid>` with JSON. An app-password session's token goes as a bearer; an
 * OAuth session's (`dpop` given) as `Authorization: DPoP <token>` with a proof of the key it is
 * bound to (https://atproto.com/specs/oauth#dpop), sent again once with the PDS's nonce when it asks;
 * the nonce learnt is kept in `nonces` (the adapter's, shared by its calls) for the next proof.
 * Reads of the appview (`app.bsky.*`) go through the PDS, which forwards them.
 */
export class BlueskyXrpc extends NetworkApi {
  constructor(
    http: NetworkHttpClient,
    network: string,
    serviceUrl: string,
    now: () => Date = () => new Date(),
    classify: ResponseClassifier = blueskyResponseError,
    private readonly dpop?: DpopKey,
    private readonly nonces: DpopNonces = new DpopNonces(1),
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
    const request: NetworkRequest = {
      method: 'GET',
      url: this.url(`/xrpc/${nsid}${search ? `?${search}` : ''}`),
      headers,
    };
    return token === undefined ? this.send(request) : this.authorized(request, token);
  }

  procedure(nsid: string, body: unknown, token: string): Promise<unknown> {
    return this.authorized({ method: 'POST', url: this.url(`/xrpc/${nsid}`), json: body }, token);
  }

  /** `com.atproto.repo.uploadBlob`: the file's bytes are the body, with their type. */
  uploadBlob(data: Buffer, contentType: string, token: string): Promise<unknown> {
    return this.authorized(
      { method: 'POST', url: this.url('/xrpc/com.atproto.repo.uploadBlob'), bytes: { data, contentType } },
      token,
    );
  }

  /** Sends `request` as the session whose token this is. */
  private async authorized(request: NetworkRequest, token: string): Promise<unknown> {
    const dpop = this.dpop;
    if (!dpop) return this.send({ ...request, headers: { ...request.headers, ...bearer(token) } });
    const attempt = (nonce: string | undefined) =>
      this.sendRecovering(
        {
          ...request,
          headers: {
            ...request.headers,
            Authorization: `DPoP ${token}`,
            DPoP: dpop.proof(request.method, request.url, { nonce, accessToken: token }),
          },
        },
        (refusal) => (resourceWantsNonce(refusal) && refusal.headers['dpop-nonce']) || undefined,
      );
    const first = await attempt(this.nonces.get(request.url));
    if (first.recovered === undefined) return first.body;
    this.nonces.set(request.url, first.recovered);
    const second = await attempt(first.recovered);
    if (second.recovered !== undefined) throw this.unexpected('a DPoP nonce asked for twice in a row');
    return second.body;
  }
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** A resource server's ask for a nonce (RFC 9449 §9): 401 with `WWW-Authenticate: DPoP error="use_dpop_nonce"`. */
function resourceWantsNonce(response: NetworkResponse): boolean {
  return response.status === 401 && /error="use_dpop_nonce"/.test(response.headers['www-authenticate'] ?? '');
}
