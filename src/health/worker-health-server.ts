import { IncomingMessage, Server } from 'node:http';
import { pathOf, serveSidePort, SidePortReply } from '../common/http/side-port';
import { Readiness } from './readiness';

/**
 * The only HTTP a worker process (ROLE=worker) serves, when HEALTH_PORT is set: /health/live and
 * /health/ready, for an orchestrator's probes. Nothing else is routed, so a worker's port exposes
 * no API, no dashboard and no emulator. Answers have the shapes the API process gives.
 */
export function startWorkerHealthServer(readiness: Readiness, port: number, host: string): Promise<Server> {
  return serveSidePort('HEALTH_PORT', port, host, (request) => answer(readiness, request));
}

async function answer(readiness: Readiness, request: IncomingMessage): Promise<SidePortReply> {
  const path = pathOf(request);
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return json(405, errorBody('method_not_allowed', 'Only GET is served here'));
  if (path === '/health/live') return json(200, { status: 'ok' });
  if (path === '/health/ready') {
    const report = await readiness.check().catch(() => ({ ready: false, draining: false }));
    if (report.ready) return json(200, { status: 'ready', database: 'up' });
    const message = report.draining
      ? 'The process is shutting down; send new work elsewhere'
      : 'The database is unreachable';
    return { ...json(503, errorBody('not_ready', message)), headers: { 'Retry-After': '1' } };
  }
  return json(404, errorBody('not_found', 'This port serves only /health/live and /health/ready'));
}

function errorBody(code: string, message: string): { success: false; error: { code: string; message: string } } {
  return { success: false, error: { code, message } };
}

function json(status: number, body: object): SidePortReply {
  return { status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) };
}
