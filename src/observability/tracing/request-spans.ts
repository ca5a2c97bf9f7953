import { context, propagation, ROOT_CONTEXT, Span, SpanKind, trace } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_SCHEME,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failSpan, tracer } from './spans';

/** Probes an orchestrator asks every few seconds: a span each would drown the requests worth reading. */
const UNTRACED_ROUTES = new Set(['/health', '/health/live', '/health/ready']);

/** Our error envelope's code, from an error answer's body as sent (a JSON string), if it is one. */
export function envelopeCode(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || payload.length > 16_384) return undefined;
  try {
    const code = (JSON.parse(payload) as { error?: { code?: unknown } } | null)?.error?.code;
    return typeof code === 'string' && /^[a-z0-9_]{1,64}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A server span for every request (the probes excepted), named `METHOD route-template` (the
 * method alone when no route matched), child of the caller's span when the request carries a W3C
 * `traceparent`, and the active span while the request is served: what it calls (the database, a
 * network, the logger's trace ids) belongs to it. Its attributes are the method, the route
 * TEMPLATE, the status and our request id; never the path (it may carry ids or a pending session),
 * the query, a header or a body. A 5xx marks it failed with our error code (`error.type`); a 4xx
 * keeps its code as `sps.error_code`, the client's mistake and not the span's failure (as the HTTP
 * conventions for server spans say).
 *
 * Installed only when tracing runs (app.factory.ts): without it, requests pay for nothing.
 */
export function traceRequests(fastify: FastifyInstance): void {
  const spans = new WeakMap<FastifyRequest, Span>();
  const codes = new WeakMap<FastifyRequest, string>();
  fastify.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (route !== undefined && UNTRACED_ROUTES.has(route)) return done();
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer().startSpan(
      route === undefined ? request.method : `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          [ATTR_HTTP_REQUEST_METHOD]: request.method,
          ...(route === undefined ? {} : { [ATTR_HTTP_ROUTE]: route }),
          [ATTR_URL_SCHEME]: request.protocol,
          'sps.request_id': request.id,
        },
      },
      parent,
    );
    spans.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && spans.has(request)) {
      const code = envelopeCode(payload);
      if (code) codes.set(request, code);
    }
    done(null, payload);
  });
  const end = (request: FastifyRequest, reply: FastifyReply | undefined): void => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    const code = codes.get(request);
    if (reply === undefined) {
      // The client went away before its answer.
      failSpan(span, 'aborted');
    } else {
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.statusCode);
      if (code) span.setAttribute('sps.error_code', code);
      if (reply.statusCode >= 500) failSpan(span, code ?? String(reply.statusCode));
    }
    span.end();
  };
  fastify.addHook('onResponse', (request, reply, done) => {
    end(request, reply);
    done();
  });
  fastify.addHook('onRequestAbort', (request, done) => {
    end(request, undefined);
    done();
  });
}
