import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface Receipt {
  headers: IncomingHttpHeaders;
  /** The exact bytes received, as the signature covers them. */
  raw: Buffer;
  body: {
    id: string;
    event: string;
    tenantId: string | null;
    timestamp: string;
    data: Record<string, unknown>;
    livemode: boolean;
  };
  at: number;
}

/** How the receiver answers the next request: a status (with headers and a body, after a delay), or by hanging up the connection. */
export type Answer = { status: number; headers?: Record<string, string>; delayMs?: number; body?: string } | 'hang-up';

/**
 * A real HTTP webhook receiver on loopback. It can be taken down (the port refuses connections)
 * and brought up again on the same port, and told how to answer the next requests.
 */
export class WebhookReceiver {
  /** A receiver already listening. */
  static async started(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await receiver.up();
    return receiver;
  }

  /** A URL that refuses connections until up() is called. */
  static async stopped(): Promise<WebhookReceiver> {
    const receiver = await WebhookReceiver.started();
    await receiver.down();
    return receiver;
  }

  readonly receipts: Receipt[] = [];
  private readonly answers: Answer[] = [];
  private server: Server | undefined;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async up(): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks);
        this.receipts.push({
          headers: request.headers,
          raw,
          body: JSON.parse(raw.toString('utf8')) as Receipt['body'],
          at: Date.now(),
        });
        const answer = this.answers.shift() ?? { status: 200 };
        if (answer === 'hang-up') return request.socket.destroy();
        setTimeout(() => response.writeHead(answer.status, answer.headers).end(answer.body), answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  /** The next requests are answered so, in order; after them, 200. */
  answerNext(...answers: Answer[]): void {
    this.answers.push(...answers);
  }

  receiptsOf(eventId: string): Receipt[] {
    return this.receipts.filter((receipt) => receipt.body.id === eventId);
  }
}
