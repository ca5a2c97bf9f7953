import Fastify from 'fastify';
import type { HttpAdapterHost } from '@nestjs/core';
import { HttpMetricsHook } from './http-metrics.hook';
import { ServiceMetrics } from './service-metrics';

/** Requests counted by route template: ids in a path never become label values. */
describe('HTTP metrics labels', () => {
  async function served() {
    const fastify = Fastify();
    const metrics = new ServiceMetrics({ defaultMetrics: false });
    new HttpMetricsHook(
      { httpAdapter: { getInstance: () => fastify } } as unknown as HttpAdapterHost,
      metrics,
    ).onModuleInit();
    fastify.get('/api/v1/posts/:id', async () => ({ ok: true }));
    fastify.delete('/api/v1/social-accounts/:id', async (_request, reply) => reply.code(204).send());
    await fastify.ready();
    return { fastify, metrics };
  }

  it('labels a request with its route template, and an unmatched one as unmatched, never the path', async () => {
    const { fastify, metrics } = await served();
    for (let index = 0; index < 50; index += 1)
      await fastify.inject({ method: 'GET', url: `/api/v1/posts/post_${index}` });
    await fastify.inject({ method: 'DELETE', url: '/api/v1/social-accounts/acc_secret_1' });
    await fastify.inject({ method: 'GET', url: '/wp-admin/acc_secret_2/login.php?user=cust_3' });
    const { text } = await metrics.exposition();
    expect(text).toContain('sps_http_requests_total{method="GET",route="/api/v1/posts/:id",status="200"} 50');
    expect(text).toContain(
      'sps_http_requests_total{method="DELETE",route="/api/v1/social-accounts/:id",status="204"} 1',
    );
    expect(text).toContain('sps_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    for (const id of ['post_1', 'acc_secret', 'cust_3', 'wp-admin'])
      expect({ id, found: text.includes(id) }).toEqual({ id, found: false });
    // Fifty paths, one series per family and label set.
    expect(text.match(/^sps_http_requests_total\{/gm)).toHaveLength(3);
    await fastify.close();
  });

  it('counts a method no route has as OTHER', () => {
    const metrics = new ServiceMetrics({ defaultMetrics: false });
    metrics.httpRequest('PROPFIND', undefined, 404, 0.001);
    return expect(metrics.exposition().then(({ text }) => text)).resolves.toContain(
      'sps_http_requests_total{method="OTHER",route="unmatched",status="404"} 1',
    );
  });

  it('records nothing and adds no hook when not recording (no METRICS_PORT): no one would read it', async () => {
    const fastify = Fastify();
    const metrics = new ServiceMetrics({ recording: false, defaultMetrics: false });
    new HttpMetricsHook(
      { httpAdapter: { getInstance: () => fastify } } as unknown as HttpAdapterHost,
      metrics,
    ).onModuleInit();
    fastify.get('/api/v1/posts/:id', async () => ({ ok: true }));
    await fastify.inject({ method: 'GET', url: '/api/v1/posts/post_1' });
    metrics.delivery('x', 'published', 3);
    metrics.networkRequest('x', 'publish', 'ok', 0.2);
    metrics.webhookAttempt('delivered', 0.1);
    metrics.tokenRefresh('x', 'refreshed');
    const { text } = await metrics.exposition();
    expect(text.match(/^sps_[a-z_]+(\{[^}]*\})? [1-9]/gm)).toBeNull();
    await fastify.close();
  });
});
