import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { API_PREFIX, UNPREFIXED_ROUTES } from '../../src/app.factory';
import { AppModule } from '../../src/app.module';
import { buildOpenApiDocument } from '../../src/openapi-document';
import { loadConfig } from '../../src/config/load-config';

/**
 * The document the service serves at /api/docs.json, built without a database: Nest's preview mode
 * reads the modules, controllers and decorators but creates no provider, so nothing connects.
 * The e2e test (test/e2e/openapi-lint.e2e-spec.ts) lints the document the running app serves.
 */
export async function buildOfflineOpenApiDocument(): Promise<OpenAPIObject> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Never connected to (preview mode); loadConfig only wants them present.
    DATABASE_URL: 'postgres://offline@127.0.0.1:1/offline',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config), new FastifyAdapter(), {
    preview: true,
    logger: false,
  });
  app.setGlobalPrefix(API_PREFIX, { exclude: UNPREFIXED_ROUTES });
  try {
    return buildOpenApiDocument(app);
  } finally {
    await app.close();
  }
}
