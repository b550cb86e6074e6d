import { useState, type Key } from 'react';
import type { TableProps } from 'antd';
import { toClientError } from '../core/api';
import { useToasts } from '../core/hooks';
import { pageAfterRemoval, type ListState } from './listState';
import { t } from '../i18n';
import { selectionPhrase } from './nouns';

/** What an RTK Query mutation resolves to. */
type Outcome<T> = { data?: T; error?: unknown };

interface RowDeletionOptions<T> {
  list: ListState;
  total: number;
  setPage: (page: number) => void;
  idOf: (row: T) => number;
  nameOf: (row: T) => string;
  /** "the selected datasets", for the failure toast */
  selectedText: string;
  deleteOne: (id: number) => PromiseLike<Outcome<unknown>>;
  deleteMany: (ids: number[]) => PromiseLike<Outcome<{ message: string }>>;
}

/**
 * A server-paged list's row selection and deletes (one row, or the selection in bulk), with the
 * toasts and the page kept in range after rows go away.
 */
export function useRowDeletion<T>({ list, total, setPage, idOf, nameOf, selectedText, deleteOne, deleteMany }: RowDeletionOptions<T>) {
  const { addSuccessToast, addDangerToast } = useToasts();
  const [selectedIds, setSelectedIds] = useState<number[]>([]);

  const deleteRow = async (row: T) => {
    const result = await deleteOne(idOf(row));
    if (result.error) {
      addDangerToast(t('components:delete.couldNot', { name: nameOf(row), error: toClientError(result.error).message }));
      return;
    }
    addSuccessToast(t('components:delete.done', { name: nameOf(row) }));
    setSelectedIds((ids) => ids.filter((id) => id !== idOf(row)));
    setPage(pageAfterRemoval(list, total, 1));
  };

  const deleteSelected = async () => {
    const result = await deleteMany(selectedIds);
    if (result.error || !result.data) {
      addDangerToast(t('components:delete.couldNot', { name: selectionPhrase(selectedText), error: toClientError(result.error).message }));
      return;
    }
    addSuccessToast(result.data.message);
    setPage(pageAfterRemoval(list, total, selectedIds.length));
    setSelectedIds([]);
  };

  /** The table's row selection when the user may delete; none otherwise. */
  const rowSelection = (canDelete: boolean): TableProps<T>['rowSelection'] =>
    canDelete
      ? { selectedRowKeys: selectedIds, onChange: (keys: Key[]) => setSelectedIds(keys.map(Number)), preserveSelectedRowKeys: true }
      : undefined;

  /** A card view's checkbox: the row joins or leaves the selection the table shows. */
  const toggleSelected = (id: number, selected: boolean) =>
    setSelectedIds((ids) => (selected ? [...ids, id] : ids.filter((x) => x !== id)));

  return { selectedIds, clearSelection: () => setSelectedIds([]), toggleSelected, deleteRow, deleteSelected, rowSelection };
}
