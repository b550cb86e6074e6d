/**
 * SQL Lab's result grid: 100k+ rows without freezing. TanStack Table holds the columns, sorting
 * and sizing state (its row model stays empty: rows are never copied); TanStack Virtual renders
 * only the rows and columns in view. Sorting orders a memoized permutation of row indexes.
 */
import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Dropdown, Empty, type MenuProps } from 'antd';
import { getCoreRowModel, useReactTable, type ColumnDef, type ColumnSizingState, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { copyToClipboard } from './clipboard';
import { GridHeader, GridRow, HEADER_HEIGHT, ROW_HEIGHT, RowNumbers, type GridRecord } from './GridParts';
import { filteredOrder } from './gridFilter';
import { buildTsv, cellClipboardText, initialColumnWidth, sortedIndexes, tsvRow, type CellValue, type ResultGridColumn } from './gridModel';
import './ResultGrid.css';
import { useTranslation } from 'react-i18next';

export { type CellValue, type ResultGridColumn } from './gridModel';
export { parseResultJson } from './resultJson';

export interface ResultGridProps {
  columns: ResultGridColumn[];
  data: Record<string, CellValue>[];
  height: number | string;
  onCopy?(what: 'cell' | 'row' | 'all', text: string): void;
  emptyText?: string;
  /** Rows a filter keeps (indexes into `data`, see gridFilter.ts); null or absent: every row. */
  rowFilter?: Uint32Array | null;
  /** Text highlighted in the cells (the filter box's text). */
  highlight?: string;
  /** Shown instead of `emptyText` when a filter leaves no row. */
  filteredEmptyText?: string;
}

type CopyWhat = 'cell' | 'row' | 'all';
interface Selection {
  /** displayed row position */
  row: number;
  col: number;
}

const EMPTY_ROWS: GridRecord[] = [];
const ROW_OVERSCAN = 8;

/** Column definitions; the widths come from the first rows of the result the columns arrived with. */
function columnDefsFor(columns: ResultGridColumn[], data: Record<string, CellValue>[]): ColumnDef<GridRecord>[] {
  return columns.map((c, i) => ({
    id: String(i),
    accessorFn: (row: GridRecord) => row[c.name],
    header: c.name,
    size: initialColumnWidth(c, data),
    minSize: 48,
    maxSize: 4000,
  }));
}

/** Where a mouse event landed: the displayed row and column of a body cell, if any. */
function cellAt(target: EventTarget): Selection | null {
  if (!(target instanceof Element)) return null;
  const cell = target.closest<HTMLElement>('[data-col]');
  const row = target.closest<HTMLElement>('[data-row]');
  if (!row) return null;
  return { row: Number(row.dataset.row), col: cell ? Number(cell.dataset.col) : 0 };
}

export function ResultGrid({
  columns,
  data,
  height,
  onCopy,
  emptyText,
  rowFilter = null,
  highlight = '',
  filteredEmptyText,
}: ResultGridProps) {
  const { t } = useTranslation('components');
  const scrollRef = useRef<HTMLDivElement>(null);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnSizing, setColumnSizing] = useState<ColumnSizingState>({});
  const [selected, setSelected] = useState<Selection | null>(null);

  // New columns (another query) start unsorted at default widths; new rows drop the selection.
  const columnsKey = columns.map((c) => `${c.name}\u0000${c.type}`).join('\u0001');
  const [seen, setSeen] = useState(() => ({ columnsKey, data, columnDefs: columnDefsFor(columns, data) }));
  let { columnDefs } = seen;
  const [seenFilter, setSeenFilter] = useState(rowFilter);
  if (seenFilter !== rowFilter) {
    setSelected(null);
    setSeenFilter(rowFilter);
  }
  if (seen.columnsKey !== columnsKey || seen.data !== data) {
    if (seen.columnsKey !== columnsKey) {
      setSorting([]);
      setColumnSizing({});
      columnDefs = columnDefsFor(columns, data);
    }
    setSelected(null);
    setSeen({ columnsKey, data, columnDefs });
  }

  const table = useReactTable({
    data: EMPTY_ROWS,
    columns: columnDefs,
    state: { sorting, columnSizing },
    onSortingChange: (updater) => {
      setSorting(updater);
      setSelected(null);
    },
    onColumnSizingChange: setColumnSizing,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    enableMultiSort: false,
    sortDescFirst: false,
    columnResizeMode: 'onChange',
  });

  const sort = sorting[0];
  const sortName = sort ? columns[Number(sort.id)]?.name : undefined;
  const sortDirection = sort?.desc ? 'desc' : 'asc';
  const sorted = useMemo(
    () => (sortName !== undefined ? sortedIndexes(data, sortName, sortDirection) : null),
    [data, sortName, sortDirection],
  );
  // the displayed rows: the sort order, less the rows the filter drops
  const order = useMemo(() => filteredOrder(sorted, rowFilter, data.length), [sorted, rowFilter, data.length]);
  const count = order ? order.length : data.length;
  const recordAt = useCallback((displayIndex: number) => data[order ? order[displayIndex] : displayIndex], [data, order]);

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const sizeKey = headers.map((h) => h.getSize()).join(',');
  const widths = useMemo(() => (sizeKey ? sizeKey.split(',').map(Number) : []), [sizeKey]);
  const rowNumberWidth = Math.max(44, String(count).length * 8 + 20);
  const totalWidth = rowNumberWidth + widths.reduce((a, b) => a + b, 0);

  const getScrollElement = useCallback(() => scrollRef.current, []);
  const rowVirtualizer = useVirtualizer({
    count,
    getScrollElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: ROW_OVERSCAN,
    paddingStart: HEADER_HEIGHT,
    // render in React's own batch, not inside the scroll event: two virtualizers share one scroller
    // and a synchronous render there forces a second layout when the other reads its offset
    useFlushSync: false,
  });
  const columnKey = useCallback((i: number) => `${i}:${widths[i]}`, [widths]);
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement,
    estimateSize: (i) => widths[i] ?? 120,
    // a new key per width: resizing re-measures without touching the DOM
    getItemKey: columnKey,
    overscan: 2,
    paddingStart: rowNumberWidth,
    useFlushSync: false,
  });
  // Rows are keyed by slot (index modulo the most rows ever rendered at once), not by index, and
  // kept in slot order: a row scrolled out hands its DOM element to the row scrolled in, so
  // scrolling updates text in place instead of creating, moving and removing elements.
  const rendered = rowVirtualizer.getVirtualItems();
  const slots = Math.max(rendered.length, Math.ceil((rowVirtualizer.scrollRect?.height ?? 0) / ROW_HEIGHT) + 1 + 2 * ROW_OVERSCAN, 1);
  const virtualRows = useMemo(() => [...rendered].sort((a, b) => (a.index % slots) - (b.index % slots)), [rendered, slots]);
  const virtualColumns = columnVirtualizer.getVirtualItems();

  const copy = useCallback(
    (what: CopyWhat, at: Selection | null = selected) => {
      let text: string;
      if (what === 'all') text = buildTsv(columns, data, order ?? undefined);
      else if (!at) return;
      else if (what === 'row') text = tsvRow(columns, recordAt(at.row));
      else text = cellClipboardText(recordAt(at.row)?.[columns[at.col]?.name]);
      void copyToClipboard(text).then((ok) => ok && onCopy?.(what, text));
    },
    [columns, data, order, recordAt, onCopy, selected],
  );

  const select = useCallback(
    (next: Selection) => {
      const row = Math.max(0, Math.min(count - 1, next.row));
      const col = Math.max(0, Math.min(columns.length - 1, next.col));
      setSelected({ row, col });
      rowVirtualizer.scrollToIndex(row);
      columnVirtualizer.scrollToIndex(col);
    },
    [count, columns.length, rowVirtualizer, columnVirtualizer],
  );

  const handleMouseDown = (e: MouseEvent<HTMLDivElement>) => {
    const at = cellAt(e.target);
    if (at) setSelected(at);
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'c') {
      // a text selection made with the mouse copies natively
      const text = window.getSelection()?.toString() ?? '';
      if (text || !selected) return;
      e.preventDefault();
      copy('cell');
      return;
    }
    if (!selected) return;
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 280) / ROW_HEIGHT) - 1);
    const move = moves[e.key] ?? (e.key === 'PageDown' ? [page, 0] : e.key === 'PageUp' ? [-page, 0] : null);
    if (move) {
      e.preventDefault();
      select({ row: selected.row + move[0], col: selected.col + move[1] });
    } else if (e.key === 'Escape') setSelected(null);
  };

  const menu: MenuProps = {
    items: [
      { key: 'cell', label: t('grid.copyCell'), disabled: !selected },
      { key: 'row', label: t('grid.copyRow'), disabled: !selected },
      { type: 'divider' },
      { key: 'all', label: t('grid.copyAll', { count }), disabled: count === 0 },
    ],
    onClick: ({ key }) => copy(key as CopyWhat),
  };

  const canvasHeight = HEADER_HEIGHT + count * ROW_HEIGHT;
  return (
    <div className="rama-grid" style={{ height }}>
      <Dropdown menu={menu} trigger={['contextMenu']}>
        <div
          ref={scrollRef}
          className="rama-grid-scroll"
          role="grid"
          aria-rowcount={count + 1}
          aria-colcount={columns.length + 1}
          tabIndex={0}
          onMouseDown={handleMouseDown}
          onContextMenu={handleMouseDown}
          onKeyDown={handleKeyDown}
        >
          <div className="rama-grid-canvas" style={{ width: totalWidth, height: canvasHeight }}>
            <GridHeader
              headers={headers}
              columns={columns}
              virtualColumns={virtualColumns}
              width={totalWidth}
              rowNumberWidth={rowNumberWidth}
              sortKey={sort ? `${sort.id}:${sort.desc}` : ''}
              sizeKey={sizeKey}
            />
            <RowNumbers rows={virtualRows} slots={slots} width={rowNumberWidth} count={count} />
            {virtualRows.map((vr) => (
              <GridRow
                key={vr.index % slots}
                record={recordAt(vr.index)}
                displayIndex={vr.index}
                top={vr.start}
                width={totalWidth}
                columns={columns}
                virtualColumns={virtualColumns}
                selectedColumn={selected && selected.row === vr.index ? selected.col : -1}
                highlight={highlight}
              />
            ))}
          </div>
          {count === 0 && (
            <div className="rama-grid-empty">
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={data.length > 0 ? (filteredEmptyText ?? t('grid.filteredEmpty')) : (emptyText ?? t('grid.empty'))}
              />
            </div>
          )}
        </div>
      </Dropdown>
    </div>
  );
}
