import { chartFrame, coordinate, roundedMax } from './chart-frame';

describe('chart frame', () => {
  it('rounds the axis top up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 260, 999].map(roundedMax)).toEqual([1, 1, 5, 10, 10, 20, 500, 1000]);
  });

  it('writes coordinates with at most two decimals', () => {
    expect(coordinate(1 / 3)).toBe('0.33');
    expect(coordinate(12)).toBe('12');
  });

  it('names the image by its title and description, escapes them, and carries no script or style attribute', () => {
    const svg = chartFrame({ id: 'c', title: 'Posts <b>', desc: 'A & B' }, '', { maxLabel: '10' }).text;
    expect(svg).toContain('role="img" aria-labelledby="c-title c-desc"');
    expect(svg).toContain('<title id="c-title">Posts &lt;b&gt;</title><desc id="c-desc">A &amp; B</desc>');
    expect(svg).not.toMatch(/style=|<script|on\w+=/);
    expect(svg).toContain('>10</text>');
  });
});
