import { FastifyRequest } from 'fastify';
import { isMultipartBody } from './multipart';

export type Params = Readonly<Record<string, string>>;

function asParamValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value[value.length - 1];
  // Graph takes structured values (attached_media) as JSON text; a JSON body gives them as objects.
  return JSON.stringify(value);
}

function collect(into: Record<string, string>, source: unknown): void {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return;
  // Raw bytes (an upload's body: a blob, a video, a part PUT to an upload URL) are no parameters: each byte would be one.
  if (ArrayBuffer.isView(source)) return;
  const entries = isMultipartBody(source) ? Object.entries(source.fields) : Object.entries(source);
  for (const [name, value] of entries) {
    const text = asParamValue(value);
    if (text !== undefined) into[name] = text;
  }
}

/**
 * Query and body parameters as one flat map of strings, body winning, which is how Graph reads
 * them: the same parameter may come in the query string or a form or JSON body.
 */
export function requestParams(request: FastifyRequest): Params {
  const params: Record<string, string> = {};
  collect(params, request.query);
  collect(params, request.body);
  return params;
}

/** The JSON body as an object, or undefined when it is not one. */
export function jsonObjectBody(request: FastifyRequest): Record<string, unknown> | undefined {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || isMultipartBody(body)) return undefined;
  return body as Record<string, unknown>;
}
