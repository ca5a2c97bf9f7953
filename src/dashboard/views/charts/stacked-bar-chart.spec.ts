import { stackedBarChart } from './stacked-bar-chart';

const chart = () =>
  stackedBarChart({
    id: 'posts',
    title: 'Posts per day',
    desc: 'Stacked by status',
    series: [
      { key: 'published', label: 'published' },
      { key: 'failed', label: 'failed' },
    ],
    bars: [
      { label: '2026-11-25', values: { published: 3, failed: 1 } },
      { label: '2026-11-26', values: {} },
      { label: '2026-11-27', values: { failed: 2 } },
    ],
  }).text;

describe('stackedBarChart', () => {
  it('draws one rect per non-zero value, bottom series first, with the figure in its title and data', () => {
    const svg = chart();
    const rects = [
      ...svg.matchAll(
        /<rect class="s-(\w+)" x="([\d.]+)" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" data-series="\w+" data-value="(\d+)"><title>([^<]+)<\/title>/g,
      ),
    ];
    expect(rects.map((match) => [match[1], match[5], match[6]])).toEqual([
      ['published', '3', '2026-11-25: 3 published'],
      ['failed', '1', '2026-11-25: 1 failed'],
      ['failed', '2', '2026-11-27: 2 failed'],
    ]);
    // The axis tops at 5 (4 rounded up): the plot is 166 high, so 3 posts are 99.6 high and the
    // failed one sits on top of them.
    const [published, failed] = rects;
    expect(Number(published![4])).toBeCloseTo((3 / 5) * 166, 1);
    expect(Number(failed![3]) + Number(failed![4])).toBeCloseTo(Number(published![3]), 1);
  });

  it('shows each series total in the legend, and every day (zeros too) in the figures table', () => {
    const svg = chart();
    expect(svg).toContain(
      '<li data-series="published"><span class="swatch s-published"></span>published: <strong>3</strong></li>',
    );
    expect(svg).toContain(
      '<li data-series="failed"><span class="swatch s-failed"></span>failed: <strong>3</strong></li>',
    );
    expect(svg).toContain('<tr><th scope="row">2026-11-26</th><td>0</td><td>0</td></tr>');
    expect(svg).toContain('<tfoot><tr><th scope="row">Total</th><td>3</td><td>3</td></tr></tfoot>');
    expect(svg).toContain('data-label="2026-11-27" data-total="2"');
  });
});
