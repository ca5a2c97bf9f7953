import { HttpService } from '@nestjs/axios';
import {
  DownloadedBytes,
  NetworkHttpClient,
  NetworkRequest,
  NetworkResponse,
  NetworkUnreachableError,
  StreamedDownload,
} from './network-http.client';
import { currentNetworkOperation, type NetworkOperation } from '../../observability';

/** A recorded network answer, or the absence of one. */
export type RecordedAnswer = NetworkResponse | NetworkUnreachableError;

export function answer(status: number, body: unknown, headers: Record<string, string> = {}): NetworkResponse {
  return { status, headers, body };
}

/**
 * Test double of NetworkHttpClient: records every request and plays back recorded answers in order.
 * A request with no answer left fails the test.
 */
export class RecordingHttp extends NetworkHttpClient {
  readonly requests: NetworkRequest[] = [];
  /** The operation each request was sent within (withNetworkOperation's scope), beside `requests`. */
  readonly operations: NetworkOperation[] = [];
  private readonly answers: RecordedAnswer[];

  constructor(...answers: RecordedAnswer[]) {
    super(undefined as unknown as HttpService);
    this.answers = answers;
  }

  override async send(request: NetworkRequest): Promise<NetworkResponse> {
    this.requests.push(request);
    this.operations.push(currentNetworkOperation());
    const next = this.answers.shift();
    if (!next) throw new Error(`Unexpected request: ${request.method} ${request.url}`);
    if (next instanceof Error) throw next;
    return next;
  }

  /** Media "downloads": every URL gets a few bytes of the type its extension says. */
  readonly downloads: string[] = [];

  override async download(url: string): Promise<DownloadedBytes> {
    this.downloads.push(url);
    const type = /\.png$/.test(url)
      ? 'image/png'
      : /\.gif$/.test(url)
        ? 'image/gif'
        : /\.mp4$/.test(url)
          ? 'video/mp4'
          : 'image/jpeg';
    return { status: 200, bytes: Buffer.from(`bytes of ${url}`), contentType: type };
  }

  /** The same bytes, streamed in one piece with their length. */
  override async openDownload(url: string): Promise<StreamedDownload> {
    const { bytes, contentType } = await this.download(url);
    return {
      status: 200,
      headers: { 'content-type': contentType, 'content-length': String(bytes.length) },
      body: (async function* () {
        yield bytes;
      })(),
      close: () => undefined,
    };
  }

  /** Every answer was asked for. */
  get exhausted(): boolean {
    return this.answers.length === 0;
  }
}

export const APP = { clientId: 'app-123', clientSecret: 'app-secret-456' };
export const CALLBACK = 'https://social.example.com/oauth/callback';
export const NOW = new Date('2026-03-01T12:00:00.000Z');
