import type { FastifyReply } from 'fastify';
import { htmlPageHeaders } from '../common/http/html-page-headers';
import type { CallbackOutcome } from './connect-completion';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Sends a connect page's outcome: a redirect back to the customer's app, or an error page. Nothing
 * is cached and no referrer leaves: the URL may hold an OAuth state or code.
 */
export function replyWith(reply: FastifyReply, outcome: CallbackOutcome): void {
  void reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
  if (outcome.kind === 'redirect') {
    void reply.redirect(outcome.url, 302);
    return;
  }
  void reply
    .status(outcome.status)
    .headers(htmlPageHeaders({ inlineStyles: false }))
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Connection failed</title>` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
        `<body><main><h1>Connection failed</h1><p>${escapeHtml(outcome.message)}</p></main></body></html>`,
    );
}

/** Sends an HTML page of the connect flow (the sign-in form) with the same care. */
export function replyWithPage(reply: FastifyReply, html: string): void {
  void reply
    .header('Cache-Control', 'no-store')
    .headers(htmlPageHeaders({ inlineStyles: true }))
    .type('text/html; charset=utf-8')
    .send(html);
}
