import { linkedInApiRules } from '../../contracts';
import { isRecord, JsonRecord } from '../http/json-fields';
import { NetworkApi } from '../http/network-api';
import { NetworkHttpClient, NetworkRequest, NetworkResponse } from '../http/network-http.client';
import { linkedInResponseError } from './linkedin-errors';
import { withNetworkOperation } from '../../observability';

const { version: VERSION_HEADER, restli: RESTLI_HEADER } = linkedInApiRules().headers;

/**
 * A query value as Rest.li 2.0 takes it: URL-encoded (a URN's colons too); a `List(…)` keeps its
 * syntax, its items encoded; `raw` is sent as written (a Rest.li record such as `(share:urn%3A…)`).
 */
export type RestliQuery = Record<string, string | { list: string[] } | { raw: string } | undefined>;

function queryString(query: RestliQuery): string {
  return Object.entries(query)
    .filter((entry): entry is [string, string | { list: string[] } | { raw: string }] => entry[1] !== undefined)
    .map(([name, value]) => {
      if (typeof value === 'string') return `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
      if ('raw' in value) return `${encodeURIComponent(name)}=${value.raw}`;
      return `${encodeURIComponent(name)}=List(${value.list.map(encodeURIComponent).join(',')})`;
    })
    .join('&');
}

/** `/rest/posts/{urn}` with the URN encoded, as LinkedIn asks ("URNs in paths must be URL-encoded"). */
export function restPath(resource: string, urn?: string, edge?: string): string {
  return `/rest/${resource}${urn ? `/${encodeURIComponent(urn)}` : ''}${edge ? `/${edge}` : ''}`;
}

/**
 * api.linkedin.com as seen by one call: every `/rest/` call carries `LinkedIn-Version` and
 * `X-Restli-Protocol-Version: 2.0.0` (Posts API: "All APIs require" both) and the member's token as
 * a Bearer header; answers are returned with their headers, which carry what LinkedIn says in
 * them (a created post's URN in `x-restli-id`, an uploaded part's `ETag`).
 */
export class LinkedInApi extends NetworkApi {
  constructor(
    http: NetworkHttpClient,
    network: string,
    baseUrl: string,
    readonly version: string,
    private readonly accessToken: string,
  ) {
    super(http, network, baseUrl, linkedInResponseError);
  }

  /** A versioned call; the whole answer (status, headers, body) once it succeeded. Throws NetworkError otherwise. */
  async rest(
    method: NetworkRequest['method'],
    path: string,
    options: { query?: RestliQuery; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<NetworkResponse> {
    const query = options.query ? queryString(options.query) : '';
    return this.exchange({
      method,
      url: `${this.url(path)}${query ? `?${query}` : ''}`,
      headers: {
        Authorization: `Bearer ${this.accessToken}`,
        [VERSION_HEADER.name]: this.version,
        [RESTLI_HEADER.name]: RESTLI_HEADER.value,
        ...options.headers,
      },
      ...(options.json !== undefined ? { json: options.json } : {}),
    });
  }

  /** A versioned GET whose answer must be an object. */
  async read(path: string, query?: RestliQuery): Promise<JsonRecord> {
    const { body } = await this.rest('GET', path, query ? { query } : {});
    if (!isRecord(body)) throw this.unexpected(`GET ${path} answered without an object`);
    return body;
  }

  /** `GET /v2/userinfo` (OpenID Connect, unversioned). */
  async userinfo(): Promise<JsonRecord> {
    const { body } = await this.exchange({
      method: 'GET',
      url: this.url('/v2/userinfo'),
      headers: { Authorization: `Bearer ${this.accessToken}` },
    });
    if (!isRecord(body)) throw this.unexpected('/v2/userinfo answered without an object');
    return body;
  }

  /** The bytes of a medium (or a part of one) to the upload URL LinkedIn gave; the answer's headers (its ETag). */
  async upload(uploadUrl: string, data: Buffer, contentType: string): Promise<NetworkResponse> {
    return withNetworkOperation('upload', () =>
      this.exchange({
        method: 'PUT',
        url: uploadUrl,
        headers: { Authorization: `Bearer ${this.accessToken}` },
        bytes: { data, contentType },
        timeoutMs: 120_000,
      }),
    );
  }
}

/** The OAuth host (www.linkedin.com/oauth/v2): the token endpoint, with the app's credentials in the form. */
export class LinkedInOAuth extends NetworkApi {
  constructor(http: NetworkHttpClient, network: string, baseUrl: string) {
    super(http, network, baseUrl, linkedInResponseError);
  }

  async token(form: Record<string, string>): Promise<JsonRecord> {
    const body = await this.send({ method: 'POST', url: this.url('/accessToken'), form });
    if (!isRecord(body)) throw this.unexpected('the token endpoint answered without an object');
    return body;
  }
}
