/**
 * The time-series table: a row per metric or group with its label (a link when the URL control
 * makes one), then the configured columns. A click on a header sorts by it (again: the other
 * way). Every cell is React text or a small SVG, never HTML.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChartSize } from '../types';
import { Sparkline } from './Sparkline';
import type { TimeTableProps } from './transformProps';
import './TimeTableChart.css';

export function TimeTableChart({ columns, rows, width, height, onRendered }: TimeTableProps & ChartSize) {
  const [sort, setSort] = useState<{ index: number; desc: boolean } | null>(null);
  const rendered = useRef(onRendered);
  useEffect(() => {
    rendered.current = onRendered;
  }, [onRendered]);
  useEffect(() => {
    const frame = requestAnimationFrame(() => rendered.current?.());
    return () => cancelAnimationFrame(frame);
  }, [columns, rows]);

  const sorted = useMemo(() => {
    if (!sort) return rows;
    const dir = sort.desc ? -1 : 1;
    return [...rows].sort((a, b) => {
      if (sort.index < 0) return dir * a.label.localeCompare(b.label, undefined, { numeric: true });
      const x = a.cells[sort.index]?.sortValue ?? null;
      const y = b.cells[sort.index]?.sortValue ?? null;
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return dir * (x - y);
    });
  }, [rows, sort]);

  const header = (label: string, index: number, tooltip = '', spark = false) => {
    const active = sort?.index === index;
    const classes = [active ? (sort.desc ? 'is-sorted-desc' : 'is-sorted-asc') : '', spark ? 'is-spark' : ''].filter(Boolean).join(' ');
    return (
      <th
        key={index}
        title={tooltip || undefined}
        className={classes || undefined}
        aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}
        onClick={() => setSort(active ? { index, desc: !sort.desc } : { index, desc: index >= 0 })}
      >
        {label}
      </th>
    );
  };

  return (
    <div className="rama-time-table" style={{ width, height }}>
      <table>
        <thead>
          <tr>
            {header('', -1)}
            {columns.map((c, i) => header(c.label, i, c.tooltip, c.spark))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((r, i) => (
            <tr key={`${r.label}-${i}`}>
              <td className="rama-time-table-label">
                {r.href ? (
                  <a href={r.href} target="_blank" rel="noopener noreferrer">
                    {r.label}
                  </a>
                ) : (
                  r.label
                )}
              </td>
              {r.cells.map((cell, j) =>
                cell.kind === 'spark' ? (
                  <td key={columns[j]?.key ?? j} className="rama-time-table-spark-cell">
                    <Sparkline cell={cell} />
                  </td>
                ) : (
                  <td
                    key={columns[j]?.key ?? j}
                    className="rama-time-table-value"
                    data-value={cell.value ?? undefined}
                    style={cell.color ? { color: cell.color } : undefined}
                  >
                    {cell.text}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
