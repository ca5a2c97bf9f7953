import type { Readable } from 'node:stream';

/** One call of the API, as a tool makes it: the path under the service's root, its query and JSON body. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `/api/v1/posts/pst_…`, already filled in (path parameters encoded). */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Sent as JSON; undefined sends no body. */
  body?: unknown;
}

/** The API's answer: its status, lower-cased headers, and its body parsed when it is JSON (else the text). */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** A file's bytes for an upload URL (`PUT uploadUrl`, which takes no API key: its signature is the permission). */
export interface UploadBody {
  contentType: string;
  size: number;
  bytes: Readable;
}

/**
 * How the MCP tools reach the API, the same way whichever transport carries the session: over HTTP
 * from another process (stdio), or in the service's own process through its routes (the /mcp
 * endpoint). Either way every call is a request of the API with the session's key, so its
 * authentication, rate limit, validation and customer isolation apply as they do to any client.
 */
export interface ApiCaller {
  call(request: ApiRequest): Promise<ApiAnswer>;
  /** PUTs a file to an upload URL the API answered (POST /api/v1/media). */
  upload(uploadUrl: string, body: UploadBody): Promise<ApiAnswer>;
}

/** Parses a JSON answer; anything else (an HTML error page of a proxy) stays text. */
export function parseAnswerBody(text: string, contentType: string | undefined): unknown {
  if (text === '') return undefined;
  if (contentType && !/json/i.test(contentType)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The path and query of a request, as they go on the wire. */
export function pathWithQuery(request: ApiRequest): string {
  const query = new URLSearchParams(request.query ?? {}).toString();
  return query ? `${request.path}?${query}` : request.path;
}
