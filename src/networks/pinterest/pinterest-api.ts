import { isRecord, JsonRecord } from '../http/json-fields';
import { NetworkApi } from '../http/network-api';
import { MultipartFile, NetworkHttpClient, NetworkRequest } from '../http/network-http.client';
import { AppCredentials } from '../network-adapter';
import { pinterestResponseError } from './pinterest-errors';

/** api.pinterest.com/v5 as one account: its access token as a Bearer header, JSON in and out. */
export class PinterestApi extends NetworkApi {
  constructor(
    http: NetworkHttpClient,
    network: string,
    baseUrl: string,
    private readonly accessToken: string,
  ) {
    super(http, network, baseUrl, pinterestResponseError);
  }

  private async call(
    method: NetworkRequest['method'],
    path: string,
    options: { query?: Record<string, string | undefined>; json?: unknown } = {},
  ): Promise<unknown> {
    return this.send({
      method,
      url: this.url(path),
      headers: { Authorization: `Bearer ${this.accessToken}` },
      ...(options.query ? { query: options.query } : {}),
      ...(options.json !== undefined ? { json: options.json } : {}),
    });
  }

  /** A GET whose answer must be an object. */
  async read(path: string, query?: Record<string, string | undefined>): Promise<JsonRecord> {
    const body = await this.call('GET', path, query ? { query } : {});
    if (!isRecord(body)) throw this.unexpected(`GET ${path} answered without an object`);
    return body;
  }

  /** A POST of JSON whose answer must be an object. */
  async create(path: string, json: unknown): Promise<JsonRecord> {
    const body = await this.call('POST', path, { json });
    if (!isRecord(body)) throw this.unexpected(`POST ${path} answered without an object`);
    return body;
  }

  async remove(path: string): Promise<void> {
    await this.call('DELETE', path);
  }

  /**
   * A video's file to the upload URL `POST /media` gave: a multipart form of every upload
   * parameter as given, then the file (an S3 browser upload takes the file last); no token.
   */
  async uploadForm(url: string, parameters: Record<string, string>, file: MultipartFile): Promise<void> {
    await this.send({ method: 'POST', url, multipart: { ...parameters, file }, timeoutMs: 300_000 });
  }
}

/** The token endpoint (`/oauth/token`), the app authenticated with HTTP Basic. */
export class PinterestOAuth extends NetworkApi {
  constructor(http: NetworkHttpClient, network: string, baseUrl: string) {
    super(http, network, baseUrl, pinterestResponseError);
  }

  async token(app: AppCredentials, form: Record<string, string>): Promise<JsonRecord> {
    const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
    const body = await this.send({
      method: 'POST',
      url: this.url('/oauth/token'),
      headers: { Authorization: `Basic ${basic}` },
      form,
    });
    if (!isRecord(body)) throw this.unexpected('the token endpoint answered without an object');
    return body;
  }
}
