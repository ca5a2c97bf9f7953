import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { listenOrExplain, PortSetting } from '../../port-in-use';

/** What a side port answers to one request: never cached, its length always given. */
export interface SidePortReply {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

/**
 * A port of its own beside the API's (METRICS_PORT, a worker's HEALTH_PORT): plain node:http, no
 * framework, because what it serves is tiny and must answer even when the application is busy or
 * has no API port at all (a worker). A busy port is explained in the words of its setting.
 */
export async function serveSidePort(
  setting: PortSetting,
  port: number,
  host: string,
  answer: (request: IncomingMessage) => Promise<SidePortReply>,
): Promise<Server> {
  const server = createServer((request, response) => {
    void answer(request).then((reply) => {
      response.writeHead(reply.status, {
        'Content-Type': reply.contentType,
        'Cache-Control': 'no-store',
        'Content-Length': Buffer.byteLength(reply.body),
        ...reply.headers,
      });
      response.end(request.method === 'HEAD' ? '' : reply.body);
    });
  });
  return listenOrExplain(
    () =>
      new Promise<Server>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve(server));
      }),
    port,
    host,
    setting,
  );
}

/** The path of a request without its query. */
export function pathOf(request: IncomingMessage): string {
  return (request.url ?? '').split('?', 1)[0];
}

export function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}
