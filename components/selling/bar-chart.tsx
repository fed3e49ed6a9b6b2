/**
 * A bar chart drawn on the server as SVG: no JavaScript reaches the browser for it. The chart is
 * one image to assistive technology (`role="img"` named by its `<title>` and described by its
 * `<desc>`); each bar carries a `<title>` that pointer users see on hover. The page puts the
 * same figures in a table next to it, which is what screen readers and copy-paste use.
 */

export interface BarChartPoint {
  /** The bucket as shown under its bar (a short date). */
  label: string;
  value: number;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 30, left: 64 };
/** At most this many labels under the bars; the rest are on every n-th bar. */
const MAX_X_LABELS = 8;
/** A few buckets get bars of a readable width, not slabs. */
const MAX_BAR_WIDTH = 48;

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value` (1 for nothing), so the axis reads in round steps. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

export function BarChart({
  id,
  title,
  description,
  points,
  format,
  integer = false,
}: {
  /** A page-unique prefix for the ids that name the image. */
  id: string;
  title: string;
  description: string;
  points: readonly BarChartPoint[];
  /** How a value reads on the axis and in a bar's tooltip (a count, an amount of money). */
  format: (value: number) => string;
  /** Counts: no axis line at a fraction. */
  integer?: boolean;
}) {
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const max = niceCeiling(Math.max(0, ...points.map((point) => point.value)));
  const slot = points.length > 0 ? plotWidth / points.length : plotWidth;
  const barWidth = Math.min(MAX_BAR_WIDTH, Math.max(1, slot * 0.8));
  const labelEvery = Math.max(1, Math.ceil(points.length / MAX_X_LABELS));
  const y = (value: number) => PAD.top + plotHeight - (Math.max(0, value) / max) * plotHeight;
  const ticks = [0, max / 2, max].filter((tick) => !integer || Number.isInteger(tick));
  const round = (n: number) => Math.round(n * 10) / 10;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid={`chart-${id}`}
      style={{ maxWidth: `${WIDTH}px`, height: 'auto', display: 'block' }}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <g fontSize="12" fill="#555">
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={round(y(tick))}
              y2={round(y(tick))}
              stroke={tick === 0 ? '#8a96a3' : '#e1e5ea'}
            />
            <text x={PAD.left - 6} y={round(y(tick)) + 4} textAnchor="end">
              {format(tick)}
            </text>
          </g>
        ))}
        {points.map((point, index) =>
          index % labelEvery === 0 ? (
            <text
              key={`label-${index}`}
              x={round(PAD.left + slot * index + slot / 2)}
              y={HEIGHT - 10}
              textAnchor="middle"
            >
              {point.label}
            </text>
          ) : null,
        )}
      </g>
      <g fill="#1a56a8">
        {points.map((point, index) => {
          const top = y(point.value);
          return (
            <rect
              key={`bar-${index}`}
              x={round(PAD.left + slot * index + (slot - barWidth) / 2)}
              y={round(top)}
              width={round(barWidth)}
              height={round(PAD.top + plotHeight - top)}
            >
              <title>{`${point.label}: ${format(point.value)}`}</title>
            </rect>
          );
        })}
      </g>
    </svg>
  );
}
