import { withNetworkOperation } from '../../observability';
import { isRecord, JsonRecord, recordField } from '../http/json-fields';
import { NetworkApi } from '../http/network-api';
import { NetworkHttpClient, NetworkRequest, NetworkResponse } from '../http/network-http.client';
import { tiktokResponseError } from './tiktok-errors';

/**
 * open.tiktokapis.com as seen by one call: JSON bodies (`application/json; charset=UTF-8`) with the
 * creator's token as a Bearer header; each answer's `data` once `error.code` is `ok`, and its text
 * as it arrived (the status fetch's post ids are 19-digit JSON numbers).
 */
export class TikTokApi extends NetworkApi {
  constructor(
    http: NetworkHttpClient,
    network: string,
    baseUrl: string,
    private readonly accessToken: string,
  ) {
    super(http, network, baseUrl, tiktokResponseError);
  }

  /** A POST with a JSON body; the answer's `data`, and its text. Throws NetworkError otherwise. */
  async post(path: string, json: unknown, query?: Record<string, string>): Promise<{ data: JsonRecord; text: string }> {
    return this.call({ method: 'POST', url: this.url(path), json, ...(query ? { query } : {}) });
  }

  /** A GET; the answer's `data`. */
  async get(path: string, query: Record<string, string>): Promise<JsonRecord> {
    return (await this.call({ method: 'GET', url: this.url(path), query })).data;
  }

  /** One chunk of a FILE_UPLOAD to the upload URL TikTok gave (no token: the URL carries its own). */
  async putChunk(uploadUrl: string, data: Buffer, contentType: string, range: string): Promise<NetworkResponse> {
    // Counted as an upload, within the publish.
    return withNetworkOperation('upload', () =>
      this.exchange({
        method: 'PUT',
        url: uploadUrl,
        headers: { 'Content-Range': range },
        bytes: { data, contentType },
        timeoutMs: 300_000,
      }),
    );
  }

  private async call(request: NetworkRequest): Promise<{ data: JsonRecord; text: string }> {
    const response = await this.exchange({
      ...request,
      headers: {
        Authorization: `Bearer ${this.accessToken}`,
        ...(request.json !== undefined ? { 'Content-Type': 'application/json; charset=UTF-8' } : {}),
      },
    });
    const data = isRecord(response.body) ? recordField(response.body, 'data') : undefined;
    if (!data) throw this.unexpected(`${request.method} ${new URL(request.url).pathname} answered without data`);
    return { data, text: response.text ?? JSON.stringify(response.body) };
  }
}

/** open.tiktokapis.com/v2/oauth: the token and revoke endpoints, with the app's client_key and secret in the form. */
export class TikTokOAuth extends NetworkApi {
  constructor(http: NetworkHttpClient, network: string, baseUrl: string) {
    super(http, network, baseUrl, tiktokResponseError);
  }

  async token(form: Record<string, string>): Promise<JsonRecord> {
    const body = await this.send({ method: 'POST', url: this.url('/v2/oauth/token/'), form });
    if (!isRecord(body)) throw this.unexpected('the token endpoint answered without an object');
    return body;
  }

  async revoke(form: Record<string, string>): Promise<void> {
    await this.send({ method: 'POST', url: this.url('/v2/oauth/revoke/'), form });
  }
}
