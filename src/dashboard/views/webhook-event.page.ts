import { EventDeliveryView } from '../../webhooks';
import type { EventExchange } from '../../webhooks';
import { FormError } from '../dashboard-errors';
import { ROUTES } from '../routes';
import { badge, when } from './format';
import { html, SafeHtml } from './html';
import { csrfField, formError, layout, notice, PageContext } from './layout';

/** The body as sent (one line of JSON, what the signature covers), indented for reading. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The first bytes the receiver answered, as text; none when no answer came (or it was made before they were kept). */
function answer(prefix: string | null | undefined): SafeHtml {
  if (prefix === null || prefix === undefined) return html`<span class="muted">not kept</span>`;
  if (prefix === '') return html`<span class="muted">(empty body)</span>`;
  return html`<pre class="exchange">${prefix}</pre>`;
}

function attemptsTable(event: EventDeliveryView, exchange: EventExchange): SafeHtml {
  if (!event.attempts.length) return html`<p class="muted">No attempts yet.</p>`;
  return html`<div class="table-wrap"><table id="attempts-table"><thead><tr><th scope="col">#</th><th scope="col">URL</th><th scope="col">Answer</th><th scope="col">Response (first bytes)</th><th scope="col">Duration</th><th scope="col">Error</th><th scope="col">When</th></tr></thead><tbody>
${event.attempts.map(
  (attempt) =>
    html`<tr><td>${attempt.attempt}</td><td><code>${attempt.url}</code></td><td>${attempt.statusCode ?? html`<span class="muted">no answer</span>`}</td><td>${attempt.statusCode === null ? html`<span class="muted">none</span>` : answer(exchange.responses[attempt.attempt])}</td><td>${attempt.durationMs} ms</td><td>${attempt.error ?? ''}</td><td>${when(attempt.attemptedAt)}</td></tr>`,
)}</tbody></table></div>`;
}

/**
 * One event: its state, the payload every attempt sent (the signature headers are not shown: they
 * are made from the secret on each attempt), and each attempt with the start of its answer.
 */
export function webhookEventPage(
  context: PageContext,
  event: EventDeliveryView,
  exchange: EventExchange,
  done?: string,
  error?: FormError,
): SafeHtml {
  return layout(
    context,
    'webhook',
    `Event ${event.event}`,
    html`${notice(done)}${formError(error?.message, error?.details)}
<section class="card">
<dl class="facts"><dt>Event id</dt><dd><code>${event.id}</code></dd><dt>Status</dt><dd>${badge(event.status)}</dd><dt>Tenant</dt><dd>${event.tenantId ?? 'none'}</dd>
<dt>Created</dt><dd>${when(event.createdAt)}</dd><dt>Delivered</dt><dd>${when(event.deliveredAt)}</dd>
${event.nextAttemptAt ? html`<dt>Next attempt</dt><dd>${when(event.nextAttemptAt)}</dd>` : null}
${event.failureReason ? html`<dt>Failure</dt><dd>${event.failureReason}</dd>` : null}</dl>
<form method="post" action="${ROUTES.webhook}/events/${event.id}/resend">${csrfField(context.session)}<button type="submit" class="secondary">Resend event</button></form>
</section>
<section class="card" aria-labelledby="payload-heading"><h2 id="payload-heading">${event.attempts.length ? 'Payload sent' : 'Payload (not sent)'}</h2>
<p class="muted">The body of every attempt (${Buffer.byteLength(exchange.body, 'utf8')} bytes of JSON on one line, signed as sent; indented here).</p>
<pre class="exchange" id="payload-sent">${readable(exchange.body)}</pre>
</section>
<section class="card" aria-labelledby="attempts-heading"><h2 id="attempts-heading">Attempts</h2>${attemptsTable(event, exchange)}</section>
<p><a href="${ROUTES.webhook}">Back to the delivery log</a></p>`,
  );
}
