import axios, { AxiosRequestConfig } from 'axios';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { UrlSafety } from '../common/url-safety';

/** A file being downloaded: its headers have come, its body is still to read (or to close). */
export interface OpenedDownload {
  status: number;
  /** The media type, without parameters, lower-cased; '' when the server gave none. */
  contentType: string;
  /** Content-Length, when the server gave one. */
  size?: number;
  body: Readable;
  close(): void;
}

/** Why a URL gives no file, with the code the API gives the same problem of a media URL in a post. */
export type DownloadProblem =
  'media_url_invalid' | 'media_url_private' | 'media_url_unresolvable' | 'media_url_unreachable';

/** What stops a download: the URL's own problem (said to the agent), not a fault of the service. */
export class DownloadRefused extends Error {
  constructor(
    readonly code: DownloadProblem,
    message: string,
  ) {
    super(message);
  }
}

const PROBLEM_CODES = {
  malformed: 'media_url_invalid',
  private: 'media_url_private',
  unresolvable: 'media_url_unresolvable',
} as const;

/** How long the file's server may take to answer, and then to send the whole file (up to 1 GB). */
const HEADERS_TIMEOUT_MS = 60_000;
const DOWNLOAD_TIMEOUT_MS = 15 * 60_000;
const MAX_REDIRECTS = 3;

/** Opens a URL for upload_media_from_url. */
export interface UrlDownloads {
  open(url: string, maxBytes: number): Promise<OpenedDownload>;
}

/**
 * Downloads over HTTP, following a few redirects. In the service (the /mcp endpoint) it is given
 * the service's address checks: the URL is the customer's choice, so it must not reach the
 * service's own network (private, loopback and link-local addresses, by name, by redirect or by
 * DNS rebinding, as for media URLs in posts), unless ALLOW_PRIVATE_URLS allows them for local use.
 * The stdio server runs on the agent's own machine and fetches what that machine may fetch.
 */
export class HttpUrlDownloads implements UrlDownloads {
  constructor(private readonly guard?: { safety: UrlSafety; owner: string }) {}

  async open(url: string, maxBytes: number): Promise<OpenedDownload> {
    let lookup: LookupFunction | undefined;
    let beforeRedirect: ((hop: { hostname?: string | null }) => void) | undefined;
    if (this.guard) {
      const verdict = await this.guard.safety.check(url, this.guard.owner);
      if (!verdict.ok) throw new DownloadRefused(PROBLEM_CODES[verdict.problem], `The URL ${verdict.reason}`);
      lookup = this.guard.safety.connectLookup();
      beforeRedirect = this.guard.safety.redirectGuard();
    } else if (!/^https?:\/\//i.test(url)) {
      throw new DownloadRefused('media_url_invalid', 'The URL must be an absolute http or https URL');
    }
    const controller = new AbortController();
    const headersTimer = setTimeout(() => controller.abort(), HEADERS_TIMEOUT_MS);
    const config: AxiosRequestConfig = {
      method: 'GET',
      url,
      responseType: 'stream',
      maxRedirects: MAX_REDIRECTS,
      maxContentLength: maxBytes,
      validateStatus: () => true,
      // The bytes as the server has them: their count is the medium's size.
      decompress: false,
      headers: { 'Accept-Encoding': 'identity' },
      signal: controller.signal,
      ...(lookup ? { lookup: lookup as AxiosRequestConfig['lookup'] } : {}),
      ...(beforeRedirect ? { beforeRedirect } : {}),
    };
    let response;
    try {
      response = await axios.request<Readable>(config);
    } catch (error) {
      const forbidden = leadsToForbiddenAddress(error);
      throw new DownloadRefused(
        forbidden ? 'media_url_private' : 'media_url_unreachable',
        forbidden
          ? 'The URL leads to a private or loopback address'
          : `The URL could not be fetched: ${reasonOf(error)}`,
      );
    } finally {
      clearTimeout(headersTimer);
    }
    const body = response.data;
    // A failure while nobody reads is met by the reader (the upload); unheard, it would end the process.
    body.on('error', () => undefined);
    const deadline = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT_MS);
    body.once('close', () => clearTimeout(deadline));
    const length = Number(response.headers['content-length']);
    return {
      status: response.status,
      contentType: String(response.headers['content-type'] ?? '')
        .split(';', 1)[0]!
        .trim()
        .toLowerCase(),
      ...(Number.isSafeInteger(length) && length > 0 ? { size: length } : {}),
      body,
      close: () => {
        clearTimeout(deadline);
        controller.abort();
        body.destroy();
      },
    };
  }
}

/** Whether the error, or one of its causes (axios and follow-redirects wrap it), is the address guard's. */
function leadsToForbiddenAddress(error: unknown): boolean {
  let current = error as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current.code === 'EADDRFORBIDDEN') return true;
    current = current.cause as typeof current;
  }
  return false;
}

function reasonOf(error: unknown): string {
  const top = error as { code?: string; message?: string };
  return top.code ?? top.message ?? String(error);
}
