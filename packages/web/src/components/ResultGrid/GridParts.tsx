/** Rows and header of the result grid. Rows are memoized: scrolling mounts only the rows coming into view. */
import { memo } from 'react';
import type { Header } from '@tanstack/react-table';
import type { VirtualItem } from '@tanstack/react-virtual';
import { CaretDownFilled, CaretUpFilled } from '@ant-design/icons';
import { highlightParts } from './gridFilter';
import { formatCell, isProbablyTruncated, renderedText, type CellValue, type ResultGridColumn } from './gridModel';
import { t } from '../../i18n';

export const ROW_HEIGHT = 28;
export const HEADER_HEIGHT = 44;

export type GridRecord = Record<string, CellValue>;

interface GridRowProps {
  record: GridRecord;
  /** position in the displayed (sorted) order */
  displayIndex: number;
  top: number;
  width: number;
  columns: readonly ResultGridColumn[];
  virtualColumns: VirtualItem[];
  /** the selected column in this row, or -1 */
  selectedColumn: number;
  /** filter text to highlight in the cells ('' for none) */
  highlight: string;
}

/** A cell's text with the filter's matches marked. */
function CellText({ text, highlight }: { text: string; highlight: string }) {
  const shown = renderedText(text);
  if (!highlight) return shown;
  const parts = highlightParts(shown, highlight);
  if (parts.length === 1 && !parts[0].match) return shown;
  return (
    <>
      {parts.map((p, i) =>
        p.match ? (
          <mark key={i} className="rama-grid-match">
            {p.text}
          </mark>
        ) : (
          p.text
        ),
      )}
    </>
  );
}

export const GridRow = memo(function GridRow({
  record,
  displayIndex,
  top,
  width,
  columns,
  virtualColumns,
  selectedColumn,
  highlight,
}: GridRowProps) {
  return (
    <div
      className={displayIndex % 2 === 1 ? 'rama-grid-row is-odd' : 'rama-grid-row'}
      role="row"
      aria-rowindex={displayIndex + 2}
      data-row={displayIndex}
      style={{ transform: `translateY(${top}px)`, width }}
    >
      {virtualColumns.map((vc) => {
        const { text, kind } = formatCell(record[columns[vc.index].name]);
        // a class name, not a text
        // eslint-disable-next-line i18next/no-literal-string
        const className = `rama-grid-cell is-${kind}${vc.index === selectedColumn ? ' is-selected' : ''}`;
        return (
          <div
            key={vc.key}
            className={className}
            role="gridcell"
            aria-colindex={vc.index + 2}
            aria-selected={vc.index === selectedColumn || undefined}
            data-col={vc.index}
            style={{ left: vc.start, width: vc.size }}
            title={kind !== 'null' && isProbablyTruncated(text, vc.size) ? text.slice(0, 10_000) : undefined}
          >
            {kind === 'null' ? text : <CellText text={text} highlight={highlight} />}
          </div>
        );
      })}
    </div>
  );
});

/**
 * The row-number column: one sticky element holding every visible number. (A sticky cell per
 * row would give the compositor one layer per row to update on every scroll frame.)
 */
export function RowNumbers({ rows, slots, width, count }: { rows: VirtualItem[]; slots: number; width: number; count: number }) {
  return (
    <div className="rama-grid-rownums" aria-hidden="true" style={{ width, height: count * ROW_HEIGHT }}>
      {rows.map((vr) => (
        <div key={vr.index % slots} className="rama-grid-rownum" style={{ transform: `translateY(${vr.start - HEADER_HEIGHT}px)` }}>
          {vr.index + 1}
        </div>
      ))}
    </div>
  );
}

interface GridHeaderProps {
  headers: Header<GridRecord, unknown>[];
  columns: readonly ResultGridColumn[];
  virtualColumns: VirtualItem[];
  width: number;
  rowNumberWidth: number;
  /** re-render triggers: the header reads sort and size state through `headers` */
  sortKey: string;
  sizeKey: string;
}

export const GridHeader = memo(function GridHeader({ headers, columns, virtualColumns, width, rowNumberWidth }: GridHeaderProps) {
  return (
    <div className="rama-grid-header" role="row" aria-rowindex={1} style={{ width, height: HEADER_HEIGHT }}>
      <div className="rama-grid-corner" style={{ width: rowNumberWidth }} />
      {virtualColumns.map((vc) => {
        const header = headers[vc.index];
        const column = columns[vc.index];
        const sorted = header.column.getIsSorted();
        return (
          <div
            key={vc.key}
            className={`rama-grid-hcell${sorted ? ' is-sorted' : ''}${header.column.getIsResizing() ? ' is-resizing' : ''}`}
            role="columnheader"
            aria-colindex={vc.index + 2}
            aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
            style={{ left: vc.start, width: vc.size }}
            onClick={header.column.getToggleSortingHandler()}
            title={t('components:grid.clickToSort', { name: column.name, type: column.type })}
          >
            <div className="rama-grid-hname">
              <span className="rama-grid-hlabel">{column.name}</span>
              {sorted === 'asc' && <CaretUpFilled className="rama-grid-sort" aria-label={t('components:grid.sortedAsc')} />}
              {sorted === 'desc' && <CaretDownFilled className="rama-grid-sort" aria-label={t('components:grid.sortedDesc')} />}
            </div>
            <div className="rama-grid-htype">{column.type}</div>
            <div
              className="rama-grid-resizer"
              role="separator"
              aria-orientation="vertical"
              aria-label={t('components:grid.resize', { name: column.name })}
              onMouseDown={header.getResizeHandler()}
              onTouchStart={header.getResizeHandler()}
              onClick={(e) => e.stopPropagation()}
              onDoubleClick={(e) => {
                e.stopPropagation();
                header.column.resetSize();
              }}
            />
          </div>
        );
      })}
    </div>
  );
});
