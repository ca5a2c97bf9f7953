import { HttpService } from '@nestjs/axios';
import { Injectable } from '@nestjs/common';
import { AxiosError, AxiosRequestConfig } from 'axios';
import { firstValueFrom } from 'rxjs';

export const NETWORK_TIMEOUT_MS = 15_000;

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
  headers?: Record<string, string>;
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
  constructor(private readonly http: HttpService) {}

  async send(request: NetworkRequest): Promise<NetworkResponse> {
    const config: AxiosRequestConfig = {
      method: request.method,
      url: request.url,
      params: defined(request.query),
      headers: { Accept: 'application/json', ...request.headers },
      timeout: NETWORK_TIMEOUT_MS,
      maxRedirects: 0,
      validateStatus: () => true,
      responseType: 'text',
      transformResponse: (data: unknown) => data,
    };
    if (request.form) {
      config.data = new URLSearchParams(defined(request.form)).toString();
      config.headers = { ...config.headers, 'Content-Type': 'application/x-www-form-urlencoded' };
    } else if (request.json !== undefined) {
      config.data = JSON.stringify(request.json);
      config.headers = { ...config.headers, 'Content-Type': 'application/json' };
    }
    try {
      const response = await firstValueFrom(this.http.request<string>(config));
      const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
      return { status: response.status, headers, body: parseBody(response.data) };
    } catch (error) {
      const reason = error instanceof AxiosError ? (error.code ?? error.message) : String(error);
      throw new NetworkUnreachableError(request.url, reason);
    }
  }
}

function parseBody(text: string): unknown {
  if (typeof text !== 'string' || text.length === 0) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
