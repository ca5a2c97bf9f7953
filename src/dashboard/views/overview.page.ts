import { ROUTES } from '../routes';
import type { DashboardCharts } from '../readers/charts.reader';
import { Overview } from '../readers/overview.reader';
import { badge, when } from './format';
import { html, SafeHtml } from './html';
import { layout, PageContext } from './layout';
import { networksChart, postsChart, webhookCharts } from './overview-charts.section';

export function overviewPage(context: PageContext, overview: Overview, charts: DashboardCharts): SafeHtml {
  const accounts = overview.accounts.length
    ? html`<table><thead><tr><th scope="col">Network</th><th scope="col">Status</th><th scope="col">Accounts</th></tr></thead><tbody>
${overview.accounts.map((row) => html`<tr><td>${row.platform}</td><td>${badge(row.status)}</td><td>${row.count}</td></tr>`)}</tbody></table>`
    : html`<p class="muted">No connected accounts yet.</p>`;
  const failing = overview.failingEvents.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last error</th><th scope="col">Created</th></tr></thead><tbody>
${overview.failingEvents.map(
  (row) =>
    html`<tr><td><a href="${ROUTES.webhook}/events/${row.id}">${row.event}</a></td><td>${badge(row.status)}</td><td>${row.attempts}</td><td>${row.failureReason ?? row.lastError ?? ''}</td><td>${when(row.createdAt)}</td></tr>`,
)}</tbody></table></div>`
    : html`<p class="muted">No failing webhook deliveries.</p>`;
  return layout(
    context,
    'overview',
    'Overview',
    html`<div class="grid">
<section class="card" aria-labelledby="accounts-heading"><h2 id="accounts-heading">Connected accounts</h2>${accounts}</section>
${networksChart(charts)}
</div>
${postsChart(charts)}
${webhookCharts(charts)}
<section class="card" aria-labelledby="failing-heading"><h2 id="failing-heading">Failing webhook deliveries</h2>${failing}</section>`,
  );
}
