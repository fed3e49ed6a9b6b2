import { renderToStaticMarkup } from 'react-dom/server';
import { BarChart, niceCeiling } from './bar-chart';

describe('server-drawn bar chart', () => {
  it('rounds the axis up to 1, 2 or 5 × 10ⁿ', () => {
    expect([0, 1, 3, 7, 10, 11, 1999, 2001].map(niceCeiling)).toEqual([1, 1, 5, 10, 10, 20, 2000, 5000]);
    expect(niceCeiling(-5)).toBe(1);
  });

  it('is one named and described image with a bar per bucket, a tooltip each, and no script', () => {
    const svg = renderToStaticMarkup(
      <BarChart
        id="sales"
        integer
        title="Sales"
        description="Sales per day: 4 in total."
        points={[
          { label: '1 Mar', value: 1 },
          { label: '2 Mar', value: 0 },
          { label: '3 Mar', value: 3 },
        ]}
        format={(value) => `${value} sold`}
      />,
    );
    expect(svg).toMatch(/^<svg [^>]*role="img"[^>]*aria-labelledby="sales-title sales-desc"/);
    expect(svg).toContain(
      '<title id="sales-title">Sales</title><desc id="sales-desc">Sales per day: 4 in total.</desc>',
    );
    expect(svg.match(/<rect /g)).toHaveLength(3);
    expect(svg).toContain('<title>3 Mar: 3 sold</title>');
    // Counts get no axis line at a fraction (the top is 5: 0 and 5 only).
    expect(svg).toContain('>0 sold</text>');
    expect(svg).toContain('>5 sold</text>');
    expect(svg).not.toContain('2.5 sold');
    expect(svg).not.toContain('<script');
  });

  it('draws an empty period as a baseline without bars above it', () => {
    const svg = renderToStaticMarkup(
      <BarChart
        id="d"
        title="Downloads"
        description="None."
        points={[{ label: 'a', value: 0 }]}
        format={String}
        integer
      />,
    );
    expect(svg).toContain('height="0"');
  });
});
