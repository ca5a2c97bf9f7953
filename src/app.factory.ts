import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger as PinoLogger } from 'pino';
import { AppModule } from './app.module';
import { ApiFastifyAdapter } from './common/http/api-fastify-adapter';
import { PinoLoggerService } from './common/logging/pino-logger.service';
import { createRootLogger } from './common/logging/root-logger';
import { serveOpenApi } from './openapi-document';
import { AppConfig } from './config/app-config';
import { traceRequests } from './observability';

export const API_PREFIX = 'api/v1';
/** Routes outside /api/v1. */
export const UNPREFIXED_ROUTES = ['health', 'health/live', 'health/ready', 'oauth/{*path}', '/', 'dashboard/{*path}'];

export interface CreateAppOptions {
  logger?: PinoLogger;
  /** Called with the Fastify adapter before any route is registered (tests use it to see every route). */
  beforeRoutes?: (adapter: FastifyAdapter) => void;
}

/**
 * Builds the HTTP application with the global prefix and the OpenAPI document. Used by main.ts and
 * by the e2e tests, so both run exactly the same app.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createRootLogger(config.logLevel);
  const nestLogger = new PinoLoggerService(logger);
  const adapter = new ApiFastifyAdapter({
    logger,
    httpLogger: nestLogger,
    bodyLimitBytes: config.http.bodyLimitBytes,
    trustProxyHops: config.http.trustProxyHops,
    timeouts: config.http.timeouts,
    maxConnectionsPerAddress: config.http.maxConnectionsPerAddress,
  });
  // A span per request, only when tracing runs: without it, requests pay for nothing.
  if (config.tracing) traceRequests(adapter.getInstance());
  options.beforeRoutes?.(adapter);

  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config), adapter, {
    logger: nestLogger,
    // Nest would add a form-urlencoded parser; the API takes JSON only (Fastify's own parser).
    bodyParser: false,
  });
  app.setGlobalPrefix(API_PREFIX, { exclude: UNPREFIXED_ROUTES });
  serveOpenApi(app);
  await app.init();
  await adapter.getInstance().ready();
  return app;
}
