import { Agent, request } from 'node:http';

export interface Exchange {
  method: string;
  /** Sent exactly as given (percent-encode what must be). */
  path: string;
  /** Name/value pairs in order; a name given twice is sent twice. */
  headers: Array<[string, string]>;
  body?: Buffer;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/**
 * One HTTP exchange with no client library tidying it up: duplicate headers, any Content-Type or
 * none, a body on any method. The server may answer before reading the whole body (a 401 or 413
 * decided from the headers) and close the connection: the answer still counts.
 */
export function exchange(port: number, call: Exchange): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const raw: string[] = ['Host', `127.0.0.1:${port}`];
    for (const [name, value] of call.headers) raw.push(name, value);
    if (call.body) raw.push('Content-Length', String(call.body.length));
    const outgoing = request(
      { host: '127.0.0.1', port, method: call.method, path: call.path, headers: raw, agent, setHost: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(15_000, () =>
      outgoing.destroy(new Error(`No answer within 15 s to ${call.method} ${call.path.slice(0, 200)}`)),
    );
    // A write the server cut short after answering is not a failure: the 'response' above decides.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET')
        setTimeout(
          () =>
            reject(
              new Error(`Connection ${error.code} without an answer to ${call.method} ${call.path.slice(0, 200)}`),
            ),
          500,
        );
      else reject(error);
    });
    outgoing.end(call.body);
  });
}

export function closeExchanges(): void {
  agent.destroy();
}
