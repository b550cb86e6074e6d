import type { DatasetColumnDetail } from '@rama/shared';
import { syncColumns } from './columnSync';
import {
  newCalculatedColumn,
  newMetric,
  type ColumnFields,
  type DatasetDraft,
  type DatasetFields,
  type MetricFields,
} from './datasetDraft';

export type DraftAction =
  | { type: 'fieldsChanged'; fields: Partial<DatasetFields> }
  | { type: 'metricAdded'; key: string }
  | { type: 'metricChanged'; key: string; fields: Partial<MetricFields> }
  | { type: 'metricRemoved'; key: string }
  | { type: 'calculatedColumnAdded'; key: string }
  | { type: 'columnChanged'; key: string; fields: Partial<ColumnFields> }
  | { type: 'columnRemoved'; key: string }
  | { type: 'mainDttmColChosen'; columnName: string | null }
  | { type: 'columnsSynced'; fresh: DatasetColumnDetail[] };

function columnChanged(draft: DatasetDraft, key: string, fields: Partial<ColumnFields>): DatasetDraft {
  const before = draft.columns.find((c) => c.key === key);
  if (!before) return draft;
  let main = draft.main_dttm_col;
  if (before.column_name === main) {
    // the default datetime column follows a rename, and stops being the default when it is no longer temporal
    if (fields.is_dttm === false) main = null;
    else if (fields.column_name !== undefined) main = fields.column_name;
  }
  return { ...draft, main_dttm_col: main, columns: draft.columns.map((c) => (c.key === key ? { ...c, ...fields } : c)) };
}

/** Every change the editor makes to its draft; the rules tying the default datetime column to the columns live here. */
export function draftReducer(draft: DatasetDraft, action: DraftAction): DatasetDraft {
  switch (action.type) {
    case 'fieldsChanged':
      return { ...draft, ...action.fields };
    case 'metricAdded':
      // new items go on top, where the user is looking
      return { ...draft, metrics: [newMetric(action.key), ...draft.metrics] };
    case 'metricChanged':
      return { ...draft, metrics: draft.metrics.map((m) => (m.key === action.key ? { ...m, ...action.fields } : m)) };
    case 'metricRemoved':
      return { ...draft, metrics: draft.metrics.filter((m) => m.key !== action.key) };
    case 'calculatedColumnAdded':
      return { ...draft, columns: [newCalculatedColumn(action.key), ...draft.columns] };
    case 'columnChanged':
      return columnChanged(draft, action.key, action.fields);
    case 'columnRemoved': {
      const removed = draft.columns.find((c) => c.key === action.key);
      const main = removed && removed.column_name === draft.main_dttm_col ? null : draft.main_dttm_col;
      return { ...draft, main_dttm_col: main, columns: draft.columns.filter((c) => c.key !== action.key) };
    }
    case 'mainDttmColChosen':
      // only a temporal column can be the default datetime column
      return {
        ...draft,
        main_dttm_col: action.columnName,
        columns: draft.columns.map((c) => (c.column_name === action.columnName ? { ...c, is_dttm: true } : c)),
      };
    case 'columnsSynced': {
      const { columns } = syncColumns(draft.columns, action.fresh);
      const stillThere = columns.some((c) => c.column_name === draft.main_dttm_col);
      return { ...draft, columns, main_dttm_col: stillThere ? draft.main_dttm_col : null };
    }
  }
}
