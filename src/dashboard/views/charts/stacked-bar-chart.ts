import { html, SafeHtml } from '../html';
import { categoryLabels, chartFrame, ChartText, coordinate, PLOT, roundedMax } from './chart-frame';

/** One series of the stack: its key (also its colour's class, `s-<key>`) and its label. */
export interface StackSeries {
  key: string;
  label: string;
}

/** One bar: its category (a UTC day, YYYY-MM-DD) and each series' value there (absent is 0). */
export interface StackBar {
  label: string;
  values: Readonly<Record<string, number>>;
}

export interface StackedBarChart extends ChartText {
  series: readonly StackSeries[];
  bars: readonly StackBar[];
}

const total = (bar: StackBar) => Object.values(bar.values).reduce((sum, value) => sum + value, 0);
const monthDay = (day: string) => day.slice(5);

/** Bars by category, each stacked by series in the order given (bottom first). */
function bars(chart: StackedBarChart, max: number): SafeHtml {
  const step = PLOT.width / Math.max(chart.bars.length, 1);
  const width = Math.max(step * 0.7, 1);
  const bottom = PLOT.y + PLOT.height;
  return html`${chart.bars.map((bar, index) => {
    let stacked = 0;
    const x = coordinate(PLOT.x + step * index + (step - width) / 2);
    return html`<g class="bar" data-label="${bar.label}" data-total="${total(bar)}">${chart.series.map((series) => {
      const value = bar.values[series.key] ?? 0;
      if (value <= 0) return null;
      const height = (value / max) * PLOT.height;
      stacked += height;
      return html`<rect class="s-${series.key}" x="${x}" y="${coordinate(bottom - stacked)}" width="${coordinate(width)}" height="${coordinate(height)}" data-series="${series.key}" data-value="${value}"><title>${bar.label}: ${value} ${series.label}</title></rect>`;
    })}</g>`;
  })}`;
}

/** The figures as a table: one row per category, one column per series, and the totals. */
function figures(chart: StackedBarChart): SafeHtml {
  const sums = chart.series.map((series) => chart.bars.reduce((sum, bar) => sum + (bar.values[series.key] ?? 0), 0));
  return html`<details class="chart-figures"><summary>The figures</summary><div class="table-wrap"><table id="${chart.id}-table">
<thead><tr><th scope="col">Day (UTC)</th>${chart.series.map((series) => html`<th scope="col">${series.label}</th>`)}</tr></thead>
<tbody>${chart.bars.map((bar) => html`<tr><th scope="row">${bar.label}</th>${chart.series.map((series) => html`<td>${bar.values[series.key] ?? 0}</td>`)}</tr>`)}</tbody>
<tfoot><tr><th scope="row">Total</th>${sums.map((sum) => html`<td>${sum}</td>`)}</tr></tfoot>
</table></div></details>`;
}

/** The legend, with each series' total (the chart's figures in one line, for every reader). */
function legend(chart: StackedBarChart): SafeHtml {
  return html`<ul class="legend">${chart.series.map((series) => {
    const sum = chart.bars.reduce((value, bar) => value + (bar.values[series.key] ?? 0), 0);
    return html`<li data-series="${series.key}"><span class="swatch s-${series.key}"></span>${series.label}: <strong>${sum}</strong></li>`;
  })}</ul>`;
}

/** A stacked bar chart (posts per day by status), with its legend and its figures. */
export function stackedBarChart(chart: StackedBarChart): SafeHtml {
  const max = roundedMax(Math.max(0, ...chart.bars.map(total)));
  return html`<figure class="chart">
${chartFrame(
  chart,
  html`${bars(chart, max)}${categoryLabels(
    chart.bars.map((bar) => bar.label),
    7,
    monthDay,
  )}`,
  { maxLabel: `${max}` },
)}
<figcaption>${legend(chart)}</figcaption>
${figures(chart)}
</figure>`;
}
