/** Webhook receivers on 127.0.0.1 for the bench (the service needs ALLOW_PRIVATE_URLS=true to call them). */
import { createServer as createHttpServer, Server } from 'node:http';
import { createServer as createTcpServer, Socket } from 'node:net';

export interface Receiver {
  url: string;
  /** Requests answered (healthy) or connections held (hanging) so far. */
  count(): number;
  close(): Promise<void>;
}

async function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/** Answers every request 200 at once: a customer's receiver doing its job. */
export async function startHealthyReceiver(): Promise<Receiver> {
  let received = 0;
  const server = createHttpServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(200).end('ok');
    });
  });
  server.keepAliveTimeout = 30_000;
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    count: () => received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Accepts connections and never answers: each attempt waits for the service's WEBHOOK_TIMEOUT_MS. */
export async function startHangingReceiver(): Promise<Receiver> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createTcpServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('data', () => undefined); // read and ignore the request
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    count: () => accepted,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
