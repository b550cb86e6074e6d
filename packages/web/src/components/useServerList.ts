import { useCallback, useState } from 'react';
import type { TablePaginationConfig, TableProps } from 'antd';
import { PAGE_SIZE_OPTIONS, applyTableChange, type ListState } from './listState';
import { countOf } from './nouns';

export interface ServerList<T> {
  list: ListState;
  handleTableChange: NonNullable<TableProps<T>['onChange']>;
  /** Back to the first page (a filter changed). */
  resetPage: () => void;
  setPage: (page: number) => void;
  /** The table's pagination for `total` rows; `noun` is [one, many] for the total ("1 dataset"). */
  pagination: (total: number, noun: readonly [string, string]) => TablePaginationConfig;
}

/** Paging and sorting of a list whose rows the server pages and sorts. */
export function useServerList<T>(initial: ListState): ServerList<T> {
  const [list, setList] = useState<ListState>(initial);

  const handleTableChange: ServerList<T>['handleTableChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    setList((prev) =>
      applyTableChange(
        prev,
        { current: pagination.current, pageSize: pagination.pageSize, columnKey: single?.columnKey, order: single?.order },
        initial,
      ),
    );
  };

  const resetPage = useCallback(() => setList((prev) => (prev.page === 0 ? prev : { ...prev, page: 0 })), []);
  const setPage = useCallback((page: number) => setList((prev) => (prev.page === page ? prev : { ...prev, page })), []);

  const pagination = (total: number, noun: readonly [string, string]): TablePaginationConfig => ({
    current: list.page + 1,
    pageSize: list.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showTotal: (count) => countOf(noun, count),
    hideOnSinglePage: false,
  });

  return { list, handleTableChange, resetPage, setPage, pagination };
}
