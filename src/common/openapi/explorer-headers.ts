import { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { routedPath } from '../http/routed-path';

/**
 * What the API explorer's page and files may do, and no more: its scripts and stylesheet come from
 * here (`script-src 'self'`, no inline script: Swagger UI's start-up is a file of its own); Swagger
 * UI styles its elements inline and draws its icons as data: images; "Try it out" calls this same
 * service (the document's server is `/`). Nothing may frame it (`frame-ancestors 'none'` and, for
 * browsers that predate CSP's, X-Frame-Options), so a page elsewhere cannot dress it up to get a
 * pasted API key clicked away.
 */
export const EXPLORER_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; '),
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** Whether a (routed) path is the explorer's page, one of its files, or the document it shows. */
export function isExplorerPath(path: string, uiPath: string): boolean {
  const base = `/${uiPath}`;
  return path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}.`);
}

/** Puts EXPLORER_HEADERS on every answer under the explorer's path, errors included. */
export function protectExplorer(app: INestApplication, uiPath: string): void {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  fastify.addHook('onRequest', async (request, reply) => {
    if (isExplorerPath(routedPath(request.url), uiPath)) reply.headers(EXPLORER_HEADERS);
  });
}
