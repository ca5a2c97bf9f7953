import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { ServiceMetrics } from './service-metrics';

/**
 * The process's metrics port (METRICS_PORT): GET /metrics in Prometheus' text format, and nothing
 * else. A port of its own, never the API's, so that the figures of the whole fleet are not public:
 * only what can reach this port (the cluster's network, Prometheus) reads them.
 */
export async function startMetricsServer(metrics: ServiceMetrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => void answer(metrics, request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

async function answer(metrics: ServiceMetrics, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = (request.url ?? '').split('?', 1)[0];
  if (path !== '/metrics') return send(response, 404, 'text/plain; charset=utf-8', 'This port serves only /metrics\n');
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return send(response, 405, 'text/plain; charset=utf-8', 'Only GET is served here\n', { Allow: 'GET, HEAD' });
  try {
    const { contentType, text } = await metrics.exposition();
    send(response, 200, contentType, request.method === 'HEAD' ? '' : text);
  } catch (error) {
    send(response, 500, 'text/plain; charset=utf-8', `Metrics could not be collected: ${String(error)}\n`);
  }
}

function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'Content-Type': contentType,
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  });
  response.end(body);
}
