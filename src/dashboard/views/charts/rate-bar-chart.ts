import { html, SafeHtml } from '../html';
import { chartFrame, ChartText, coordinate, FRAME } from './chart-frame';

/** One category's rate: `part` of `whole` (no rate when the whole is 0: nothing to rate). */
export interface RateRow {
  label: string;
  part: number;
  whole: number;
}

export interface RateBarChart extends ChartText {
  rows: readonly RateRow[];
}

/** A rate as a whole percentage ("75 %"), or "none" when there is nothing to rate. */
export function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)} %` : 'none';
}

/** Each row's band: the name on the left, the bar (0 to 100 %) from BAR_X, its figures on the right. */
const ROW = { height: 28, bar: 16, top: 6 } as const;
const BAR_X = 90;
const BAR_WIDTH = 200;
/** Narrower than the other charts: it sits in half a row, and its words must stay readable there. */
const WIDTH = 400;

/** Horizontal bars from 0 to 100 %, one per category (a network's success rate), each with its rate and counts. */
export function rateBarChart(chart: RateBarChart): SafeHtml {
  const bars = chart.rows.map((row, index) => {
    const y = ROW.top + ROW.height * index;
    const width = row.whole > 0 ? (row.part / row.whole) * BAR_WIDTH : 0;
    const figures = `${percent(row.part, row.whole)} (${row.part} of ${row.whole})`;
    const middle = coordinate(y + ROW.bar / 2 + 4);
    return html`<g class="rate" data-label="${row.label}" data-part="${row.part}" data-whole="${row.whole}">
<text class="tick" x="4" y="${middle}">${row.label}</text>
<rect class="track" x="${BAR_X}" y="${y}" width="${BAR_WIDTH}" height="${ROW.bar}"></rect>
<rect class="fill" x="${BAR_X}" y="${y}" width="${coordinate(width)}" height="${ROW.bar}"><title>${row.label}: ${figures}</title></rect>
<text class="value" x="${BAR_X + BAR_WIDTH + 8}" y="${middle}">${figures}</text></g>`;
  });
  return chartFrame(chart, bars, {
    width: WIDTH,
    height: Math.max(ROW.height * chart.rows.length + ROW.top, FRAME.top * 3),
  });
}
