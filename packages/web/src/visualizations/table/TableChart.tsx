/**
 * The table chart: a sticky-header HTML table whose body rows are virtualized (only the rows in
 * view are in the DOM), so a 10,000-row result draws as fast as a 20-row one. Sorting, search and
 * client pages work on row indexes; under server pagination they become the chart's own state and
 * the host re-queries.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type DragEvent, type MouseEvent } from 'react';
import { Input, Pagination, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import type { ChartSize } from '../types';
import type { CrossFilterValues } from '../crossFilter';
import { pointFilters } from '../crossFilter';
import { isCellSelected, rowDimensionValues, tableCellClick } from './interaction';
import {
  cellBackground,
  cellBar,
  cellText,
  columnWidths,
  isNullish,
  moveColumn,
  rowCountText,
  searchIndexes,
  searchTexts,
  sortIndexes,
  type SortDirection,
} from './tableModel';
import type { TableChartProps, TableColumn } from './types';
import { useCellInk } from './cellInk';
import './TableChart.css';

const ROW_HEIGHT = 32;
const HEADER_HEIGHT = 34;
const TOOLBAR_HEIGHT = 40;
const FOOTER_HEIGHT = 36;
const DRAG_TYPE = 'application/x-rama-column';
const ARROW_ASC = '▲';
const ARROW_DESC = '▼';

interface Sort {
  key: string;
  direction: SortDirection;
}

interface OwnState {
  currentPage?: number;
  pageSize?: number;
  searchText?: string;
  searchColumn?: string;
  sortBy?: { key: string; desc: boolean }[];
}

const nextSort = (sort: Sort | null, key: string): Sort | null =>
  sort?.key !== key ? { key, direction: 'asc' } : sort.direction === 'asc' ? { key, direction: 'desc' } : null;

/** One body or totals cell: its text (N/A muted), bar and conditional background. */
function Cell({
  column,
  value,
  bold,
  filterable,
  selected,
}: {
  column: TableColumn;
  value: unknown;
  bold?: boolean;
  /** a click cross-filters on the value */
  filterable?: boolean;
  /** the value is in the cross-filter */
  selected?: boolean;
}) {
  const nullish = isNullish(value);
  const text = cellText(column, value);
  const bar = column.bar && !nullish ? cellBar(value, column.bar) : null;
  const background = cellBackground(column, value);
  const color = useCellInk()(background);
  const style: CSSProperties = { textAlign: column.align, background, color, fontWeight: bold ? 600 : undefined };
  const className = [filterable ? 'rtc-filterable' : '', selected ? 'rtc-selected' : ''].filter(Boolean).join(' ') || undefined;
  // a conditional colour fills the cell; a bar over it would mix the two (green over red reads
  // olive), so there the bar is a thin opaque strip along the cell's bottom instead
  const barStyle: CSSProperties | null = bar
    ? { left: `${bar.left}%`, width: `${bar.width}%`, background: background ? bar.strip : bar.color }
    : null;
  return (
    <td style={style} title={text} className={className}>
      {barStyle && <div className={background ? 'rtc-bar rtc-bar-strip' : 'rtc-bar'} style={barStyle} />}
      <span className={nullish ? 'rtc-null' : 'rtc-text'}>{text}</span>
    </td>
  );
}

const Row = memo(function Row({
  columns,
  row,
  crossFilter,
  filterable,
}: {
  columns: TableColumn[];
  row: Record<string, unknown>;
  /** the chart's cross-filter (dashboards): selected cells are highlighted */
  crossFilter: CrossFilterValues | null;
  /** cells of cross-filtering columns answer clicks */
  filterable: boolean;
}) {
  return (
    <tr>
      {columns.map((c) => (
        <Cell
          key={c.key}
          column={c}
          value={row[c.key]}
          filterable={filterable && Boolean(c.dimension?.crossFilter)}
          selected={isCellSelected(crossFilter, c, row[c.key])}
        />
      ))}
    </tr>
  );
});

export function TableChart(props: TableChartProps & ChartSize) {
  const { t } = useTranslation('visualizations');
  const { columns, data, totals, pageLength, includeSearch, allowRearrangeColumns, serverPagination, serverPageLength, rowCount } = props;
  const { width, height, onRendered, ownState, setOwnState, interaction } = props;
  const own = (ownState ?? {}) as OwnState;
  const scrollRef = useRef<HTMLDivElement>(null);

  // column order (drag to rearrange) holds only while the columns stay the same set
  const [order, setOrder] = useState<string[] | null>(null);
  const shownColumns = useMemo(() => {
    if (!order || order.length !== columns.length) return columns;
    const byKey = new Map(columns.map((c) => [c.key, c]));
    const ordered = order.map((k) => byKey.get(k));
    return ordered.every(Boolean) ? (ordered as TableColumn[]) : columns;
  }, [columns, order]);

  const [clientSort, setClientSort] = useState<Sort | null>(null);
  const serverSortBy = own.sortBy?.[0];
  const sort: Sort | null = serverPagination
    ? serverSortBy
      ? { key: serverSortBy.key, direction: serverSortBy.desc ? 'desc' : 'asc' }
      : null
    : clientSort;

  const [search, setSearch] = useState(own.searchText ?? '');
  const searchColumnChoices = useMemo(() => columns.filter((c) => c.kind === 'string'), [columns]);
  const [searchColumn, setSearchColumn] = useState<string | undefined>(own.searchColumn ?? searchColumnChoices[0]?.key);
  const debouncedSearch = useDebouncedValue(search, serverPagination ? 500 : 150);
  const [page, setPage] = useState(0);

  // client side: search → sort → page, all as row indexes
  const searching = !serverPagination && debouncedSearch.trim() !== '';
  const texts = useMemo(() => (searching ? searchTexts(data, columns) : null), [searching, data, columns]);
  const filtered = useMemo(() => (texts ? searchIndexes(texts, debouncedSearch) : null), [texts, debouncedSearch]);
  const sortColumn = sort && !serverPagination ? columns.find((c) => c.key === sort.key) : undefined;
  const ordered = useMemo(() => {
    if (!sortColumn || !sort) return filtered;
    const base = filtered ?? Array.from({ length: data.length }, (_, i) => i);
    return sortIndexes(data, base, sortColumn, sort.direction);
  }, [filtered, data, sortColumn, sort?.direction]); // eslint-disable-line react-hooks/exhaustive-deps
  const matched = ordered ? ordered.length : data.length;
  const pageCount = pageLength > 0 ? Math.max(1, Math.ceil(matched / pageLength)) : 1;
  const currentPage = Math.min(page, pageCount - 1);
  const pageStart = pageLength > 0 ? currentPage * pageLength : 0;
  const pageRows = pageLength > 0 ? Math.max(0, Math.min(pageLength, matched - pageStart)) : matched;
  const rowAt = useCallback((i: number) => data[ordered ? ordered[pageStart + i] : pageStart + i], [data, ordered, pageStart]);

  // server side: search, sort and page are the chart's own state; the host runs the new query
  useEffect(() => {
    if (!serverPagination || !setOwnState) return;
    const text = debouncedSearch.trim();
    if ((own.searchText ?? '') === text && (own.searchColumn ?? searchColumn) === searchColumn) return;
    setOwnState({
      ...own,
      searchText: text || undefined,
      searchColumn: text ? searchColumn : undefined,
      currentPage: 0,
      pageSize: own.pageSize ?? serverPageLength,
    });
  }, [debouncedSearch, searchColumn]); // eslint-disable-line react-hooks/exhaustive-deps

  const handleSort = (key: string) => {
    const next = nextSort(sort, key);
    if (serverPagination) {
      setOwnState?.({ ...own, sortBy: next ? [{ key, desc: next.direction === 'desc' }] : undefined, currentPage: 0 });
    } else {
      setClientSort(next);
      setPage(0);
    }
    scrollRef.current?.scrollTo({ top: 0 });
  };

  const handleDragStart = (e: DragEvent, key: string) => {
    e.dataTransfer.setData(DRAG_TYPE, key);
    e.dataTransfer.effectAllowed = 'move';
  };
  const handleDrop = (e: DragEvent, key: string) => {
    const from = e.dataTransfer.getData(DRAG_TYPE);
    if (!from) return;
    e.preventDefault();
    setOrder(
      moveColumn(
        shownColumns.map((c) => c.key),
        from,
        key,
      ),
    );
  };

  const bodyHeight = Math.max(ROW_HEIGHT * 2, height - (includeSearch ? TOOLBAR_HEIGHT : 0) - FOOTER_HEIGHT);
  const widths = useMemo(() => columnWidths(shownColumns, data, Math.max(0, width - 2), 50, totals), [shownColumns, data, width, totals]);
  const tableWidth = widths.reduce((a, b) => a + b, 0);

  const getScrollElement = useCallback(() => scrollRef.current, []);
  const virtualizer = useVirtualizer({
    count: pageRows,
    getScrollElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    paddingStart: HEADER_HEIGHT,
    initialRect: { width, height: bodyHeight },
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length ? items[0].start - HEADER_HEIGHT : 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  // tell the host once the rows for these props are on screen
  const renderedRef = useRef(onRendered);
  useEffect(() => {
    renderedRef.current = onRendered;
  }, [onRendered]);
  useEffect(() => {
    const id = requestAnimationFrame(() => renderedRef.current?.());
    return () => cancelAnimationFrame(id);
  }, [data, columns, totals]);

  // dashboards: a click on a dimension cell cross-filters, a right click drills on the row
  const crossFilter = interaction?.crossFilter ?? null;
  const emitCrossFilter = interaction?.emitCrossFilter;
  const onContextMenu = interaction?.onContextMenu;
  const cellAt = (e: MouseEvent<HTMLElement>): { column: TableColumn; row: Record<string, unknown> } | null => {
    const td = (e.target as HTMLElement).closest('td');
    const tr = td?.parentElement as HTMLTableRowElement | null | undefined;
    if (!td || !tr || tr.parentElement !== e.currentTarget) return null;
    // the rows in view follow a spacer row when the list is scrolled
    const position = tr.sectionRowIndex - (padTop > 0 ? 1 : 0);
    const item = items[position];
    const column = shownColumns[td.cellIndex];
    return item && column ? { column, row: rowAt(item.index) } : null;
  };
  const handleBodyClick = (e: MouseEvent<HTMLElement>) => {
    if (!emitCrossFilter) return;
    const cell = cellAt(e);
    const next = cell && tableCellClick(crossFilter, columns, cell.column, cell.row[cell.column.key]);
    if (next) emitCrossFilter(next.filters, next.label);
  };
  const handleBodyContextMenu = (e: MouseEvent<HTMLElement>) => {
    if (!onContextMenu) return;
    const cell = cellAt(e);
    if (!cell) return;
    e.preventDefault();
    onContextMenu({ clientX: e.clientX, clientY: e.clientY, filters: pointFilters(rowDimensionValues(columns, cell.row)) });
  };

  const serverPage = own.currentPage ?? 0;
  const serverPageSize = own.pageSize ?? serverPageLength;
  const countText =
    !serverPagination && ordered && debouncedSearch.trim()
      ? t('table.matchedOf', { matched: rowCountText(matched), total: rowCountText(data.length) })
      : rowCountText(rowCount);

  return (
    <div className="rama-table-chart" style={{ width, height }}>
      {includeSearch && (
        <div className="rtc-toolbar" style={{ height: TOOLBAR_HEIGHT }}>
          {serverPagination && searchColumnChoices.length > 1 && (
            <Select
              size="small"
              aria-label={t('table.searchColumn')}
              value={searchColumn}
              onChange={setSearchColumn}
              options={searchColumnChoices.map((c) => ({ value: c.key, label: c.label }))}
              style={{ minWidth: 120 }}
            />
          )}
          <Input
            size="small"
            allowClear
            placeholder={t('table.searchPlaceholder', { rows: rowCountText(rowCount) })}
            aria-label={t('common:search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            style={{ maxWidth: 260 }}
          />
        </div>
      )}
      <div className="rtc-scroll" ref={scrollRef} style={{ height: bodyHeight }}>
        <table style={{ width: tableWidth }}>
          <colgroup>
            {widths.map((w, i) => (
              <col key={shownColumns[i].key} style={{ width: w }} />
            ))}
          </colgroup>
          <thead>
            <tr style={{ height: HEADER_HEIGHT }}>
              {shownColumns.map((c) => {
                const dir = sort?.key === c.key ? sort.direction : null;
                return (
                  <th
                    key={c.key}
                    className={`rtc-align-${c.align}`}
                    aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                    draggable={allowRearrangeColumns}
                    onDragStart={allowRearrangeColumns ? (e) => handleDragStart(e, c.key) : undefined}
                    onDragOver={allowRearrangeColumns ? (e) => e.preventDefault() : undefined}
                    onDrop={allowRearrangeColumns ? (e) => handleDrop(e, c.key) : undefined}
                  >
                    <button type="button" className="rtc-sort" onClick={() => handleSort(c.key)} title={c.label}>
                      <span className="rtc-label">{c.label}</span>
                      <span className={dir ? 'rtc-arrow rtc-arrow-on' : 'rtc-arrow'} aria-hidden>
                        {dir === 'desc' ? ARROW_DESC : ARROW_ASC}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody onClick={emitCrossFilter ? handleBodyClick : undefined} onContextMenu={onContextMenu ? handleBodyContextMenu : undefined}>
            {padTop > 0 && <tr style={{ height: padTop }} aria-hidden />}
            {items.map((it) => (
              <Row
                key={it.index}
                columns={shownColumns}
                row={rowAt(it.index)}
                crossFilter={crossFilter}
                filterable={Boolean(emitCrossFilter)}
              />
            ))}
            {padBottom > 0 && <tr style={{ height: padBottom }} aria-hidden />}
          </tbody>
          {totals && (
            <tfoot>
              <tr className="rtc-totals">
                {shownColumns.map((c, i) => {
                  // dimensions have no total: the first one carries the row's name, the others stay blank
                  if (!(c.key in totals)) return <td key={c.key}>{i === 0 ? <strong>{t('table.summary')}</strong> : null}</td>;
                  return <Cell key={c.key} column={{ ...c, bar: null, colorFormatters: [] }} value={totals[c.key]} bold />;
                })}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      <div className="rtc-footer" style={{ height: FOOTER_HEIGHT }}>
        <span className="rtc-count">{countText}</span>
        {serverPagination
          ? rowCount > serverPageSize && (
              <Pagination
                size="small"
                simple
                current={serverPage + 1}
                pageSize={serverPageSize}
                total={rowCount}
                showSizeChanger={false}
                onChange={(p) => setOwnState?.({ ...own, currentPage: p - 1, pageSize: serverPageSize })}
              />
            )
          : pageLength > 0 &&
            matched > pageLength && (
              <Pagination
                size="small"
                simple
                current={currentPage + 1}
                pageSize={pageLength}
                total={matched}
                showSizeChanger={false}
                onChange={(p) => {
                  setPage(p - 1);
                  scrollRef.current?.scrollTo({ top: 0 });
                }}
              />
            )}
      </div>
    </div>
  );
}
