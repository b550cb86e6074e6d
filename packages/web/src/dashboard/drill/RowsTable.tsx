/** Query rows in an antd table: one column per result column, cells as text (N/A muted). */
import { useMemo } from 'react';
import { Table, type TableProps } from 'antd';
import { detailCellText } from './drillModel';

interface KeyedRow {
  key: number;
  row: Record<string, unknown>;
}

export interface RowsTableProps {
  colnames: string[];
  coltypes: number[];
  data: Record<string, unknown>[];
  /** header text of a column (verbose names) */
  titleOf: (col: string) => string;
  /** the number of the first row shown (row keys stay unique across server pages) */
  offset?: number;
  loading?: boolean;
  pagination: TableProps<KeyedRow>['pagination'];
  /** the height the rows scroll in */
  height: number;
}

export function RowsTable({ colnames, coltypes, data, titleOf, offset = 0, loading, pagination, height }: RowsTableProps) {
  const columns = useMemo(
    (): TableProps<KeyedRow>['columns'] =>
      colnames.map((name, i) => ({
        key: name,
        title: titleOf(name),
        ellipsis: true,
        width: 160,
        render: (_: unknown, { row }: KeyedRow) => {
          const value = row[name];
          const text = detailCellText(value, coltypes[i]);
          return value === null || value === undefined ? <span className="rama-drill-null">{text}</span> : text;
        },
      })),
    [colnames, coltypes, titleOf],
  );
  const rows = useMemo(() => data.map((row, i): KeyedRow => ({ key: offset + i, row })), [data, offset]);
  return (
    <Table<KeyedRow>
      size="small"
      bordered
      loading={loading}
      columns={columns}
      dataSource={rows}
      pagination={pagination}
      scroll={{ x: 'max-content', y: height }}
      tableLayout="fixed"
    />
  );
}
