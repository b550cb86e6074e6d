import { dashboardPath, type DashboardChart, type DashboardDetail, type DashboardListItem, type TagRef, type UserRef } from '@rama/shared';
import type { DashboardTable, Row } from '../metadata/schema.js';
import type { SliceRow } from '../access/charts.js';
import { humanizeDelta } from '../http/time.js';
import { chartExploreUrl, chartFormData } from '../explore/present.js';
import { lastModifiedTime } from './rules.js';

export type DashboardRow = Row<DashboardTable>;
export type { Users } from '../metadata/repos/users.js';
import type { Users } from '../metadata/repos/users.js';

const userOf = (users: Users, id: number | null): UserRef | null => (id === null ? null : (users.get(id) ?? null));
const nameOf = (u: UserRef | null): string => (u ? `${u.first_name} ${u.last_name}`.trim() : '');
const ownersOf = (users: Users, ids: number[]): UserRef[] => ids.map((id) => users.get(id)).filter((u): u is UserRef => u !== undefined);

export function presentListItem(
  row: DashboardRow,
  ownerIds: number[],
  users: Users,
  now = Date.now(),
  tags: TagRef[] = [],
  thumbnailUrl: string | null = null,
): DashboardListItem {
  const changedBy = userOf(users, row.changed_by_fk);
  return {
    id: row.id,
    uuid: row.uuid,
    dashboard_title: row.dashboard_title,
    slug: row.slug,
    url: dashboardPath(row),
    published: Boolean(row.published),
    status: row.published ? 'published' : 'draft',
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    owners: ownersOf(users, ownerIds),
    created_by: userOf(users, row.created_by_fk),
    changed_by: changedBy,
    changed_by_name: nameOf(changedBy),
    changed_on_utc: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on, now),
    created_on_delta_humanized: humanizeDelta(row.created_on, now),
    thumbnail_url: thumbnailUrl,
    tags,
  };
}

export function presentDetail(
  row: DashboardRow,
  parts: {
    ownerIds: number[];
    users: Users;
    roles: { id: number; name: string }[];
    charts: string[];
    tags?: TagRef[];
    thumbnailUrl?: string | null;
  },
  now = Date.now(),
): DashboardDetail {
  const changedBy = userOf(parts.users, row.changed_by_fk);
  return {
    id: row.id,
    uuid: row.uuid,
    dashboard_title: row.dashboard_title,
    slug: row.slug,
    url: dashboardPath(row),
    position_json: row.position_json,
    json_metadata: row.json_metadata,
    css: row.css,
    published: Boolean(row.published),
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    owners: ownersOf(parts.users, parts.ownerIds),
    roles: parts.roles,
    charts: parts.charts,
    created_by: userOf(parts.users, row.created_by_fk),
    changed_by: changedBy,
    changed_by_name: nameOf(changedBy),
    changed_on: row.changed_on,
    last_modified_time: lastModifiedTime(row.changed_on),
    changed_on_delta_humanized: humanizeDelta(row.changed_on, now),
    created_on_delta_humanized: humanizeDelta(row.created_on, now),
    is_managed_externally: Boolean(row.is_managed_externally),
    external_url: row.external_url,
    thumbnail_url: parts.thumbnailUrl ?? null,
    tags: parts.tags ?? [],
  };
}

export function presentChart(row: SliceRow): DashboardChart {
  return {
    id: row.id,
    uuid: row.uuid,
    slice_name: row.slice_name,
    viz_type: row.viz_type,
    form_data: chartFormData(row),
    query_context: row.query_context,
    slice_url: chartExploreUrl(row.id),
    description: row.description,
    cache_timeout: row.cache_timeout,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    is_managed_externally: Boolean(row.is_managed_externally),
    changed_on: row.changed_on,
  };
}
