import { HttpService } from '@nestjs/axios';
import { Injectable, Optional } from '@nestjs/common';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { ForbiddenAddressError, UrlSafety } from '../../common/url-safety';
import { AxiosError, AxiosRequestConfig } from 'axios';
import {
  currentNetworkOperation,
  logNetworkCall,
  networkCallOutcome,
  networkCallSpan,
  ServiceMetrics,
} from '../../observability';
import { OwnEmulatorCaller } from './own-emulator-caller';
import { withinWaitingBudget } from './waiting-budget';

export const NETWORK_TIMEOUT_MS = 15_000;
/** Largest answer read from a network unless a request says otherwise (API answers are small). */
export const DEFAULT_MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export interface NetworkResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the answer was JSON, otherwise the text. */
  body: unknown;
  /**
   * The answer as it arrived, for what JSON.parse cannot keep: an integer past a double's exact
   * range (TikTok's post ids, 19-digit JSON numbers). Absent where a test made the response.
   */
  text?: string;
}

export interface NetworkRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  query?: Record<string, string | undefined>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string | undefined>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart/form-data: text fields and files. */
  multipart?: Record<string, string | MultipartFile>;
  /** Sent as the body itself, with its type (an upload that takes the file's bytes alone: AT Protocol's uploadBlob, LinkedIn's upload URLs). */
  bytes?: { data: Buffer; contentType: string };
  headers?: Record<string, string>;
  /** Whole-request deadline, default NETWORK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Largest answer accepted, default DEFAULT_MAX_ANSWER_BYTES. */
  maxAnswerBytes?: number;
}

export interface MultipartFile {
  data: Buffer;
  filename: string;
  contentType: string;
}

export interface DownloadedBytes {
  status: number;
  bytes: Buffer;
  contentType: string;
}

/** A medium's answer whose body is read as it arrives (see fetchStream). */
export interface StreamedDownload {
  status: number;
  /** Lower-cased names. */
  headers: Record<string, string>;
  /** The body in the pieces it arrives in; a failure is a NetworkUnreachableError. Read it to its end, or close it. */
  body: AsyncIterable<Buffer>;
  /** Lets go of the connection (idempotent). */
  close(): void;
}

/** How long a medium's origin may take: the whole download, or (streamed) the time spent waiting for its bytes. */
export const MEDIA_TIMEOUT_MS = 60_000;

type MediaGuard = { lookup?: LookupFunction; beforeRedirect?: (hop: { hostname?: string | null }) => void };

/** Thrown when no HTTP answer arrived at all (refused, reset, timed out): always worth a retry. */
export class NetworkUnreachableError extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`No answer from ${new URL(url).host}: ${reason}`);
    this.name = 'NetworkUnreachableError';
  }
}

function defined(record: Record<string, string | undefined> | undefined): Record<string, string> | undefined {
  if (!record) return undefined;
  return Object.fromEntries(
    Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * The one way adapters reach a network: a bounded timeout, no redirects followed, and every HTTP
 * answer returned (not thrown) so that the adapter classifies the network's own error body.
 */
@Injectable()
export class NetworkHttpClient {
  constructor(
    private readonly http: HttpService,
    // Optional so the recording test double needs none; the service always has it.
    @Optional() private readonly urls?: UrlSafety,
    @Optional() private readonly ownEmulator?: OwnEmulatorCaller,
    // Where each exchange is counted (sps_network_requests_total), by network and operation.
    @Optional() readonly metrics?: ServiceMetrics,
  ) {}

  /** `network`: the network's id, for the metrics and the call's span (the operation comes from withNetworkOperation's scope). */
  send(request: NetworkRequest, network: string): Promise<NetworkResponse> {
    return networkCallSpan(network, request, () => this.meteredExchange(request, network));
  }

  /** The exchange, counted (sps_network_requests_total) by network, operation and outcome. */
  private async meteredExchange(request: NetworkRequest, network: string): Promise<NetworkResponse> {
    const started = performance.now();
    let status: number | undefined;
    try {
      const response = await this.exchange(request);
      status = response.status;
      return response;
    } finally {
      const operation = currentNetworkOperation();
      const durationMs = performance.now() - started;
      this.metrics?.networkRequest(network, operation, networkCallOutcome(status), durationMs / 1000);
      // A publish attempt's trace (GET /posts/:id/deliveries/:deliveryId/attempts), when one collects.
      logNetworkCall({ operation, method: request.method, url: request.url, status: status ?? null, durationMs });
    }
  }

  private async exchange(request: NetworkRequest): Promise<NetworkResponse> {
    const config: AxiosRequestConfig = {
      method: request.method,
      url: request.url,
      params: defined(request.query),
      headers: { Accept: 'application/json', ...request.headers, ...this.ownEmulator?.headersFor(request.url) },
      // axios' own timeout stops counting once headers arrive; the signal bounds the whole exchange,
      // so a network trickling its answer cannot hold a request or a worker.
      timeout: request.timeoutMs ?? NETWORK_TIMEOUT_MS,
      signal: AbortSignal.timeout(request.timeoutMs ?? NETWORK_TIMEOUT_MS),
      maxContentLength: request.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
      maxRedirects: 0,
      validateStatus: () => true,
      responseType: 'text',
      transformResponse: (data: unknown) => data,
    };
    if (request.form) {
      config.data = new URLSearchParams(defined(request.form)).toString();
      config.headers = { ...config.headers, 'Content-Type': 'application/x-www-form-urlencoded' };
    } else if (request.multipart) {
      const form = new FormData();
      for (const [name, value] of Object.entries(request.multipart)) {
        if (typeof value === 'string') form.append(name, value);
        else form.append(name, new Blob([value.data], { type: value.contentType }), value.filename);
      }
      config.data = form;
    } else if (request.bytes) {
      config.data = request.bytes.data;
      config.headers = { ...config.headers, 'Content-Type': request.bytes.contentType };
    } else if (request.json !== undefined) {
      config.data = JSON.stringify(request.json);
      config.headers = { ...config.headers, 'Content-Type': 'application/json' };
    }
    try {
      // axiosRef, not the Observable wrapper: the wrapper cancels each request when it completes,
      // building an error (and its stack) per call for nothing.
      const response = await this.http.axiosRef.request<string>(config);
      const headers = Object.fromEntries(
        Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
      );
      return {
        status: response.status,
        headers,
        body: parseBody(response.data),
        ...(typeof response.data === 'string' ? { text: response.data } : {}),
      };
    } catch (error) {
      const reason = error instanceof AxiosError ? (error.code ?? error.message) : String(error);
      throw new NetworkUnreachableError(request.url, reason);
    }
  }

  /**
   * A customer's media file as bytes (see fetchBytes). The URL was checked when the post was
   * accepted; here every connection, redirects included, is checked again as it is made, so a
   * name that now resolves to a private address, or a redirect to one, is refused.
   */
  download(url: string, maxBytes: number): Promise<DownloadedBytes> {
    return fetchBytes(this.http, url, maxBytes, this.mediaGuard());
  }

  /** The same download, checked the same way, its body read as it arrives instead of held whole (see fetchStream). */
  openDownload(url: string, maxBytes: number): Promise<StreamedDownload> {
    return fetchStream(this.http, url, maxBytes, this.mediaGuard());
  }

  private mediaGuard(): MediaGuard {
    return { lookup: this.urls?.connectLookup(), beforeRedirect: this.urls?.redirectGuard() };
  }
}

/** What every download of a medium shares: the size limit, a few redirects (CDNs use them), and the address guards on each hop. */
function mediaGet(url: string, maxBytes: number, guard: MediaGuard, timeoutMs: number): AxiosRequestConfig {
  return {
    method: 'GET',
    url,
    timeout: timeoutMs,
    maxContentLength: maxBytes,
    maxRedirects: 3,
    validateStatus: () => true,
    // axios adapts a Node-style lookup (it also accepts the `all` form); its type is narrower.
    ...(guard.lookup ? { lookup: guard.lookup as AxiosRequestConfig['lookup'] } : {}),
    ...(guard.beforeRedirect ? { beforeRedirect: guard.beforeRedirect } : {}),
  };
}

/**
 * Downloads a file (a medium to upload) as bytes, within the deadline and size limit; an HTTP error
 * status is returned, not thrown. Redirects are followed a few times, as CDNs use them.
 */
export async function fetchBytes(
  http: HttpService,
  url: string,
  maxBytes: number,
  guard: MediaGuard = {},
  timeoutMs = MEDIA_TIMEOUT_MS,
): Promise<DownloadedBytes> {
  try {
    const response = await http.axiosRef.request<ArrayBuffer>({
      ...mediaGet(url, maxBytes, guard, timeoutMs),
      responseType: 'arraybuffer',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return {
      status: response.status,
      bytes: Buffer.from(response.data),
      contentType: String(response.headers['content-type'] ?? 'application/octet-stream'),
    };
  } catch (error) {
    throw mediaFailure(url, error);
  }
}

/**
 * Opens a file (a medium to upload) whose body is then read as it arrives, so that it is never held
 * whole: the same guards, size limit and deadline as fetchBytes, except that once the headers have
 * come, the deadline counts only the time spent waiting for the body's bytes, not the time its
 * reader spends elsewhere between two reads. The body comes as sent (no transparent
 * decompression), so that its Content-Length is the number of bytes read.
 */
export async function fetchStream(
  http: HttpService,
  url: string,
  maxBytes: number,
  guard: MediaGuard = {},
  timeoutMs = MEDIA_TIMEOUT_MS,
): Promise<StreamedDownload> {
  const started = Date.now();
  const connection = new AbortController();
  let expired = false;
  const expire = () => {
    expired = true;
    connection.abort();
  };
  // Until the headers come, the whole wait is bounded, as in fetchBytes (axios' own timeout is a
  // socket's idle time); from then on, withinWaitingBudget counts what is left.
  const headersDeadline = setTimeout(expire, timeoutMs);
  let response;
  try {
    response = await http.axiosRef.request<Readable>({
      ...mediaGet(url, maxBytes, guard, timeoutMs),
      responseType: 'stream',
      signal: connection.signal,
      decompress: false,
      headers: { 'Accept-Encoding': 'identity' },
    });
  } catch (error) {
    throw expired ? new NetworkUnreachableError(url, `timeout of ${timeoutMs}ms exceeded`) : mediaFailure(url, error);
  } finally {
    clearTimeout(headersDeadline);
  }
  const budgetLeftMs = timeoutMs - (Date.now() - started);
  const stream = response.data;
  // A failure while nobody reads (between two chunks) is met by the next read; unheard, it would end the process.
  stream.on('error', () => undefined);
  const headers = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  async function* body(): AsyncGenerator<Buffer> {
    try {
      yield* withinWaitingBudget(stream, budgetLeftMs, expire);
    } catch (error) {
      throw expired
        ? new NetworkUnreachableError(url, `no bytes of the medium within ${timeoutMs}ms of waiting`)
        : mediaFailure(url, error);
    }
  }
  // Aborting ends the request under the stream too: destroying only axios' stream (a wrapper
  // counting bytes against the limit) would leave the connection open.
  const close = () => {
    connection.abort();
    stream.destroy();
  };
  return { status: response.status, headers, body: body(), close };
}

/** A failed download as the adapters know it: a forbidden address, or no (whole) answer. */
function mediaFailure(url: string, error: unknown): ForbiddenMediaAddressError | NetworkUnreachableError {
  if (isForbidden(error)) return new ForbiddenMediaAddressError(url);
  const reason = error instanceof AxiosError ? (error.code ?? error.message) : String(error);
  return new NetworkUnreachableError(url, reason);
}

/** A medium whose URL now leads (by name or redirect) to a private or loopback address. */
export class ForbiddenMediaAddressError extends Error {
  constructor(url: string) {
    super(`${new URL(url).host} leads to a private or loopback address`);
    this.name = 'ForbiddenMediaAddressError';
  }
}

/** Whether the error, or one of its causes (axios and follow-redirects wrap it twice), is ForbiddenAddressError's. */
function isForbidden(error: unknown): boolean {
  let current = error as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof ForbiddenAddressError || current.code === 'EADDRFORBIDDEN') return true;
    current = current.cause as typeof current;
  }
  return false;
}

function parseBody(text: string): unknown {
  if (typeof text !== 'string' || text.length === 0) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
