import type { DatasetListItem, UserRef } from '@rama/shared';
import type { ListFilter } from '../components/listState';
import { t } from '../i18n';

export interface DatasetFilters {
  name: string;
  databaseId: number | null;
  schema: string | null;
  kind: DatasetListItem['kind'] | null;
  /** a custom tag's id (absent: not filtered on) */
  tagId?: number | null;
}

export const NO_DATASET_FILTERS: DatasetFilters = { name: '', databaseId: null, schema: null, kind: null, tagId: null };

/** The rison filters of `GET /api/v1/dataset/`; a tag is `dataset_tag_id`, as the chart list's is `chart_tag_id`. */
export function datasetListFilters(f: DatasetFilters): ListFilter[] {
  const filters: ListFilter[] = [];
  const name = f.name.trim();
  if (name) filters.push({ col: 'table_name', opr: 'ct', value: name });
  if (f.databaseId !== null) filters.push({ col: 'database', opr: 'rel_o_m', value: f.databaseId });
  if (f.schema !== null) filters.push({ col: 'schema', opr: 'eq', value: f.schema });
  // the server's operator: "sql is null or empty" is true for physical datasets
  if (f.kind !== null) filters.push({ col: 'sql', opr: 'dataset_is_null_or_empty', value: f.kind === 'physical' });
  if (f.tagId != null) filters.push({ col: 'tags', opr: 'dataset_tag_id', value: f.tagId });
  return filters;
}

/** Explore on a dataset (README "Charts and Explore"); a viz type (`table` from SQL Lab) when given. */
export function exploreUrlOf(datasetId: number, vizType?: string): string {
  const q = new URLSearchParams({ datasource_type: 'table', datasource_id: String(datasetId) });
  if (vizType) q.set('viz_type', vizType);
  return `/explore/?${q.toString()}`;
}

/** What SQL Lab reads from `location.state.requestedQuery` to open a dataset's SQL in a new tab. */
export interface RequestedQuery {
  datasourceKey: string;
  sql: string;
  dbId: number;
  schema: string | null;
}

/** Only a virtual dataset has SQL to open. */
export function requestedQueryOf(dataset: Pick<DatasetListItem, 'id' | 'kind' | 'sql' | 'database' | 'schema'>): RequestedQuery | null {
  if (dataset.kind !== 'virtual' || !dataset.sql) return null;
  return { datasourceKey: `${dataset.id}__table`, sql: dataset.sql, dbId: dataset.database.id, schema: dataset.schema };
}

export function ownerName(user: UserRef): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || t('datasets:userFallback', { id: user.id });
}

export function initialsOf(user: UserRef): string {
  const letters = [user.first_name, user.last_name].map((part) => part.trim().charAt(0)).filter(Boolean);
  return (letters.join('') || '?').toUpperCase();
}

/** Owners and admins edit a dataset; the server checks again. */
export function canEditDataset(dataset: Pick<DatasetListItem, 'owners'>, userId: number, isAdmin: boolean): boolean {
  return isAdmin || dataset.owners.some((owner) => owner.id === userId);
}
