/**
 * A small multipart/form-data reader for the emulator's upload endpoints (X media upload). It
 * reads a whole, already size-limited body; it is not a streaming parser and needs none, because
 * the emulator only counts the bytes it is sent.
 */

const MULTIPART_BODY = Symbol('multipart body');

export interface MultipartFile {
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export interface MultipartBody {
  readonly [MULTIPART_BODY]: true;
  fields: Record<string, string>;
  files: Record<string, MultipartFile>;
}

export class MultipartError extends Error {}

export function isMultipartBody(value: unknown): value is MultipartBody {
  return typeof value === 'object' && value !== null && MULTIPART_BODY in value;
}

/** The boundary parameter of a multipart Content-Type header. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]) : undefined;
}

function headerParameter(header: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${name}="([^"]*)"`, 'i').exec(header);
  return match?.[1];
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export function parseMultipart(body: Buffer, boundary: string): MultipartBody {
  const result: MultipartBody = { [MULTIPART_BODY]: true, fields: {}, files: {} };
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  let position = body.indexOf(delimiter);
  if (position === -1) throw new MultipartError('multipart body has no boundary');
  position += delimiter.length;
  for (;;) {
    if (body.subarray(position, position + 2).toString() === '--') return result;
    if (body.subarray(position, position + 2).toString() !== '\r\n')
      throw new MultipartError('malformed multipart delimiter');
    const headersEnd = body.indexOf('\r\n\r\n', position + 2);
    if (headersEnd === -1) throw new MultipartError('multipart part without headers');
    const headers = parseHeaders(body.subarray(position + 2, headersEnd).toString('utf8'));
    const contentStart = headersEnd + 4;
    const contentEnd = body.indexOf(nextDelimiter, contentStart);
    if (contentEnd === -1) throw new MultipartError('multipart part is not terminated');
    const disposition = headers['content-disposition'] ?? '';
    const name = headerParameter(disposition, 'name');
    if (name === undefined) throw new MultipartError('multipart part without a name');
    const data = body.subarray(contentStart, contentEnd);
    const filename = headerParameter(disposition, 'filename');
    if (filename !== undefined || headers['content-type']?.toLowerCase().startsWith('application/octet-stream')) {
      result.files[name] = { filename, contentType: headers['content-type'], data };
    } else {
      result.fields[name] = data.toString('utf8');
    }
    position = contentEnd + nextDelimiter.length;
  }
}
