import { withNetworkOperation } from '../../observability';
import { isRecord, JsonRecord } from '../http/json-fields';
import { NetworkApi } from '../http/network-api';
import { NetworkHttpClient, NetworkRequest, NetworkResponse } from '../http/network-http.client';
import { youTubeResponseError } from './youtube-errors';
import { YouTubeQuotaGuard } from './youtube-quota';

/** How long one upload PUT may take (a part of a few MiB, on a slow link). */
const UPLOAD_TIMEOUT_MS = 300_000;

/** The discovery method an HTTP verb on a resource is. */
const VERB: Record<NetworkRequest['method'], string> = { GET: 'list', POST: 'insert', PUT: 'update', DELETE: 'delete' };

/**
 * youtube.googleapis.com as seen by one call: the channel's token as a Bearer header; each method
 * charged to the app's quota before it is called (the bytes of an upload session are no method);
 * answers kept whole where their headers say something (the session's Location, a part's Range).
 */
export class YouTubeApi extends NetworkApi {
  constructor(
    http: NetworkHttpClient,
    network: string,
    baseUrl: string,
    private readonly accessToken: string,
    private readonly quota: YouTubeQuotaGuard,
  ) {
    super(http, network, baseUrl, youTubeResponseError);
  }

  private auth(): Record<string, string> {
    return { Authorization: `Bearer ${this.accessToken}` };
  }

  /** A Data API call (`/youtube/v3/{resource}`); its answer's body, an object unless it is empty (a delete). */
  async call(
    method: NetworkRequest['method'],
    resource: string,
    query: Record<string, string | undefined>,
    json?: unknown,
  ): Promise<JsonRecord> {
    await this.quota.charge(`${resource}.${VERB[method]}`);
    const { body } = await this.exchange({
      method,
      url: this.url(`/youtube/v3/${resource}`),
      query,
      headers: this.auth(),
      ...(json !== undefined ? { json } : {}),
    });
    return isRecord(body) ? body : {};
  }

  /** Starts a resumable upload of `videos.insert`: the metadata, the size and type to come; the session URI. */
  async startUpload(part: string, video: unknown, size: number, contentType: string): Promise<string> {
    await this.quota.charge('videos.insert');
    // The resumable upload's calls (its start, its parts, the thumbnail) are counted as uploads, within the publish.
    const answer = await withNetworkOperation('upload', () =>
      this.exchange({
        method: 'POST',
        url: this.url('/upload/youtube/v3/videos'),
        query: { uploadType: 'resumable', part },
        headers: { ...this.auth(), 'X-Upload-Content-Length': String(size), 'X-Upload-Content-Type': contentType },
        json: video,
      }),
    );
    const location = answer.headers['location'];
    if (!location) throw this.unexpected('the resumable upload answered without a session URI (Location)');
    return location;
  }

  /** Bytes to a session (with `Content-Range` for a part), or an empty status query (`bytes *\/N`). The whole answer: 308 included. */
  async putToSession(sessionUri: string, data: Buffer, contentType: string, range?: string): Promise<NetworkResponse> {
    return withNetworkOperation('upload', () =>
      this.exchange({
        method: 'PUT',
        url: sessionUri,
        headers: { ...this.auth(), ...(range ? { 'Content-Range': range } : {}) },
        bytes: { data, contentType },
        timeoutMs: UPLOAD_TIMEOUT_MS,
      }),
    );
  }

  /** `thumbnails.set`: the image as the body (uploadType=media). */
  async setThumbnail(videoId: string, data: Buffer, contentType: string): Promise<void> {
    await this.quota.charge('thumbnails.set');
    await withNetworkOperation('upload', () =>
      this.exchange({
        method: 'POST',
        url: this.url('/upload/youtube/v3/thumbnails/set'),
        query: { videoId, uploadType: 'media' },
        headers: this.auth(),
        bytes: { data, contentType },
        timeoutMs: UPLOAD_TIMEOUT_MS,
      }),
    );
  }
}

/** oauth2.googleapis.com: `/token` and `/revoke`, with the app's credentials in the form. */
export class YouTubeOAuth extends NetworkApi {
  constructor(http: NetworkHttpClient, network: string, baseUrl: string) {
    super(http, network, baseUrl, youTubeResponseError);
  }

  async token(form: Record<string, string>): Promise<JsonRecord> {
    const body = await this.send({ method: 'POST', url: this.url('/token'), form });
    if (!isRecord(body)) throw this.unexpected('the token endpoint answered without an object');
    return body;
  }

  async revoke(token: string): Promise<void> {
    await this.send({ method: 'POST', url: this.url('/revoke'), form: { token } });
  }
}
