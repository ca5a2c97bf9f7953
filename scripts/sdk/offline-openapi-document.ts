import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { OpenAPIObject } from '@nestjs/swagger';
import { API_PREFIX, UNPREFIXED_ROUTES } from '../../src/app.factory';
import { AppModule } from '../../src/app.module';
import { buildOpenApiDocument } from '../../src/common/openapi/openapi';
import { loadConfig } from '../../src/config/load-config';

/**
 * The document GET /api/docs.json serves, built without a database or network: Nest's preview mode
 * registers the modules and controllers (all the document is made from) without creating any
 * provider, so nothing connects anywhere. The sdk e2e test checks it equals the served one.
 */
export async function buildOfflineOpenApiDocument(): Promise<OpenAPIObject> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config), new FastifyAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    app.setGlobalPrefix(API_PREFIX, { exclude: UNPREFIXED_ROUTES });
    return buildOpenApiDocument(app);
  } finally {
    await app.close();
  }
}
