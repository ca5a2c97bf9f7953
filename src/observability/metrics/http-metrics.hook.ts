import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { ServiceMetrics } from './service-metrics';

/**
 * Counts every HTTP answer of the application (sps_http_requests_total, sps_http_request_duration_seconds)
 * by the route's template as Fastify matched it (`/api/v1/posts/:id`), never the path itself: a path
 * carries ids, a template does not. An unmatched path is counted as `unmatched`.
 */
@Injectable()
export class HttpMetricsHook implements OnModuleInit {
  constructor(
    private readonly host: HttpAdapterHost,
    private readonly metrics: ServiceMetrics,
  ) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify?.addHook || !this.metrics.recording) return;
    fastify.addHook('onResponse', (request, reply, done) => {
      this.metrics.httpRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
}
