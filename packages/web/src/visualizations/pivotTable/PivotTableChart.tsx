/**
 * The pivot table: an HTML table with merged header cells (rowSpan / colSpan), totals and
 * subtotals set apart, and a header that stays in view while the body scrolls. Everything it shows
 * was computed by transformProps; this only lays it out.
 */
import { useEffect, useRef } from 'react';
import type { ChartSize } from '../types';
import type { PivotHeader, PivotTableChartProps } from './transformProps';
import './PivotTableChart.css';

const kindClass = (kind: string) => (kind === 'total' ? 'pvt-total' : kind === 'subtotal' ? 'pvt-subtotal' : '');

export function PivotTableChart(props: PivotTableChartProps & ChartSize) {
  const { rowDimLabels, colDimLabels, colHeaders, rowHeaders, rowKinds, colKinds, cells, totalLabel, width, height, onRendered } = props;
  const rowDepth = rowDimLabels.length;
  const colDepth = colDimLabels.length;
  // the last row header reaches into the column of the column dimension names
  const axisColumn = colDepth > 0 ? 1 : 0;
  const labelRow = rowDepth > 0 ? 1 : 0;

  const renderedRef = useRef(onRendered);
  useEffect(() => {
    renderedRef.current = onRendered;
  }, [onRendered]);
  useEffect(() => {
    const id = requestAnimationFrame(() => renderedRef.current?.());
    return () => cancelAnimationFrame(id);
  }, [cells, colHeaders, rowHeaders]);

  const colHeaderCell = (h: PivotHeader, level: number, i: number) => {
    const innermost = level + h.depthSpan === colDepth;
    return (
      <th
        key={i}
        scope="col"
        className={`pvt-col-label ${kindClass(h.kind)}`}
        colSpan={h.span}
        // the innermost labels also cover the row of row dimension names
        rowSpan={h.depthSpan + (innermost ? labelRow : 0)}
      >
        {h.text}
      </th>
    );
  };

  return (
    <div className="rama-pivot" style={{ width, height }}>
      <table>
        <thead>
          {colHeaders.map((level, l) => (
            <tr key={l}>
              {l === 0 && rowDepth > 0 && <th className="pvt-corner" colSpan={rowDepth} rowSpan={colDepth} />}
              <th className="pvt-axis-label" scope="row">
                {colDimLabels[l]}
              </th>
              {level.map((h, i) => colHeaderCell(h, l, i))}
            </tr>
          ))}
          {rowDepth > 0 && (
            <tr>
              {rowDimLabels.map((label, i) => (
                <th key={i} className="pvt-axis-label" scope="col">
                  {label}
                </th>
              ))}
              {colDepth > 0 && <th className="pvt-axis-label" />}
              {colDepth === 0 &&
                colKinds.map((_, i) => (
                  <th key={i} className="pvt-col-label pvt-total">
                    {totalLabel}
                  </th>
                ))}
            </tr>
          )}
        </thead>
        <tbody>
          {cells.map((row, r) => (
            <tr key={r} className={kindClass(rowKinds[r])}>
              {rowHeaders[r].map((h, i) => {
                const innermost = h.level + h.depthSpan === rowDepth;
                return (
                  <th
                    key={i}
                    scope="row"
                    className={`pvt-row-label ${kindClass(h.kind)}`}
                    rowSpan={h.span}
                    colSpan={h.depthSpan + (innermost ? axisColumn : 0)}
                  >
                    {h.text}
                  </th>
                );
              })}
              {rowDepth === 0 && axisColumn > 0 && <th className="pvt-row-label" />}
              {row.map((c, i) => (
                <td key={i} className={kindClass(colKinds[i])} style={c.background ? { background: c.background } : undefined}>
                  {c.text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
