import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { errorCodes, FastifyInstance } from 'fastify';
import { isHtmlContentType } from '../../common/http/html-page-headers';
import { routedPath } from '../../common/http/routed-path';
import { isSignInPagePath } from '../../common/http/sign-in-page-path';
import { DASHBOARD_PREFIX, isDashboardPath } from '../routes';

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The headers every dashboard answer carries: no framing, no inline script, nothing cached. */
const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

/**
 * What the dashboard adds to the HTTP server: HTML forms (application/x-www-form-urlencoded) are
 * read for dashboard addresses (and the networks' sign-in pages) only, so the API stays JSON-only
 * (415 for a form there, as before),
 * and dashboard answers get their security headers.
 */
@Injectable()
export class DashboardHttp implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    fastify.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (request, body, done) => {
      const path = routedPath(request.url);
      if (!path.startsWith(`${DASHBOARD_PREFIX}/`) && !isSignInPagePath(path)) {
        done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(FORM_TYPE), undefined);
        return;
      }
      done(null, parseForm(body as string));
    });
    // Decided on the path as routed (`/%64ashboard/…` is `/dashboard/…`), as early as possible so
    // error pages carry the headers too.
    fastify.addHook('onRequest', async (request, reply) => {
      if (isDashboardPath(routedPath(request.url))) reply.headers(SECURITY_HEADERS);
    });
    // And by the route that answered, whatever the URL's spelling: no HTML page of the dashboard
    // leaves without them, even if the two ever disagree.
    fastify.addHook('onSend', async (request, reply, payload) => {
      const route = request.routeOptions.url;
      if (route !== undefined && isDashboardPath(route) && isHtmlContentType(reply.getHeader('content-type')))
        reply.headers(SECURITY_HEADERS);
      return payload;
    });
  }
}

/** Form fields by name; a name sent twice keeps every value (and the page reading it refuses that). */
export function parseForm(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const existing = fields[name];
    fields[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return fields;
}
