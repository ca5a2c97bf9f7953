import { createServer, IncomingMessage, request as forward, Server, ServerResponse } from 'node:http';

export interface ProxiedCall {
  method: string;
  /** The path and query, as the caller sent them. */
  url: string;
  /** The request body, as text. */
  body: string;
}

export interface HeldCall extends ProxiedCall {
  /** The status the network answered with (and the caller never saw). */
  status: number;
  /** The network's answer body. */
  answer: string;
}

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/**
 * An HTTP proxy between a worker process and the emulator. Every call passes straight through,
 * except one a test arms it for: that call reaches the network, which carries it out and answers,
 * but the answer is held back from the caller for good. The test can then kill the caller exactly
 * between the network acting and the caller hearing of it (and committing what it heard).
 */
export class HoldingProxy {
  private server: Server | undefined;
  private armed: { matches: (call: ProxiedCall) => boolean; resolve: (call: HeldCall) => void } | undefined;
  private readonly held: ServerResponse[] = [];
  /** Every call that went through (held ones included), in order. */
  readonly calls: ProxiedCall[] = [];
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  /**
   * Holds the answer to the next call that matches; resolves once the network has answered it (the
   * caller is then still waiting). Only one call is held per arming.
   */
  holdNext(matches: (call: ProxiedCall) => boolean): Promise<HeldCall> {
    if (this.armed) throw new Error('The proxy is already holding out for a call');
    return new Promise((resolve) => (this.armed = { matches, resolve }));
  }

  /** Stops holding out for a call that never came (after a failed test). */
  disarm(): void {
    this.armed = undefined;
  }

  async close(): Promise<void> {
    this.armed = undefined;
    for (const response of this.held) response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const body = await readBody(request);
      const call: ProxiedCall = {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        body: body.toString('utf8'),
      };
      this.calls.push(call);
      const headers = {
        ...request.headers,
        host: `${this.targetHost}:${this.targetPort}`,
        'content-length': String(body.length),
      };
      delete headers['transfer-encoding'];
      delete headers.connection;
      const upstream = await new Promise<IncomingMessage>((resolve, reject) => {
        const outgoing = forward(
          { host: this.targetHost, port: this.targetPort, method: call.method, path: call.url, headers, agent: false },
          resolve,
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
      const answer = await readBody(upstream);
      const armed = this.armed;
      if (armed?.matches(call)) {
        this.armed = undefined;
        this.held.push(response);
        armed.resolve({ ...call, status: upstream.statusCode ?? 0, answer: answer.toString('utf8') });
        return;
      }
      const answerHeaders = { ...upstream.headers, 'content-length': String(answer.length) };
      delete answerHeaders['transfer-encoding'];
      delete answerHeaders.connection;
      response.writeHead(upstream.statusCode ?? 502, answerHeaders).end(answer);
    } catch (error) {
      if (!response.headersSent && !response.destroyed) response.writeHead(502).end(String(error));
    }
  }
}

/** The parameters of a Graph call: its form body (where publishing calls put them) and its query. */
export function graphParams(call: ProxiedCall): URLSearchParams {
  const params = new URLSearchParams(call.body);
  for (const [name, value] of new URL(call.url, 'http://proxy').searchParams) params.append(name, value);
  return params;
}

/** The path of a call without its query. */
export function callPath(call: ProxiedCall): string {
  return new URL(call.url, 'http://proxy').pathname;
}
