/**
 * The pivot table: an HTML table with merged header cells (rowSpan / colSpan), totals and
 * subtotals set apart, and a header that stays in view while the body scrolls. Everything it shows
 * was computed by transformProps; this only lays it out.
 */
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartSize } from '../types';
import { crossFilterOf, crossFilterLabel, isSelected, pointFilters, toggleCrossFilter } from '../crossFilter';
import type { PivotHeader, PivotTableChartProps } from './transformProps';
import { nextSort, sortPivotRows, type SortDirection } from './sortRows';
import { useCellInk } from '../table/cellInk';
import './PivotTableChart.css';

/** The sort icon of a column header: its direction, or that it can be sorted. */
const SORT_ICON = { asc: '▲', desc: '▼' } as const;
const SORT_ICON_OFF = '⇅';

const kindClass = (kind: string) => (kind === 'total' ? 'pvt-total' : kind === 'subtotal' ? 'pvt-subtotal' : '');

export function PivotTableChart(props: PivotTableChartProps & ChartSize) {
  const { t } = useTranslation('visualizations');
  const inkOn = useCellInk();
  const { rowDimLabels, colDimLabels, colHeaders, colKinds, totalLabel, width, height, onRendered } = props;
  const { interaction } = props;
  const rowDepth = rowDimLabels.length;
  const colDepth = colDimLabels.length;

  // a click on a column header sorts the rows by that column: ascending, descending, as queried
  const [sort, setSort] = useState<{ column: number; direction: SortDirection } | null>(null);
  const body = useMemo(() => {
    const unsorted = { rowHeaders: props.rowHeaders, rowKinds: props.rowKinds, cells: props.cells };
    return sort && sort.column < colKinds.length ? sortPivotRows(unsorted, rowDepth, sort.column, sort.direction) : unsorted;
  }, [props.rowHeaders, props.rowKinds, props.cells, sort, rowDepth, colKinds.length]);
  const { rowHeaders, rowKinds, cells } = body;
  const sortable = rowDepth > 0;
  const sortIcon = (column: number) => {
    if (!sortable) return null;
    const direction = sort?.column === column ? sort.direction : null;
    const label = direction === 'asc' ? t('pivot.sortedAscending') : direction === 'desc' ? t('pivot.sortedDescending') : t('pivot.sort');
    return (
      <span
        role="button"
        tabIndex={0}
        aria-label={label}
        title={label}
        className={`pvt-sort${direction ? ' pvt-sort-active' : ''}`}
        onClick={(e) => {
          e.stopPropagation();
          setSort((cur) => nextSort(cur, column));
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            setSort((cur) => nextSort(cur, column));
          }
        }}
      >
        {direction ? SORT_ICON[direction] : SORT_ICON_OFF}
      </span>
    );
  };
  const ariaSort = (column: number) =>
    sort?.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : sortable ? 'none' : undefined;
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

  // dashboards: a click on a value header cross-filters on it, a right click drills on it
  const emitCrossFilter = interaction?.emitCrossFilter;
  const onContextMenu = interaction?.onContextMenu;
  const crossFilter = interaction?.crossFilter ?? null;
  const headerProps = (h: PivotHeader) => {
    const filterable = Boolean(emitCrossFilter && h.crossFilter?.length);
    const selected = Boolean(h.crossFilter?.length) && isSelected(crossFilter, h.crossFilter ?? []) === true;
    return {
      className: `${filterable ? ' pvt-filterable' : ''}${selected ? ' pvt-selected' : ''}`,
      onClick:
        filterable && emitCrossFilter && h.crossFilter
          ? () => {
              const values = h.crossFilter ?? [];
              const clicked = crossFilterOf(values);
              if (!clicked) return;
              const next = toggleCrossFilter(crossFilter, clicked);
              emitCrossFilter(next, next ? crossFilterLabel(values) : undefined);
            }
          : undefined,
      onContextMenu:
        onContextMenu && h.filters
          ? (e: MouseEvent) => {
              e.preventDefault();
              onContextMenu({ clientX: e.clientX, clientY: e.clientY, filters: pointFilters(h.filters ?? []) });
            }
          : undefined,
    };
  };

  const colHeaderCell = (h: PivotHeader, level: number, i: number) => {
    const innermost = level + h.depthSpan === colDepth;
    const { className, ...handlers } = headerProps(h);
    // a header over one column sorts by it; a click on it sorts unless it cross-filters (then the icon does)
    const sortColumn = innermost && h.span === 1 && sortable ? h.start : null;
    const onClick = handlers.onClick ?? (sortColumn !== null ? () => setSort((cur) => nextSort(cur, sortColumn)) : undefined);
    return (
      <th
        key={i}
        scope="col"
        {...handlers}
        onClick={onClick}
        aria-sort={sortColumn !== null ? ariaSort(sortColumn) : undefined}
        className={`pvt-col-label ${kindClass(h.kind)}${className}${sortColumn !== null ? ' pvt-sortable' : ''}`}
        colSpan={h.span}
        // the innermost labels also cover the row of row dimension names
        rowSpan={h.depthSpan + (innermost ? labelRow : 0)}
      >
        {h.text}
        {sortColumn !== null && sortIcon(sortColumn)}
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
                  <th
                    key={i}
                    className={`pvt-col-label pvt-total${sortable ? ' pvt-sortable' : ''}`}
                    aria-sort={ariaSort(i)}
                    onClick={sortable ? () => setSort((cur) => nextSort(cur, i)) : undefined}
                  >
                    {totalLabel}
                    {sortIcon(i)}
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
                const { className, ...handlers } = headerProps(h);
                return (
                  <th
                    key={i}
                    scope="row"
                    {...handlers}
                    className={`pvt-row-label ${kindClass(h.kind)}${className}`}
                    rowSpan={h.span}
                    colSpan={h.depthSpan + (innermost ? axisColumn : 0)}
                  >
                    {h.text}
                  </th>
                );
              })}
              {rowDepth === 0 && axisColumn > 0 && <th className="pvt-row-label" />}
              {row.map((c, i) => (
                <td
                  key={i}
                  className={kindClass(colKinds[i])}
                  style={c.background ? { background: c.background, color: inkOn(c.background) } : undefined}
                >
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
