import type { DeliveryAttemptView, DeliveryView } from '../../posts';
import { badge, when } from './format';
import { html, SafeHtml } from './html';

/** How many of a delivery's attempts the post page shows (its first; the API lists them all). */
export const ATTEMPTS_SHOWN = 20;

function callList(attempt: DeliveryAttemptView): SafeHtml {
  if (!attempt.calls.length) return html`<span class="muted">no network call</span>`;
  // A details element: the calls open on a click, no script needed (the page's CSP allows none inline).
  return html`<details><summary>${attempt.calls.length} network call${attempt.calls.length === 1 ? '' : 's'}</summary><ol class="attempt-calls">${attempt.calls.map(
    (call) =>
      html`<li><code>${call.method} ${call.path}</code> ${call.operation}: ${call.status === null ? 'no answer' : String(call.status)} in ${String(call.durationMs)} ms</li>`,
  )}</ol></details>`;
}

function attemptRow(attempt: DeliveryAttemptView): SafeHtml {
  return html`<tr><td>${String(attempt.number)}</td><td>${when(attempt.startedAt)}<br><span class="muted">${String(attempt.durationMs)} ms, <code>${attempt.worker}</code></span></td>
<td>${badge(attempt.outcome)}${attempt.wait ? html`<br>${attempt.wait.reason} until ${when(attempt.wait.until)}` : null}</td><td class="attempt-summary">${attempt.summary}</td><td>${callList(attempt)}</td></tr>`;
}

/** Each delivery's attempts (its trace): what was called, how each attempt ended, and why it waited. */
export function attemptsSection(deliveries: DeliveryView[], attempts: Record<string, DeliveryAttemptView[]>): SafeHtml {
  const body = deliveries.map((delivery) => {
    const mine = attempts[delivery.id] ?? [];
    return html`<h3>${delivery.platform} <code>${delivery.id}</code></h3>
${
  mine.length
    ? html`<div class="table-wrap"><table data-attempts="${delivery.id}"><thead><tr><th scope="col">#</th><th scope="col">Started</th><th scope="col">Outcome</th><th scope="col">What happened</th><th scope="col">Calls</th></tr></thead><tbody>${mine.map(attemptRow)}</tbody></table></div>`
    : html`<p class="muted">No attempt has finished yet.</p>`
}`;
  });
  return html`<section class="card" aria-labelledby="attempts-heading"><h2 id="attempts-heading">Attempts</h2>${body}</section>`;
}
