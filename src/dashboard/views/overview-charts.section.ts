import { POST_STATUSES } from '../../posts';
import type { DashboardCharts } from '../readers/charts.reader';
import { CHART_DAYS } from '../readers/charts.reader';
import { html, SafeHtml } from './html';
import { lineChart } from './charts/line-chart';
import { percent, rateBarChart } from './charts/rate-bar-chart';
import { stackedBarChart } from './charts/stacked-bar-chart';

const words = (status: string) => status.replace(/_/g, ' ');

/** Posts per UTC day by their status now; only the statuses seen in the window get a colour and a column. */
export function postsChart(charts: DashboardCharts): SafeHtml {
  const seen = POST_STATUSES.filter((status) => charts.postsByDay.some((day) => (day.counts[status] ?? 0) > 0));
  const total = charts.postsByDay.reduce(
    (sum, day) => sum + Object.values(day.counts).reduce((daySum, count) => daySum + (count ?? 0), 0),
    0,
  );
  const chart = stackedBarChart({
    id: 'posts-chart',
    title: `Posts per day, last ${CHART_DAYS} days`,
    desc: `${total} posts made from ${charts.days[0]} to ${charts.days[charts.days.length - 1]} (UTC days), stacked by their status now.`,
    series: seen.map((status) => ({ key: status, label: words(status) })),
    bars: charts.postsByDay.map((day) => ({ label: day.day, values: day.counts as Record<string, number> })),
  });
  return html`<section class="card" aria-labelledby="posts-heading"><h2 id="posts-heading">Posts per day, last ${CHART_DAYS} days</h2>
${total ? chart : html`<p class="muted">No posts in the last ${CHART_DAYS} days.</p>`}</section>`;
}

/** Published / (published + failed) per network, over the deliveries of the window's posts. */
export function networksChart(charts: DashboardCharts): SafeHtml {
  const rows = charts.networks.map((row) => ({
    label: row.platform,
    part: row.published,
    whole: row.published + row.failed,
  }));
  const body = rows.some((row) => row.whole > 0)
    ? html`<figure class="chart">${rateBarChart({
        id: 'networks-chart',
        title: 'Delivery success rate per network',
        desc: `Published deliveries out of those published or failed, for the posts of the last ${CHART_DAYS} days.`,
        rows,
      })}</figure>
<table id="networks-chart-table"><thead><tr><th scope="col">Network</th><th scope="col">Published</th><th scope="col">Failed</th><th scope="col">Success rate</th></tr></thead>
<tbody>${charts.networks.map((row) => html`<tr data-network="${row.platform}"><th scope="row">${row.platform}</th><td>${row.published}</td><td>${row.failed}</td><td>${percent(row.published, row.published + row.failed)}</td></tr>`)}</tbody></table>
<p class="muted">Published counts a delivery deleted since; deliveries still open are not counted.</p>`
    : html`<p class="muted">No delivery published or failed in the last ${CHART_DAYS} days.</p>`;
  return html`<section class="card" aria-labelledby="networks-heading"><h2 id="networks-heading">Deliveries by network</h2>${body}</section>`;
}

/** Webhook attempts per UTC day: the share the receiver answered with a 2xx, and the median duration. */
export function webhookCharts(charts: DashboardCharts): SafeHtml {
  const days = charts.webhookDays;
  const attempts = days.reduce((sum, day) => sum + day.attempts, 0);
  const succeeded = days.reduce((sum, day) => sum + day.succeeded, 0);
  if (!attempts)
    return html`<section class="card" aria-labelledby="webhook-health-heading"><h2 id="webhook-health-heading">Webhook deliveries, last ${CHART_DAYS} days</h2>
<p class="muted">No webhook attempt in the last ${CHART_DAYS} days.</p></section>`;
  const rate = lineChart({
    id: 'webhook-rate-chart',
    title: 'Webhook success rate per day',
    desc: `The share of attempts the receiver answered with a 2xx, per UTC day: ${succeeded} of ${attempts} over ${CHART_DAYS} days.`,
    points: days.map((day) => ({ label: day.day, value: day.attempts ? (day.succeeded / day.attempts) * 100 : null })),
    max: 100,
    format: (value) => `${Math.round(value)} %`,
  });
  const latency = lineChart({
    id: 'webhook-latency-chart',
    title: 'Webhook median latency per day',
    desc: 'The median duration of the attempts of each UTC day, answered or not, in milliseconds.',
    points: days.map((day) => ({ label: day.day, value: day.medianMs })),
    format: (value) => `${Math.round(value)} ms`,
  });
  return html`<section class="card" aria-labelledby="webhook-health-heading"><h2 id="webhook-health-heading">Webhook deliveries, last ${CHART_DAYS} days</h2>
<p id="webhook-health-summary">${attempts} attempts, ${succeeded} answered with a 2xx (${percent(succeeded, attempts)}).</p>
<figure class="chart">${rate}</figure><figure class="chart">${latency}</figure>
<details class="chart-figures"><summary>The figures</summary><div class="table-wrap"><table id="webhook-chart-table">
<thead><tr><th scope="col">Day (UTC)</th><th scope="col">Attempts</th><th scope="col">Succeeded</th><th scope="col">Success rate</th><th scope="col">Median latency</th></tr></thead>
<tbody>${days.map((day) => html`<tr><th scope="row">${day.day}</th><td>${day.attempts}</td><td>${day.succeeded}</td><td>${percent(day.succeeded, day.attempts)}</td><td>${day.medianMs === null ? 'none' : `${Math.round(day.medianMs)} ms`}</td></tr>`)}</tbody>
</table></div></details></section>`;
}
