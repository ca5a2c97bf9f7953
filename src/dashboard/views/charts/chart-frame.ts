import { html, HtmlValue, SafeHtml } from '../html';

/** The drawing area every chart shares (viewBox units; the stylesheet scales the SVG to its box). */
export const FRAME = { width: 600, height: 200, left: 44, right: 8, top: 10, bottom: 24 } as const;
export const PLOT = {
  x: FRAME.left,
  y: FRAME.top,
  width: FRAME.width - FRAME.left - FRAME.right,
  height: FRAME.height - FRAME.top - FRAME.bottom,
} as const;

/** Words a chart is read by: its title and description (named by the SVG), and the id they hang on. */
export interface ChartText {
  /** Unique on the page: the SVG's title and desc ids derive from it. */
  id: string;
  title: string;
  desc: string;
}

/** A coordinate as SVG writes it: at most two decimals, no trailing zeros. */
export function coordinate(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * The smallest "round" number (1, 2 or 5 times a power of ten) at or above `value`, so the axis's
 * top label reads well; 1 for nothing to show.
 */
export function roundedMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * An inline SVG chart: an image named by its <title> and described by its <desc> (a screen reader
 * reads those; the figures are also in the table beside it), no script, no style attribute (the
 * dashboard's CSP refuses those: colours come from the stylesheet's classes). With `maxLabel`, the
 * plot's value axis is drawn, labelled at 0 and at its top.
 */
export function chartFrame(
  text: ChartText,
  content: HtmlValue,
  options: { maxLabel?: string; width?: number; height?: number } = {},
): SafeHtml {
  const bottom = PLOT.y + PLOT.height;
  const axis =
    options.maxLabel === undefined
      ? null
      : html`<line class="axis" x1="${PLOT.x}" y1="${bottom}" x2="${PLOT.x + PLOT.width}" y2="${bottom}"></line>
<line class="grid-line" x1="${PLOT.x}" y1="${PLOT.y}" x2="${PLOT.x + PLOT.width}" y2="${PLOT.y}"></line>
<text class="tick" x="${PLOT.x - 4}" y="${PLOT.y + 4}" text-anchor="end">${options.maxLabel}</text>
<text class="tick" x="${PLOT.x - 4}" y="${bottom}" text-anchor="end">0</text>`;
  return html`<svg class="chart-svg" viewBox="0 0 ${options.width ?? FRAME.width} ${options.height ?? FRAME.height}" role="img" aria-labelledby="${text.id}-title ${text.id}-desc" id="${text.id}">
<title id="${text.id}-title">${text.title}</title><desc id="${text.id}-desc">${text.desc}</desc>
${axis}${content}
</svg>`;
}

/** Labels under the category axis: the last, and every `every`-th before it (a month of days does not fit whole). */
export function categoryLabels(labels: readonly string[], every: number, short: (label: string) => string): SafeHtml {
  const step = PLOT.width / Math.max(labels.length, 1);
  const y = PLOT.y + PLOT.height + 16;
  return html`${labels.map((label, index) =>
    (labels.length - 1 - index) % every === 0
      ? html`<text class="tick" x="${coordinate(PLOT.x + step * (index + 0.5))}" y="${y}" text-anchor="middle">${short(label)}</text>`
      : null,
  )}`;
}
