import { NetworkError } from '../network-error';
import { unreachableNetworkError } from '../safe-network-message';
import {
  ForbiddenMediaAddressError,
  NetworkHttpClient,
  NetworkRequest,
  NetworkResponse,
  NetworkUnreachableError,
  StreamedDownload,
} from './network-http.client';

/** Turns a network's answer into a classified NetworkError, or undefined when it is a success. */
export type ResponseClassifier = (network: string, response: NetworkResponse, now: Date) => NetworkError | undefined;

/** A medium being downloaded, of a size known before its first byte is read. */
export interface StreamedMedium {
  size: number;
  contentType: string;
  /** Exactly `size` bytes, in the pieces they arrive in; a failure is a NetworkError. */
  pieces: AsyncIterable<Buffer>;
  /** Lets go of the download (idempotent): call it when done, read to the end or not. */
  close(): void;
}

/**
 * One network host as seen by one call: sends through the shared HTTP client and turns every
 * failure into a NetworkError classified by the network's own rules. Holds no credentials; they
 * travel with each request.
 */
export class NetworkApi {
  constructor(
    protected readonly http: NetworkHttpClient,
    readonly network: string,
    readonly baseUrl: string,
    private readonly classify: ResponseClassifier,
    private readonly now: () => Date = () => new Date(),
  ) {}

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /** Sends a request and returns the body of a successful answer; throws NetworkError otherwise. */
  async send(request: NetworkRequest): Promise<unknown> {
    const answer = await this.sendRecovering(request, () => undefined);
    return answer.body;
  }

  /**
   * Sends a request like send, but a refusal that `recover` reads a way on from (a network error
   * whose body says what to send instead) is returned as `recovered` rather than thrown.
   */
  async sendRecovering<T>(
    request: NetworkRequest,
    recover: (refusal: NetworkResponse) => T | undefined,
  ): Promise<{ body: unknown; recovered?: undefined } | { body?: undefined; recovered: T }> {
    const { response, failure } = await this.answer(request);
    if (!failure) return { body: response.body };
    const recovered = recover(response);
    if (recovered === undefined) throw failure;
    return { recovered };
  }

  /**
   * Sends a request like send, keeping the whole successful answer (its status, headers and raw
   * text: an upload's 308, a Location, an id JSON.parse would round); throws NetworkError otherwise.
   */
  async exchange(request: NetworkRequest): Promise<NetworkResponse> {
    const { response, failure } = await this.answer(request);
    if (failure) throw failure;
    return response;
  }

  /** The answer to a request and its classified failure, if any (a rate limit counted). */
  private async answer(request: NetworkRequest): Promise<{ response: NetworkResponse; failure?: NetworkError }> {
    let response: NetworkResponse;
    try {
      response = await this.http.send(this.prepare(request), this.network);
    } catch (error) {
      if (error instanceof NetworkUnreachableError) throw unreachableNetworkError(this.network, error);
      throw error;
    }
    const failure = this.classify(this.network, response, this.now());
    if (failure?.kind === 'rate_limited') this.http.metrics?.networkRateLimit(this.network);
    return failure ? { response, failure } : { response };
  }

  /** What is sent for a request: a host that signs its calls adds its parameters here, once for all calls. */
  protected prepare(request: NetworkRequest): NetworkRequest {
    return request;
  }

  /** A customer's medium as bytes, to upload: a missing file is permanent, an unreachable host transient. */
  async download(url: string, maxBytes: number): Promise<{ bytes: Buffer; contentType: string }> {
    let downloaded;
    try {
      downloaded = await this.http.download(url, maxBytes);
    } catch (error) {
      throw this.downloadFailure(error);
    }
    const refused = this.refusedMedium(downloaded.status);
    if (refused) throw refused;
    return downloaded;
  }

  /**
   * A customer's medium as a stream, to upload chunk by chunk without holding it whole; failures
   * are classified as download's. Its size must be known before it is read (a resumable upload
   * announces it first), so a medium sent without a Content-Length, or larger than maxBytes, is
   * refused for good before any byte is read.
   */
  async openDownload(url: string, maxBytes: number): Promise<StreamedMedium> {
    let opened: StreamedDownload;
    try {
      opened = await this.http.openDownload(url, maxBytes);
    } catch (error) {
      throw this.downloadFailure(error);
    }
    const size = announcedSize(opened.headers);
    try {
      const refused = this.refusedMedium(opened.status);
      if (refused) throw refused;
      if (size === undefined) {
        throw new NetworkError(
          this.network,
          'permanent',
          'The medium could not be uploaded: its server did not say its size (no Content-Length, or a compressed body)',
          {
            code: 'media_size_unknown',
          },
        );
      }
      if (size > maxBytes)
        throw new NetworkError(this.network, 'permanent', `The medium is larger than ${maxBytes} bytes (${size})`, {
          code: 'media_too_large',
        });
    } catch (error) {
      opened.close();
      throw error;
    }
    return {
      size,
      contentType: opened.headers['content-type'] ?? 'application/octet-stream',
      pieces: this.exactly(size, opened.body, url),
      close: () => opened.close(),
    };
  }

  /** The body's pieces, failing (for a retry) where they fall short of the size announced or go past it. */
  private async *exactly(size: number, body: AsyncIterable<Buffer>, url: string): AsyncGenerator<Buffer> {
    let read = 0;
    try {
      for await (const piece of body) {
        read += piece.length;
        if (read > size) break;
        yield piece;
      }
    } catch (error) {
      throw this.downloadFailure(error);
    }
    if (read !== size) {
      const sent = read > size ? `more than the ${size} bytes` : `${read} of the ${size} bytes`;
      throw new NetworkError(
        this.network,
        'transient',
        `The medium could not be downloaded: ${new URL(url).host} sent ${sent} it announced`,
      );
    }
  }

  private downloadFailure(error: unknown): unknown {
    if (error instanceof ForbiddenMediaAddressError) {
      return new NetworkError(this.network, 'permanent', `The medium was not downloaded: ${error.message}`, {
        code: 'media_forbidden',
        mediaUnavailable: true,
      });
    }
    if (error instanceof NetworkUnreachableError)
      return new NetworkError(this.network, 'transient', `The medium could not be downloaded: ${error.message}`);
    return error;
  }

  private refusedMedium(status: number): NetworkError | undefined {
    if (status >= 500)
      return new NetworkError(this.network, 'transient', `The medium could not be downloaded (HTTP ${status})`);
    if (status !== 200)
      return new NetworkError(this.network, 'permanent', `The medium could not be downloaded (HTTP ${status})`, {
        code: 'media_unavailable',
        mediaUnavailable: true,
      });
    return undefined;
  }

  /** A 2xx answer we cannot read is not worth retrying: the protocol changed under us. */
  unexpected(what: string): NetworkError {
    return new NetworkError(this.network, 'permanent', `Unexpected answer from ${new URL(this.baseUrl).host}: ${what}`);
  }
}

/** The body's length as its server announced it, if it did and the body is the file itself (not compressed on the way). */
function announcedSize(headers: Record<string, string>): number | undefined {
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return undefined;
  const length = headers['content-length'];
  return length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined;
}
