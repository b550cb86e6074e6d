/**
 * A time table sparkline: a small SVG line, area or bar chart of a row's series, with optional
 * min/max labels; hovering shows the point's time and value (React text).
 */
import { useState } from 'react';
import type { SparkCell } from './transformProps';

const COLOR = '#1FA8C9';
const AXIS_ROOM = 44;

export function Sparkline({ cell }: { cell: SparkCell }) {
  const [hover, setHover] = useState<number | null>(null);
  const { data, width, height, sparkType, showYAxis, yAxisBounds, format, times } = cell;
  const finite = data.filter((v): v is number => v !== null);
  if (finite.length === 0) return <span className="rama-time-table-empty">–</span>;
  const left = showYAxis ? AXIS_ROOM : 2;
  const plotW = Math.max(10, width - left - 2);
  const plotH = Math.max(6, height - 6);
  const lo = Math.min(yAxisBounds[0] ?? Number.POSITIVE_INFINITY, sparkType === 'bar' ? Math.min(0, ...finite) : Math.min(...finite));
  const hi = Math.max(yAxisBounds[1] ?? Number.NEGATIVE_INFINITY, ...finite);
  const span = hi - lo || 1;
  const n = data.length;
  const step = sparkType === 'bar' ? plotW / n : plotW / Math.max(1, n - 1);
  const x = (i: number) => left + (sparkType === 'bar' ? i * step + step / 2 : i * step);
  const y = (v: number) => 3 + plotH - ((v - lo) / span) * plotH;

  let path = '';
  let pen = false;
  data.forEach((v, i) => {
    if (v === null) {
      pen = false;
      return;
    }
    path += `${pen ? 'L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)}`;
    pen = true;
  });
  const firstIndex = data.findIndex((v) => v !== null);
  let lastIndex = n - 1;
  while (lastIndex > 0 && data[lastIndex] === null) lastIndex -= 1;
  const base = y(Math.max(lo, Math.min(hi, 0)));
  const hovered = hover === null ? null : data[hover];

  return (
    <span className="rama-time-table-spark" style={{ width, height }}>
      <svg
        width={width}
        height={height}
        role="img"
        aria-label={`${times[firstIndex] ?? ''} – ${times[lastIndex] ?? ''}`}
        onMouseMove={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          const px = e.clientX - box.left - left;
          const i = sparkType === 'bar' ? Math.floor(px / step) : Math.round(px / step);
          setHover(i >= 0 && i < n ? i : null);
        }}
        onMouseLeave={() => setHover(null)}
      >
        {showYAxis && (
          <g fontSize={9} fill="#8c98a4" textAnchor="end">
            <text x={left - 4} y={y(hi) + 3}>
              {format(hi)}
            </text>
            <text x={left - 4} y={y(lo) + 3}>
              {format(lo)}
            </text>
          </g>
        )}
        {sparkType === 'bar' ? (
          data.map((v, i) =>
            v === null ? null : (
              <rect
                key={i}
                x={x(i) - Math.max(1, step * 0.35)}
                width={Math.max(1, step * 0.7)}
                y={Math.min(y(v), base)}
                height={Math.max(1, Math.abs(base - y(v)))}
                fill={COLOR}
                opacity={hover === i ? 1 : 0.8}
              />
            ),
          )
        ) : (
          <>
            {sparkType === 'area' && firstIndex >= 0 && (
              <path
                d={`${path}L${x(lastIndex).toFixed(1)} ${y(lo).toFixed(1)}L${x(firstIndex).toFixed(1)} ${y(lo).toFixed(1)}Z`}
                fill={COLOR}
                opacity={0.2}
              />
            )}
            <path d={path} fill="none" stroke={COLOR} strokeWidth={1.5} strokeLinejoin="round" />
          </>
        )}
        {hover !== null && hovered !== null && hovered !== undefined && sparkType !== 'bar' && (
          <circle cx={x(hover)} cy={y(hovered)} r={3} fill={COLOR} />
        )}
      </svg>
      {hover !== null && hovered !== null && hovered !== undefined && (
        <span className="rama-time-table-spark-tip" style={{ left: Math.min(x(hover) + 8, width - 90) }}>
          {times[hover]}: <b>{format(hovered)}</b>
        </span>
      )}
    </span>
  );
}
