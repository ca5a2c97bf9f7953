import { request as httpRequest } from 'node:http';

/** One request, as sent over a fresh connection (the way a new client reaches the service). */
export interface HttpCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  /** JSON-encoded unless a string or a Buffer; a function makes a new body for each call. */
  body?: unknown;
}

export interface HttpAnswer {
  /** 0 when no answer came (see `error`). */
  status: number;
  ms: number;
  /** A socket error, or "no answer within N ms". */
  error?: string;
  body: string;
}

/** Past this, a call counts as unanswered. */
const DEFAULT_CALL_TIMEOUT_MS = 5_000;

/** Sends one request on a connection of its own and reads the whole answer. */
export function send(baseUrl: string, call: HttpCall, timeoutMs = DEFAULT_CALL_TIMEOUT_MS): Promise<HttpAnswer> {
  const body = typeof call.body === 'function' ? (call.body as () => unknown)() : call.body;
  const payload =
    body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  const headers: Record<string, string | number> = { Connection: 'close', ...call.headers };
  if (payload !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    headers['Content-Length'] = Buffer.byteLength(payload);
  }
  const startedAt = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number, text: string, error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, ms: performance.now() - startedAt, body: text, ...(error ? { error } : {}) });
    };
    const outgoing = httpRequest(`${baseUrl}${call.path}`, { method: call.method, headers, agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => finish(answer.statusCode ?? 0, Buffer.concat(chunks).toString()));
      answer.on('error', (error: NodeJS.ErrnoException) => finish(0, '', error.code ?? error.message));
    });
    const timer = setTimeout(() => {
      finish(0, '', `no answer within ${timeoutMs} ms`);
      outgoing.destroy();
    }, timeoutMs);
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish(0, '', error.code ?? error.message));
    outgoing.end(payload);
  });
}
