import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { Readiness } from './readiness';

/**
 * The only HTTP a worker process (ROLE=worker) serves, when HEALTH_PORT is set: /health/live and
 * /health/ready, for an orchestrator's probes. Nothing else is routed, so a worker's port exposes
 * no API, no dashboard and no emulator. Answers have the shapes the API process gives.
 */
export async function startWorkerHealthServer(readiness: Readiness, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => void answer(readiness, request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

export function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

async function answer(readiness: Readiness, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = (request.url ?? '').split('?', 1)[0];
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return send(response, 405, errorBody('method_not_allowed', 'Only GET is served here'));
  if (path === '/health/live') return send(response, 200, { status: 'ok' });
  if (path === '/health/ready') {
    const report = await readiness.check().catch(() => ({ ready: false, draining: false }));
    if (report.ready) return send(response, 200, { status: 'ready', database: 'up' });
    const message = report.draining
      ? 'The process is shutting down; send new work elsewhere'
      : 'The database is unreachable';
    return send(response, 503, errorBody('not_ready', message), { 'Retry-After': '1' });
  }
  return send(response, 404, errorBody('not_found', 'This port serves only /health/live and /health/ready'));
}

function errorBody(code: string, message: string): { success: false; error: { code: string; message: string } } {
  return { success: false, error: { code, message } };
}

function send(response: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}
