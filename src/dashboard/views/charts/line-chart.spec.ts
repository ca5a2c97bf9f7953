import { lineChart } from './line-chart';

describe('lineChart', () => {
  const svg = lineChart({
    id: 'rate',
    title: 'Success rate',
    desc: 'Per day',
    max: 100,
    format: (value) => `${Math.round(value)} %`,
    points: [
      { label: '2026-11-24', value: 100 },
      { label: '2026-11-25', value: 50 },
      { label: '2026-11-26', value: null },
      { label: '2026-11-27', value: 0 },
    ],
  }).text;

  it('breaks the line at a day without a value instead of joining across it', () => {
    const lines = [...svg.matchAll(/<polyline class="line" points="([^"]+)"/g)].map(
      (match) => match[1]!.split(' ').length,
    );
    expect(lines).toEqual([2, 1]);
  });

  it('puts a dot with its figure on each value, 100 at the top and 0 on the axis', () => {
    const dots = [
      ...svg.matchAll(
        /<circle class="dot" cx="[\d.]+" cy="([\d.]+)" r="3" data-label="([\d-]+)" data-value="(\d+)"><title>([^<]+)<\/title>/g,
      ),
    ];
    expect(dots.map((match) => [match[2], match[3], match[4]])).toEqual([
      ['2026-11-24', '100', '2026-11-24: 100 %'],
      ['2026-11-25', '50', '2026-11-25: 50 %'],
      ['2026-11-27', '0', '2026-11-27: 0 %'],
    ]);
    expect(dots.map((match) => Number(match[1]))).toEqual([10, 93, 176]);
    expect(svg).toContain('>100 %</text>');
  });

  it('tops the axis at the largest value rounded up when no maximum is given', () => {
    const latency = lineChart({
      id: 'l',
      title: 't',
      desc: 'd',
      format: (value) => `${value} ms`,
      points: [{ label: '2026-11-27', value: 130 }],
    }).text;
    expect(latency).toContain('>200 ms</text>');
  });
});
