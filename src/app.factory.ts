import 'reflect-metadata';
import { IncomingMessage } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import { Logger as PinoLogger } from 'pino';
import { AppModule } from './app.module';
import { requestIdFor } from './common/http/request-id';
import { PinoLoggerService } from './common/logging/pino-logger.service';
import { createRootLogger } from './common/logging/root-logger';
import { serveOpenApi } from './common/openapi/openapi';
import { AppConfig } from './config/app-config';

export const API_PREFIX = 'api/v1';
/** Routes outside /api/v1. */
const UNPREFIXED_ROUTES = ['health'];

export interface CreateAppOptions {
  logger?: PinoLogger;
  /** Called with the Fastify instance before any route is registered (tests use it to see every route). */
  beforeRoutes?: (adapter: FastifyAdapter) => void;
}

/**
 * Builds the HTTP application: Fastify with a body limit and JSON-only bodies, a request id on every
 * response, the global prefix, and the OpenAPI document. Used by main.ts and by the e2e tests, so
 * both run exactly the same app.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createRootLogger(config.logLevel);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    bodyLimit: config.http.bodyLimitBytes,
    genReqId: (request: IncomingMessage) => requestIdFor(request.headers['x-request-id']),
    // Requests are logged once, by the onResponse hook below, with their outcome.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: false,
    return503OnClosing: true,
  });
  const fastify = adapter.getInstance();
  // JSON only: Fastify also parses text/plain by default, which would reach validation as a string.
  fastify.removeContentTypeParser(['text/plain']);
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  fastify.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, status: reply.statusCode, durationMs: Math.round(reply.elapsedTime) }, 'request');
  });
  options.beforeRoutes?.(adapter);

  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config), adapter, {
    logger: new PinoLoggerService(logger),
    bufferLogs: false,
  });
  app.setGlobalPrefix(API_PREFIX, { exclude: UNPREFIXED_ROUTES });
  serveOpenApi(app);
  await app.init();
  await fastify.ready();
  return app;
}
