import { percent, rateBarChart } from './rate-bar-chart';

describe('rateBarChart', () => {
  it('says a rate as a whole percentage, and none when there is nothing to rate', () => {
    expect([percent(3, 4), percent(2, 3), percent(0, 5), percent(0, 0)]).toEqual(['75 %', '67 %', '0 %', 'none']);
  });

  it('fills each bar in proportion to its rate, labelled with the rate and its counts', () => {
    const svg = rateBarChart({
      id: 'networks',
      title: 'Delivery success',
      desc: 'Published of ended',
      rows: [
        { label: 'facebook', part: 3, whole: 4 },
        { label: 'x', part: 0, whole: 0 },
      ],
    }).text;
    expect(svg).toContain('data-label="facebook" data-part="3" data-whole="4"');
    expect(svg).toMatch(
      /<rect class="fill" x="90" y="6" width="150" height="16"><title>facebook: 75 % \(3 of 4\)<\/title>/,
    );
    expect(svg).toMatch(/<rect class="fill" x="90" y="34" width="0" height="16"><title>x: none \(0 of 0\)<\/title>/);
    expect(svg).toContain('viewBox="0 0 400 62"');
  });
});
