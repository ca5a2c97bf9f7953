import type { Paginated } from '../../common/http/paginated';
import { EventDeliveryView, TestAttemptView } from '../../webhooks';
import { WebhookView } from '../../webhooks';
import { ALL_EVENT_TYPES, EVENT_DELIVERY_STATUSES } from '../../webhooks';
import type { EventDeliveryStatus } from '../../webhooks';
import { FormError } from '../dashboard-errors';
import { ROUTES } from '../routes';
import { badge, options, when } from './format';
import { html, SafeHtml } from './html';
import { csrfField, formError, layout, notice, PageContext } from './layout';

export interface WebhookPageState {
  endpoint: WebhookView | undefined;
  log: Paginated<EventDeliveryView>;
  filters: { event?: string; status?: EventDeliveryStatus };
  test?: TestAttemptView;
  done?: string;
  error?: { form: 'endpoint' | 'test' | 'rotate'; url?: string } & FormError;
  /** A secret the service just made (a save without one, a rotation): shown on this page only, never again. */
  newSecret?: string;
}

/** The one time a made secret is shown. */
function newSecretNotice(secret: string | undefined): SafeHtml | null {
  if (!secret) return null;
  return html`<div class="notice" role="status"><p>Your new signing secret; copy it now, it is never shown again:</p><p><code id="new-webhook-secret">${secret}</code></p></div>`;
}

/** Rotation: a new secret now, the old one signing too for 24 hours (the API can set the overlap). */
function rotateForm(context: PageContext, state: WebhookPageState): SafeHtml | null {
  if (!state.endpoint) return null;
  return html`${state.error?.form === 'rotate' ? formError(state.error.message, state.error.details) : null}
<form method="post" action="${ROUTES.webhook}/secret/rotate">${csrfField(context.session)}<button type="submit" class="secondary">Rotate secret</button>
<span class="muted">A new secret signs every delivery at once; the old one signs them too for 24 hours${state.endpoint.previousSecretExpiresAt ? html` (the previous one: until ${when(state.endpoint.previousSecretExpiresAt)})` : null}.</span></form>`;
}

export function webhookPage(context: PageContext, state: WebhookPageState): SafeHtml {
  const { endpoint } = state;
  const current = endpoint
    ? html`<dl class="facts"><dt>URL</dt><dd><code>${endpoint.url}</code></dd><dt>Secret</dt><dd>ends in <code>${endpoint.secretLast4}</code> (never shown again)</dd><dt>Updated</dt><dd>${when(endpoint.updatedAt)}</dd>
<dt>State</dt><dd>${endpoint.disabledAt ? html`${badge('disabled')} since ${when(endpoint.disabledAt)}${endpoint.disabledReason ? html`: ${endpoint.disabledReason}` : null}` : badge('active')}</dd></dl>
${endpoint.disabledAt ? html`<p class="error" role="alert">The endpoint is disabled: the receiver answered 410 Gone. Nothing is sent until you save it again below.</p>` : null}`
    : html`<p class="muted">No webhook set: events are recorded as skipped.</p>`;
  const test = state.test
    ? html`<div class="result" role="status" id="test-result"><p><strong>${state.test.delivered ? 'Delivered' : 'Not delivered'}</strong>: ${state.test.statusCode !== null ? html`the receiver answered ${state.test.statusCode}` : 'no answer'} in ${state.test.durationMs} ms.${state.test.error ? html` ${state.test.error}` : null}</p>
<p><a href="${ROUTES.webhook}/events/${state.test.eventId}">See event ${state.test.eventId}</a></p></div>`
    : null;
  const rows = state.log.items.map(
    (event) =>
      html`<tr><td><a href="${ROUTES.webhook}/events/${event.id}">${event.event}</a></td><td>${badge(event.status)}</td><td>${event.tenantId ?? html`<span class="muted">none</span>`}</td><td>${event.attempts.length}</td><td>${when(event.createdAt)}</td></tr>`,
  );
  const nextCursor = state.log.pagination.nextCursor;
  const older = nextCursor
    ? html`<p><a href="${ROUTES.webhook}?${new URLSearchParams({ ...(state.filters.event ? { event: state.filters.event } : {}), ...(state.filters.status ? { status: state.filters.status } : {}), cursor: nextCursor }).toString()}">Older events</a></p>`
    : null;
  return layout(
    context,
    'webhook',
    'Webhook',
    html`${notice(state.done)}
<section class="card" aria-labelledby="endpoint-heading">
<h2 id="endpoint-heading">Endpoint</h2>
${newSecretNotice(state.newSecret)}
${current}
${rotateForm(context, state)}
${state.error?.form === 'endpoint' ? formError(state.error.message, state.error.details) : null}
<form method="post" action="${ROUTES.webhook}" class="stack">
${csrfField(context.session)}
<label for="webhook-url">Webhook URL</label>
<input id="webhook-url" name="url" type="url" required maxlength="2048" value="${state.error?.form === 'endpoint' ? (state.error.url ?? '') : (endpoint?.url ?? '')}">
<label for="webhook-secret">Signing secret (24-256 characters; leave it empty and one is made for you)</label>
<input id="webhook-secret" name="webhook_secret" type="password" minlength="24" maxlength="256" autocomplete="new-password">
<div><button type="submit">Save webhook</button></div>
</form>
</section>
<section class="card" aria-labelledby="test-heading">
<h2 id="test-heading">Send a test</h2>
${state.error?.form === 'test' ? formError(state.error.message, state.error.details) : null}
${test}
<form method="post" action="${ROUTES.webhook}/test">${csrfField(context.session)}<button type="submit" class="secondary">Send test event</button></form>
</section>
<section class="card" aria-labelledby="log-heading">
<h2 id="log-heading">Delivery log</h2>
<form method="get" action="${ROUTES.webhook}" class="filters">
<div><label for="filter-event">Event</label><select id="filter-event" name="event">${options(ALL_EVENT_TYPES, state.filters.event)}</select></div>
<div><label for="filter-status">Status</label><select id="filter-status" name="status">${options(EVENT_DELIVERY_STATUSES, state.filters.status)}</select></div>
<div><button type="submit" class="secondary">Filter</button></div>
</form>
${
  rows.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Tenant</th><th scope="col">Attempts</th><th scope="col">Created</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : html`<p class="muted">No events match.</p>`
}
${older}
</section>`,
  );
}
