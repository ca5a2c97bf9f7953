import { IncomingMessage, Server } from 'node:http';
import { pathOf, serveSidePort, SidePortReply } from '../../common/http/side-port';
import { ServiceMetrics } from './service-metrics';

/**
 * The process's metrics port (METRICS_PORT): GET /metrics in Prometheus' text format, and nothing
 * else. A port of its own, never the API's, so that the figures of the whole fleet are not public:
 * only what can reach this port (the cluster's network, Prometheus) reads them.
 */
export function startMetricsServer(metrics: ServiceMetrics, port: number, host: string): Promise<Server> {
  return serveSidePort('METRICS_PORT', port, host, (request) => answer(metrics, request));
}

async function answer(metrics: ServiceMetrics, request: IncomingMessage): Promise<SidePortReply> {
  if (pathOf(request) !== '/metrics') return text(404, 'This port serves only /metrics\n');
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return { ...text(405, 'Only GET is served here\n'), headers: { Allow: 'GET, HEAD' } };
  try {
    const { contentType, text: body } = await metrics.exposition();
    return { status: 200, contentType, body };
  } catch (error) {
    return text(500, `Metrics could not be collected: ${String(error)}\n`);
  }
}

function text(status: number, body: string): SidePortReply {
  return { status, contentType: 'text/plain; charset=utf-8', body };
}
