/**
 * The reply shapes of the saved-chart API (`ChartDetail`, `ChartListItem`): the one place a
 * chart field is chosen to leave the server.
 */
import type { ChartDashboardRef, ChartDetail, ChartListItem, UserRef } from '@rama/shared';
import { humanizeDelta } from '../http/time.js';
import { datasetName, type Users } from '../datasets/present.js';
import type { SliceRow } from '../access/charts.js';
import type { TagRef } from '@rama/shared';

/** The dataset a chart reads, as far as its reply shows it (null when the dataset is gone). */
export type ChartDataset = { id: number; schema: string | null; table_name: string } | null;

export const chartUrl = (id: number): string => `/explore/?slice_id=${id}`;
const datasourceUrl = (row: SliceRow): string => `/explore/?datasource_type=${row.datasource_type}&datasource_id=${row.datasource_id}`;

const userOf = (users: Users, id: number | null): UserRef | null => (id === null ? null : (users.get(id) ?? null));
const ownersOf = (users: Users, ids: number[]): UserRef[] => ids.map((id) => users.get(id)).filter((u): u is UserRef => u !== undefined);

export interface ChartParts {
  row: SliceRow;
  dataset: ChartDataset;
  ownerIds: number[];
  dashboards: ChartDashboardRef[];
  users: Users;
  tags: TagRef[];
  /** the caller's thumbnail address (security/thumbnail-digest.ts), null when thumbnails are off */
  thumbnailUrl?: string | null;
}

export function presentChartDetail({ row, dataset, ownerIds, dashboards, users, tags, thumbnailUrl = null }: ChartParts): ChartDetail {
  return {
    id: row.id,
    uuid: row.uuid,
    slice_name: row.slice_name,
    description: row.description,
    viz_type: row.viz_type,
    params: row.params,
    query_context: row.query_context,
    cache_timeout: row.cache_timeout,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    datasource_id: row.datasource_id,
    datasource_type: row.datasource_type,
    datasource_name_text: dataset ? datasetName(dataset) : null,
    datasource_url: dataset ? datasourceUrl(row) : null,
    url: chartUrl(row.id),
    thumbnail_url: thumbnailUrl,
    is_managed_externally: Boolean(row.is_managed_externally),
    external_url: row.external_url,
    owners: ownersOf(users, ownerIds),
    dashboards,
    tags,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
  };
}

export function presentChartListItem({ row, dataset, ownerIds, dashboards, users, tags, thumbnailUrl = null }: ChartParts): ChartListItem {
  const changedBy = userOf(users, row.changed_by_fk);
  return {
    id: row.id,
    uuid: row.uuid,
    slice_name: row.slice_name,
    description: row.description,
    viz_type: row.viz_type,
    params: row.params,
    cache_timeout: row.cache_timeout,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    datasource_id: row.datasource_id,
    datasource_type: row.datasource_type,
    datasource_name_text: dataset ? datasetName(dataset) : null,
    datasource_url: dataset ? datasourceUrl(row) : null,
    url: chartUrl(row.id),
    thumbnail_url: thumbnailUrl,
    is_managed_externally: Boolean(row.is_managed_externally),
    owners: ownersOf(users, ownerIds),
    dashboards: dashboards.map((d) => ({ id: d.id, dashboard_title: d.dashboard_title })),
    tags,
    created_by: userOf(users, row.created_by_fk),
    changed_by: changedBy,
    changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}`.trim() : '',
    changed_on_utc: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
    created_on_delta_humanized: humanizeDelta(row.created_on),
    last_saved_at: row.last_saved_at,
    last_saved_by: userOf(users, row.last_saved_by_fk),
  };
}
