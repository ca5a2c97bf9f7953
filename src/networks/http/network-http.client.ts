import { HttpService } from '@nestjs/axios';
import { Injectable, Optional } from '@nestjs/common';
import type { LookupFunction } from 'node:net';
import { ForbiddenAddressError, UrlSafety } from '../../common/url-safety';
import { AxiosError, AxiosRequestConfig } from 'axios';

export const NETWORK_TIMEOUT_MS = 15_000;
/** Largest answer read from a network unless a request says otherwise (API answers are small). */
export const DEFAULT_MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export interface NetworkResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the answer was JSON, otherwise the text. */
  body: unknown;
}

export interface NetworkRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  query?: Record<string, string | undefined>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string | undefined>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart/form-data: text fields and files. */
  multipart?: Record<string, string | MultipartFile>;
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
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined));
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
  ) {}

  async send(request: NetworkRequest): Promise<NetworkResponse> {
    const config: AxiosRequestConfig = {
      method: request.method,
      url: request.url,
      params: defined(request.query),
      headers: { Accept: 'application/json', ...request.headers },
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
    } else if (request.json !== undefined) {
      config.data = JSON.stringify(request.json);
      config.headers = { ...config.headers, 'Content-Type': 'application/json' };
    }
    try {
      // axiosRef, not the Observable wrapper: the wrapper cancels each request when it completes,
      // building an error (and its stack) per call for nothing.
      const response = await this.http.axiosRef.request<string>(config);
      const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
      return { status: response.status, headers, body: parseBody(response.data) };
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
    return fetchBytes(this.http, url, maxBytes, { lookup: this.urls?.connectLookup(), beforeRedirect: this.urls?.redirectGuard() });
  }
}

/**
 * Downloads a file (a medium to upload) as bytes, within the deadline and size limit; an HTTP error
 * status is returned, not thrown. Redirects are followed a few times, as CDNs use them.
 */
export async function fetchBytes(
  http: HttpService,
  url: string,
  maxBytes: number,
  guard: { lookup?: LookupFunction; beforeRedirect?: (hop: { hostname?: string | null }) => void } = {},
  timeoutMs = 60_000,
): Promise<DownloadedBytes> {
  try {
    const response = await http.axiosRef.request<ArrayBuffer>({
        method: 'GET',
        url,
        responseType: 'arraybuffer',
        timeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
        maxContentLength: maxBytes,
        maxRedirects: 3,
        validateStatus: () => true,
        // axios adapts a Node-style lookup (it also accepts the `all` form); its type is narrower.
        ...(guard.lookup ? { lookup: guard.lookup as AxiosRequestConfig['lookup'] } : {}),
        ...(guard.beforeRedirect ? { beforeRedirect: guard.beforeRedirect } : {}),
    });
    return { status: response.status, bytes: Buffer.from(response.data), contentType: String(response.headers['content-type'] ?? 'application/octet-stream') };
  } catch (error) {
    if (isForbidden(error)) throw new ForbiddenMediaAddressError(url);
    const reason = error instanceof AxiosError ? (error.code ?? error.message) : String(error);
    throw new NetworkUnreachableError(url, reason);
  }
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
