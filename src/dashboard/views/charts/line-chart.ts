import { html, SafeHtml } from '../html';
import { categoryLabels, chartFrame, ChartText, coordinate, PLOT, roundedMax } from './chart-frame';

/** One point: its category (a UTC day, YYYY-MM-DD) and its value, null where there is none (no line drawn). */
export interface LinePoint {
  label: string;
  value: number | null;
}

export interface LineChart extends ChartText {
  points: readonly LinePoint[];
  /** The top of the value axis; by default the largest value, rounded up. */
  max?: number;
  /** A value as read (a percentage, milliseconds). */
  format: (value: number) => string;
}

/** Runs of consecutive points with a value: a day without one breaks the line rather than joining across it. */
function runs(points: ReadonlyArray<{ x: number; y: number } | null>): Array<Array<{ x: number; y: number }>> {
  const found: Array<Array<{ x: number; y: number }>> = [];
  let current: Array<{ x: number; y: number }> = [];
  for (const point of points) {
    if (point) current.push(point);
    else if (current.length) {
      found.push(current);
      current = [];
    }
  }
  if (current.length) found.push(current);
  return found;
}

/** A line chart over categories (a rate or a latency per day): a dot per value, with its figure as its title. */
export function lineChart(chart: LineChart): SafeHtml {
  const max = chart.max ?? roundedMax(Math.max(0, ...chart.points.map((point) => point.value ?? 0)));
  const step = PLOT.width / Math.max(chart.points.length, 1);
  const placed = chart.points.map((point, index) =>
    point.value === null
      ? null
      : {
          x: PLOT.x + step * (index + 0.5),
          y: PLOT.y + PLOT.height - (Math.min(point.value, max) / max) * PLOT.height,
          point,
        },
  );
  const lines = runs(placed).map(
    (run) =>
      html`<polyline class="line" points="${run.map((at) => `${coordinate(at.x)},${coordinate(at.y)}`).join(' ')}"></polyline>`,
  );
  const dots = placed.map((at) =>
    at && at.point.value !== null
      ? html`<circle class="dot" cx="${coordinate(at.x)}" cy="${coordinate(at.y)}" r="3" data-label="${at.point.label}" data-value="${at.point.value}"><title>${at.point.label}: ${chart.format(at.point.value)}</title></circle>`
      : null,
  );
  const labels = categoryLabels(
    chart.points.map((point) => point.label),
    7,
    (day) => day.slice(5),
  );
  return chartFrame(chart, html`${lines}${dots}${labels}`, { maxLabel: chart.format(max) });
}
