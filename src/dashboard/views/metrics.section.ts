import { PostMetricsView } from '../../metrics';
import { MetricView } from '../../metrics';
import { when } from './format';
import { html, SafeHtml } from './html';

function metricCell(metric: MetricView): SafeHtml {
  return metric.value !== null
    ? html`<td>${metric.value.toLocaleString('en-US')}</td>`
    : html`<td><span class="muted" title="${metric.message ?? ''}">unavailable (${metric.unavailableReason ?? 'unknown'})</span></td>`;
}

/** A post's metrics per published delivery, as last read from its network. */
export function metricsSection(metrics: PostMetricsView): SafeHtml {
  const body = metrics.deliveries.length
    ? metrics.deliveries.map(
        (delivery) => html`<h3>${delivery.platform} <code>${delivery.platformPostId}</code></h3>
<p class="muted">${delivery.fetchedAt ? html`Read ${when(delivery.fetchedAt)}` : 'Not read yet: the background refresh reads it within minutes of publishing.'}${delivery.refreshError ? html` Last attempt failed: ${delivery.refreshError}` : null}</p>
${
  delivery.metrics.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Metric</th><th scope="col">Value</th></tr></thead><tbody>${delivery.metrics.map((metric) => html`<tr><td>${metric.name}</td>${metricCell(metric)}</tr>`)}</tbody></table></div>`
    : null
}`,
      )
    : html`<p class="muted">No published delivery yet.</p>`;
  return html`<section class="card" aria-labelledby="metrics-heading"><h2 id="metrics-heading">Metrics</h2>
${body}
</section>`;
}
