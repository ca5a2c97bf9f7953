import { createServer, Server, Socket } from 'node:net';

/**
 * A TCP proxy in front of a server that can be frozen: connections stay open but no byte passes
 * until it thaws, the way a hung (SIGSTOPped, overloaded) database looks to its clients, unlike a
 * stopped one, which refuses. Bytes sent meanwhile are held, not lost, as TCP would.
 */
export class FreezableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private frozen = false;
  private held: Array<{ to: Socket; chunk: Buffer }> = [];
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(this.targetPort, this.targetHost);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(from);
        from.on('data', (chunk) => {
          if (this.frozen) this.held.push({ to, chunk });
          else to.write(chunk);
        });
        from.on('close', () => {
          this.sockets.delete(from);
          to.destroy();
        });
        from.on('error', () => to.destroy());
      }
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
    for (const { to, chunk } of this.held.splice(0)) if (!to.destroyed) to.write(chunk);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
