import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '../../src/openapi-document';
import type { JsonObject } from '../../src/contracts/json';
import { ApiAnswerChecker } from './api-answer-checker';
import { apiAnswerLog } from './api-answer-log';

/**
 * Checks every answer the app sends against the app's own OpenAPI document (the one it serves at
 * /api/docs.json, built once per app on its first answer) and records those outside it in
 * apiAnswerLog, before the client has the answer: the test that caused one fails.
 * Installed on the Fastify instance before any route, so it sees every route's answers, errors
 * included (those Fastify gives before a handler runs too).
 */
export function checkAnswersAgainstDocument(fastify: FastifyInstance, app: () => INestApplication): void {
  let checker: ApiAnswerChecker | undefined;
  fastify.addHook('onSend', async (request, reply, payload) => {
    // HEAD has no body to check; a stream (a medium's bytes) is no JSON answer.
    if (request.method === 'HEAD') return payload;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (body === null && payload !== null && payload !== undefined) return payload;
    checker ??= ApiAnswerChecker.of(JSON.parse(JSON.stringify(buildOpenApiDocument(app()))) as JsonObject);
    apiAnswerLog.record(
      checker.check({
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        body: body ?? '',
      }),
    );
    return payload;
  });
}
