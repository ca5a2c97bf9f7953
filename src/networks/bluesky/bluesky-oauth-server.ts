import { isIP } from 'node:net';
import { isRecord, stringField } from '../http/json-fields';
import { NetworkApi } from '../http/network-api';
import { NetworkHttpClient, NetworkResponse } from '../http/network-http.client';
import { NetworkError } from '../network-error';
import { DpopKey } from './bluesky-dpop';

/**
 * The authorization server's answers (RFC 6749 §5.2: `{error, error_description}`): a refused
 * grant (`invalid_grant`: a used, expired or revoked code or refresh token) needs the user again;
 * 429 waits; 5xx is worth a retry; any other refusal is final. The discovery documents (the PLC
 * directory, a PDS's metadata) are read with the same rules: their refusals carry no OAuth error.
 */
export function blueskyOAuthError(network: string, response: NetworkResponse, now: Date): NetworkError | undefined {
  const { status } = response;
  if (status >= 200 && status < 300) return undefined;
  const body = isRecord(response.body) ? response.body : {};
  const code = stringField(body, 'error') ?? `HTTP ${status}`;
  const said = stringField(body, 'error_description') ?? stringField(body, 'message');
  const message = `Bluesky refused the call: ${code}${said ? ` (${said.slice(0, 300)})` : ''}`;
  if (status === 429) {
    const reset = Number(response.headers['ratelimit-reset']);
    const retryAt = Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : new Date(now.getTime() + 60_000);
    return new NetworkError(network, 'rate_limited', message, { status, code, retryAt });
  }
  if (code === 'invalid_grant') return new NetworkError(network, 'auth_expired', message, { status, code });
  if (status >= 500 || status === 408) return new NetworkError(network, 'transient', message, { status, code });
  return new NetworkError(network, 'permanent', message, { status, code });
}

/** What the service reads of an authorization server's metadata (RFC 8414; contracts/bluesky/oauth.json). */
export interface AuthorizationServer {
  issuer: string;
  parEndpoint: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  revocationEndpoint: string;
}

/** The same URL whether or not it ends with a slash (issuers are compared this way). */
export function sameUrl(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

/**
 * The authorization server, the identity directory and the PDS's discovery documents, as one call
 * sees them: unauthenticated GETs, and the form POSTs that carry a DPoP proof, sent again once with
 * the server's nonce when it asks for one (`use_dpop_nonce`).
 */
export class BlueskyOAuthApi extends NetworkApi {
  constructor(
    http: NetworkHttpClient,
    network: string,
    baseUrl: string,
    /** Headers every call carries (a test world's name, to the service's own emulator). */
    private readonly headers: Record<string, string>,
    /** Whether a PDS or server a document names may be http or on an address (the emulator, a local PDS). */
    private readonly allowHttp = false,
  ) {
    super(http, network, baseUrl, blueskyOAuthError);
  }

  /**
   * A URL a document of someone else's named (an account's PDS, its authorization server), checked
   * before the service calls it: https on a host name, as atproto requires of them in production,
   * so that a DID document cannot point the service at its own network (an IP address,
   * `localhost`). http and addresses only where allowed (emulated, or ALLOW_PRIVATE_URLS).
   */
  servedUrl(value: string, what: string): string {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw this.unexpected(`${what} that is not a URL`);
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const https = url.protocol === 'https:' || (this.allowHttp && url.protocol === 'http:');
    const named = this.allowHttp || (isIP(host) === 0 && host !== 'localhost' && host.includes('.'));
    if (!https || !named || url.username || url.password || url.search || url.hash)
      throw this.unexpected(`${what} that is not an https URL on a public host name`);
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  }

  getJson(url: string): Promise<unknown> {
    return this.send({ method: 'GET', url, headers: this.headers });
  }

  /** A JSON document at `url`, as a record; a document of another shape is the server's fault, not ours. */
  async document(url: string, what: string): Promise<Record<string, unknown>> {
    const body = await this.getJson(url);
    if (!isRecord(body)) throw this.unexpected(`${what} that is not a JSON object`);
    return body;
  }

  /** The metadata of the authorization server `issuer` (RFC 8414), checked to name itself. */
  async authorizationServer(issuer: string): Promise<AuthorizationServer> {
    const base = issuer.replace(/\/+$/, '');
    const metadata = await this.document(
      `${base}/.well-known/oauth-authorization-server`,
      'authorization server metadata',
    );
    const field = (name: string) => {
      const value = stringField(metadata, name);
      if (!value) throw this.unexpected(`authorization server metadata without ${name}`);
      return value;
    };
    if (!sameUrl(field('issuer'), base)) throw this.unexpected('authorization server metadata for another issuer');
    return {
      issuer: field('issuer'),
      parEndpoint: field('pushed_authorization_request_endpoint'),
      authorizationEndpoint: field('authorization_endpoint'),
      tokenEndpoint: field('token_endpoint'),
      revocationEndpoint: field('revocation_endpoint'),
    };
  }

  /**
   * POSTs a form with a DPoP proof of `key`; a server that answers `use_dpop_nonce` (with a
   * DPoP-Nonce header) gets it once more with that nonce. Throws NetworkError otherwise.
   */
  async dpopPost(url: string, form: Record<string, string>, key: DpopKey, nonce?: string): Promise<unknown> {
    const send = (withNonce: string | undefined) =>
      this.sendRecovering(
        {
          method: 'POST',
          url,
          form,
          headers: { ...this.headers, DPoP: key.proof('POST', url, { nonce: withNonce }) },
        },
        (refusal) => (wantsNonce(refusal) && refusal.headers['dpop-nonce']) || undefined,
      );
    const first = await send(nonce);
    if (first.recovered === undefined) return first.body;
    const second = await send(first.recovered);
    if (second.recovered !== undefined) throw this.unexpected('a DPoP nonce asked for twice in a row');
    return second.body;
  }
}

/** An authorization server's ask for a nonce: 400 `use_dpop_nonce`. */
function wantsNonce(response: NetworkResponse): boolean {
  return response.status === 400 && isRecord(response.body) && response.body.error === 'use_dpop_nonce';
}
